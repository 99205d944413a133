import { asc } from 'drizzle-orm';
import { runwaysResponse } from '../../../shared/api/sundays';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { runways } from '../../platform/db/schema';

/** Runways, runway views, Sunday plans and their items, Lock Sunday, the Thursday-noon lock (spec 002; decision 0014). */
export async function sundayRoutes(app: ZApp, ctx: AppContext) {
  // The runway tab bar (All Runways, one tab per runway, Planning) is on /runways/planning too,
  // which creatives open (spec 000 section 2): the runways' names are theirs to read.
  app.get(
    '/api/runways',
    { config: { policy: { minRole: 'creative' } }, schema: { response: { 200: runwaysResponse } } },
    async () => ({
      items: await ctx.db
        .select({ id: runways.id, code: runways.code, name: runways.name, color: runways.color, orderIndex: runways.orderIndex })
        .from(runways)
        .orderBy(asc(runways.orderIndex), asc(runways.code)),
    }),
  );
}
