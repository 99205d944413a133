import { presentedAnswer } from '../../platform/presented-serializer';
import {
  accountabilityExportQuery,
  accountabilityListQuery,
  accountabilityListResponse,
  accountabilityResponse,
} from '../../../shared/api/accountability';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { listPage, readAccountability } from './queries';
import { exportEnv, exportFilename, sendCsv, type CsvColumn } from '../../platform/csv/csv-export';
import { accountabilityExport } from './export';

/** Accountability & Gaps (guide/roles-and-access.md#the-route-table; /accountability is for coordinators and above). */
export async function accountabilityRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/accountability',
    {
      config: { policy: { minRole: 'coordinator' } },
      schema: { response: { 200: accountabilityResponse } },
      // The presenters build each row with exactly the schema's fields.
      ...presentedAnswer,
    },
    async () => readAccountability(ctx.db, ctx.config.churchTimeZone),
  );

  // A further page of one flagged list, after the cursor of the rows shown (decision 0060).
  app.get(
    '/api/accountability/list',
    {
      config: { policy: { minRole: 'coordinator' } },
      schema: { querystring: accountabilityListQuery, response: { 200: accountabilityListResponse } },
      ...presentedAnswer,
    },
    async (request) => listPage(ctx.db, request.query, ctx.config.churchTimeZone),
  );

  // The CSV export of one of the screen's tables, whole, with the screen's policy.
  app.get(
    '/api/accountability/export.csv',
    { config: { policy: { minRole: 'coordinator' } }, schema: { querystring: accountabilityExportQuery } },
    async (request, reply) => {
      const env = await exportEnv(ctx);
      const { columns, batches } = accountabilityExport(ctx.db, request.query.table, env);
      return sendCsv(reply, {
        filename: exportFilename(`accountability-${request.query.table}`, env.timeZone),
        columns: columns as CsvColumn<unknown>[],
        batches: batches as AsyncGenerator<unknown[]>,
      });
    },
  );
}
