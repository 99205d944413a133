import { presentedAnswer } from '../../platform/presented-serializer';
import { calendarDayQuery, calendarDayResponse, calendarQuery, calendarResponse } from '../../../shared/api/calendar';
import { todayIn } from '../../../shared/domain/dates';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { listCalendar, listCalendarDay } from './queries';

/** The Task Calendar (guide/roles-and-access.md#the-route-table; guide/roles-and-access.md#what-a-viewer-sees: viewers read it, limited to what is shared with them). */
export async function calendarRoutes(app: ZApp, ctx: AppContext) {
  // Both read the requests requestPolicy.read admits (requestRead.where, its SQL form).
  app.get(
    '/api/calendar',
    {
      config: { policy: { minRole: 'viewer' } },
      schema: { querystring: calendarQuery, response: { 200: calendarResponse } },
      // The presenters build each entry with exactly the schema's fields.
      ...presentedAnswer,
    },
    async (request) => listCalendar(ctx.db, request.user!, request.query, todayIn(ctx.config.churchTimeZone)),
  );
  // One day's every task, behind its '+N more' (decision 0044).
  app.get(
    '/api/calendar/day',
    {
      config: { policy: { minRole: 'viewer' } },
      schema: { querystring: calendarDayQuery, response: { 200: calendarDayResponse } },
      ...presentedAnswer,
    },
    async (request) => listCalendarDay(ctx.db, request.user!, request.query),
  );
}
