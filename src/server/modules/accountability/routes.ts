import { accountabilityResponse } from '../../../shared/api/accountability';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { readAccountability } from './queries';

/** Accountability & Gaps (spec 002 section 2; /accountability is for coordinators and above). */
export async function accountabilityRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/accountability',
    {
      config: { policy: { minRole: 'coordinator' } },
      schema: { response: { 200: accountabilityResponse } },
    },
    async () => readAccountability(ctx.db, ctx.config.churchTimeZone),
  );
}
