import {
  approvalDecisionResponse,
  approvalItemParams,
  approvalListResponse,
  rejectionReasonText,
  rejectItemBody,
} from '../../../shared/api/approvals';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { decideItem, listApprovals } from './service';
import { churchConfig } from '../../platform/church-config';
import { todayIn } from '../../../shared/domain/dates';

const approver = { minRole: 'approver' } as const;

/** The approval queue of additional promotion items (guide/roles-and-access.md#the-route-table). */
export async function approvalRoutes(app: ZApp, ctx: AppContext) {
  app.get('/api/approvals', { config: { policy: approver }, schema: { response: { 200: approvalListResponse } } }, async () => {
    const config = await churchConfig(ctx);
    return listApprovals(ctx.db, todayIn(config.church.effectiveTimeZone));
  });

  app.post(
    '/api/approvals/:itemId/approve',
    { config: { policy: approver }, schema: { params: approvalItemParams, response: { 200: approvalDecisionResponse } } },
    async (request) => decideItem(ctx, request.user!, request.params.itemId, { status: 'approved', rejectionReason: null }),
  );

  app.post(
    '/api/approvals/:itemId/reject',
    {
      config: { policy: approver },
      schema: { params: approvalItemParams, body: rejectItemBody, response: { 200: approvalDecisionResponse } },
    },
    async (request) =>
      decideItem(ctx, request.user!, request.params.itemId, {
        status: 'rejected',
        rejectionReason: rejectionReasonText(request.body),
      }),
  );
}
