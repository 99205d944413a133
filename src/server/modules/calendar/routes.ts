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
          // The chips are the requests requestPolicy.read admits (requestRead.where, its SQL form).
        },
      },
      schema: { querystring: calendarQuery, response: { 200: calendarResponse } },
    },
    async (request) => listCalendar(ctx.db, request.user!, request.query, todayIn(ctx.config.churchTimeZone)),
  );
}
