import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';

/** Future planning notes and Move to Runway Now (spec 002; DESIGN 5.6). */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export async function notesRoutes(app: ZApp, ctx: AppContext) {}
