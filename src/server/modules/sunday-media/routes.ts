import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';

/** Sermon details, Sunday videos, slides, social posts and planning files (spec 002; decision 0014). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function sundayMediaRoutes(app: ZApp, ctx: AppContext) {}
