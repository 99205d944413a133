import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';

/** Sermon series and their weekly breakdown (spec 002). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function seriesRoutes(app: ZApp, ctx: AppContext) {}
