import { and, eq, sql } from 'drizzle-orm';
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
import { pendingEmails } from '../../platform/db/schema';
import { cursorOf, keysetPage, newestFirst, olderThan, parseCursor } from '../../platform/db/keyset';
import { countQueued, mailDelivery, presentEmail, resendEmail, revealableSql, revealPassword, sendTestEmail } from './service';

const admin = { minRole: 'admin' } as const;

/**
 * The e-mail outbox, readable by admins: without SMTP the e-mails wait here (DESIGN 1). Secrets
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
    async (request) => {
      const { limit, recipient } = request.query;
      const cursor = parseCursor(request.query.cursor);
      const conditions = [];
      if (recipient) conditions.push(eq(sql`lower(${pendingEmails.recipient})`, recipient.toLowerCase()));
      if (cursor) conditions.push(olderThan(pendingEmails.createdAt, pendingEmails.id, cursor));
      const [rows, queued] = await Promise.all([
        ctx.db
          .select({ e: pendingEmails, canReveal: revealableSql, cursor: cursorOf(pendingEmails.createdAt, pendingEmails.id) })
          .from(pendingEmails)
          .where(conditions.length ? and(...conditions) : undefined)
          .orderBy(...newestFirst(pendingEmails.createdAt, pendingEmails.id))
          .limit(limit + 1),
        countQueued(ctx.db),
      ]);
      const { page, nextCursor } = keysetPage(rows, limit);
      return { items: page.map(({ e, canReveal }) => presentEmail(e, !!canReveal)), nextCursor, queued };
    },
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
