import {
  availabilityQuery,
  availabilityResponse,
  capacityCellQuery,
  capacityCellResponse,
  capacityQuery,
  capacityResponse,
  requestBookingsParams,
  requestBookingsResponse,
} from '../../../shared/api/capacity';
import { todayIn } from '../../../shared/domain/dates';
import { presentedAnswer } from '../../platform/presented-serializer';
import type { AppContext } from '../../platform/context';
import { churchConfig } from '../../platform/church-config';
import type { ZApp } from '../../platform/http';
import { readAvailability, readCapacity, readCapacityCell, readRequestBookings } from './queries';

/**
 * Channel capacity (guide: requests.md#channel-capacity, decision 0067): the channel x week view and
 * its cells for coordinators and above; the form's availability for everyone who may make a request.
 */
export async function capacityRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/capacity',
    {
      config: { policy: { minRole: 'coordinator' } },
      schema: { querystring: capacityQuery, response: { 200: capacityResponse } },
      // A row per channel and week, built to the schema's shape: sent as presented, not parsed again.
      ...presentedAnswer,
    },
    async (request) => {
      const config = await churchConfig(ctx);
      return readCapacity(ctx.db, config, todayIn(config.church.effectiveTimeZone), request.query.from);
    },
  );

  app.get(
    '/api/capacity/cell',
    {
      config: { policy: { minRole: 'coordinator' } },
      schema: { querystring: capacityCellQuery, response: { 200: capacityCellResponse } },
      ...presentedAnswer,
    },
    async (request) => readCapacityCell(ctx.db, await churchConfig(ctx), request.query),
  );

  app.get(
    '/api/capacity/availability',
    {
      config: { policy: { minRole: 'requester' } },
      schema: { querystring: availabilityQuery, response: { 200: availabilityResponse } },
      // Asked as the form's dates and channels change: sent as presented, not parsed again.
      ...presentedAnswer,
    },
    async (request) => {
      const config = await churchConfig(ctx);
      return readAvailability(ctx.db, config, todayIn(config.church.effectiveTimeZone), request.query);
    },
  );

  // The weeks a request's items book, in its drawer: for whoever may open the request (the drawer's scope).
  app.get(
    '/api/capacity/requests/:id',
    {
      config: { policy: { minRole: 'viewer' } },
      schema: { params: requestBookingsParams, response: { 200: requestBookingsResponse } },
    },
    async (request) => readRequestBookings(ctx.db, await churchConfig(ctx), request.user!, request.params.id),
  );
}
