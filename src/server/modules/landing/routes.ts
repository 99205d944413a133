import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  helpFeedbackBody,
  helpFeedbackSummary,
  landingEditorResponse,
  landingResponse,
  landingSaveBody,
} from '../../../shared/api/landing';
import { HELP_ARTICLE_IDS } from '../../../shared/domain/landing';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { helpFeedback } from '../../platform/db/schema';
import { readLandingEditor, readPublicLanding } from './queries';
import { saveLanding } from './service';
import { churchConfig } from '../../platform/church-config';

/** Public landing content (defaults overlaid by the stored rows), the admin's landing editor, and help feedback. */
export async function landingRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/landing',
    { config: { policy: { public: true } }, schema: { response: { 200: landingResponse } } },
    // Never cached: an admin's save shows on the next load (visitors have no live stream).
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(await readPublicLanding(ctx.db, await churchConfig(ctx))),
  );

  app.get(
    '/api/admin/landing',
    { config: { policy: { minRole: 'admin' } }, schema: { response: { 200: landingEditorResponse } } },
    async () => readLandingEditor(ctx.db, await churchConfig(ctx)),
  );

  app.put(
    '/api/admin/landing',
    { config: { policy: { minRole: 'admin' } }, schema: { body: landingSaveBody, response: { 200: landingEditorResponse } } },
    async (request) => saveLanding(ctx, request.body),
  );

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
