import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { helpFeedbackBody, helpFeedbackSummary, landingResponse } from '../../../shared/api/landing';
import { HELP_ARTICLE_IDS, LANDING_DEFAULTS } from '../../../shared/domain/landing';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { helpFeedback, landingPageContent, landingPageFaqs } from '../../platform/db/schema';

/** Public landing content (defaults overlaid by the stored rows) and help feedback. */
export async function landingRoutes(app: ZApp, ctx: AppContext) {
  app.get('/api/landing', { config: { policy: { public: true } }, schema: { response: { 200: landingResponse } } }, async () => {
    const [rows, faqs] = await Promise.all([
      ctx.db.select().from(landingPageContent),
      ctx.db.select().from(landingPageFaqs).where(eq(landingPageFaqs.active, true)).orderBy(asc(landingPageFaqs.orderIndex)),
    ]);
    const content = { ...LANDING_DEFAULTS };
    for (const row of rows) if (row.content.trim()) content[row.section] = row.content;
    return {
      content,
      faqs: faqs.map((f) => ({ id: f.id, question: f.question, answer: f.answer, orderIndex: f.orderIndex })),
    };
  });

  app.post(
    '/api/help/feedback',
    {
      // Public and anonymous: bounded per address so nobody can fill the table.
      config: { policy: { public: true }, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: helpFeedbackBody, response: { 201: z.object({ ok: z.literal(true) }) } },
    },
    async (request, reply) => {
      await ctx.db
        .insert(helpFeedback)
        .values({ article: request.body.article, helpful: request.body.helpful, userId: request.user?.id ?? null });
      return reply.status(201).send({ ok: true });
    },
  );

  app.get(
    '/api/admin/help-feedback',
    { config: { policy: { minRole: 'admin' } }, schema: { response: { 200: helpFeedbackSummary } } },
    async () => {
      const rows = await ctx.db
        .select({
          article: helpFeedback.article,
          yes: sql<number>`count(*) filter (where ${helpFeedback.helpful})::int`,
          no: sql<number>`count(*) filter (where not ${helpFeedback.helpful})::int`,
        })
        .from(helpFeedback)
        .groupBy(helpFeedback.article);
      const byArticle = new Map(rows.map((r) => [r.article, r]));
      return {
        articles: HELP_ARTICLE_IDS.map((article) => ({
          article,
          yes: byArticle.get(article)?.yes ?? 0,
          no: byArticle.get(article)?.no ?? 0,
        })),
      };
    },
  );
}
