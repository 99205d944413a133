import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { pendingEmails } from '../../platform/db/schema';
import { cursorOf, keysetPage, newestFirst, olderThan, parseCursor } from '../../platform/db/keyset';

const emailSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  actionUrl: z.string().nullable(),
  actionText: z.string().nullable(),
  sent: z.boolean(),
  sentAt: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});

/** The e-mail outbox, readable by admins: without SMTP the e-mails wait here (DESIGN 1). */
export async function outboxRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/admin/outbox',
    {
      config: { policy: { minRole: 'admin' } },
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(25),
          cursor: z.string().max(100).optional(),
          recipient: z.string().max(320).optional(),
        }),
        response: {
          200: z.object({ items: z.array(emailSchema), nextCursor: z.string().nullable(), queued: z.number() }),
        },
      },
    },
    async (request) => {
      const { limit, recipient } = request.query;
      const cursor = parseCursor(request.query.cursor);
      const conditions = [];
      if (recipient) conditions.push(eq(sql`lower(${pendingEmails.recipient})`, recipient.toLowerCase()));
      if (cursor) conditions.push(olderThan(pendingEmails.createdAt, pendingEmails.id, cursor));
      const [rows, [queued]] = await Promise.all([
        ctx.db
          .select({ e: pendingEmails, cursor: cursorOf(pendingEmails.createdAt, pendingEmails.id) })
          .from(pendingEmails)
          .where(conditions.length ? and(...conditions) : undefined)
          .orderBy(...newestFirst(pendingEmails.createdAt, pendingEmails.id))
          .limit(limit + 1),
        ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(pendingEmails)
          .where(eq(pendingEmails.sent, false)),
      ]);
      const { page, nextCursor } = keysetPage(rows, limit);
      return {
        items: page.map(({ e }) => ({
          id: e.id,
          recipient: e.recipient,
          subject: e.subject,
          body: e.body,
          actionUrl: e.actionUrl,
          actionText: e.actionText,
          sent: e.sent,
          sentAt: e.sentAt?.toISOString() ?? null,
          attempts: e.attempts,
          lastError: e.lastError,
          createdAt: e.createdAt.toISOString(),
        })),
        nextCursor,
        queued: queued?.n ?? 0,
      };
    },
  );
}
