import { z } from 'zod';
import {
  mailDeliverySchema,
  outboxEmailSchema,
  outboxIdParams,
  outboxPageSchema,
  revealResponse,
  testEmailResponse,
} from '../../../shared/api/outbox';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { mailDelivery, outboxPage, resendEmail, revealPassword, sendTestEmail } from './service';

const admin = { minRole: 'admin' } as const;

/**
 * The e-mail outbox, readable by admins: without SMTP the e-mails wait here (ARCHITECTURE.md). Secrets
 * in e-mails are masked; an invitation's temporary password may be revealed once (decision 0053).
 */
export async function outboxRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/admin/outbox',
    {
      config: { policy: admin },
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(25),
          cursor: z.string().max(100).optional(),
          recipient: z.string().max(320).optional(),
        }),
        response: { 200: outboxPageSchema },
      },
    },
    async (request) => outboxPage(ctx, request.query),
  );

  app.post(
    '/api/admin/outbox/:id/reveal',
    { config: { policy: admin }, schema: { params: outboxIdParams, response: { 200: revealResponse } } },
    // The password is for this admin's eyes once: never kept by a cache.
    async (request, reply) => reply.header('cache-control', 'no-store').send(await revealPassword(ctx, request.user!, request.params.id)),
  );

  app.get('/api/admin/outbox/delivery', { config: { policy: admin }, schema: { response: { 200: mailDeliverySchema } } }, async () =>
    mailDelivery(ctx),
  );

  app.post(
    '/api/admin/outbox/:id/resend',
    { config: { policy: admin }, schema: { params: outboxIdParams, response: { 200: outboxEmailSchema } } },
    async (request) => resendEmail(ctx, request.params.id),
  );

  app.post(
    '/api/admin/outbox/test-email',
    { config: { policy: admin }, schema: { response: { 200: testEmailResponse } } },
    async (request) => sendTestEmail(ctx, request.user!),
  );
}
