import { calendarQuery, calendarResponse } from '../../../shared/api/calendar';
import { todayIn } from '../../../shared/domain/dates';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { listCalendar } from './queries';

/** The Task Calendar (spec 002 sections 2 and 7; DESIGN 5.2: viewers read it, limited to what is shared with them). */
export async function calendarRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/calendar',
    {
      config: {
        policy: {
          minRole: 'viewer',
          scope: 'creative+: every live request; viewer: requests shared with them; requester: requested, coordinated, assigned or shared',
        },
      },
      schema: { querystring: calendarQuery, response: { 200: calendarResponse } },
    },
    async (request) => listCalendar(ctx.db, request.user!, request.query, todayIn(ctx.config.churchTimeZone)),
  );
}
