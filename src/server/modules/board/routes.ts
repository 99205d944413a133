import {
  boardAssignBody,
  boardAssignResponse,
  boardColumnQuery,
  boardColumnResponse,
  boardMoveBody,
  boardMoveResponse,
  boardQuery,
  boardResponse,
} from '../../../shared/api/board';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { listBoard, listBoardColumn } from './queries';
import { assignItems, moveItems } from './service';
import { boardPolicy } from './policy';

/** The Production Board (guide/roles-and-access.md#the-route-table): read, move (single or bulk) and bulk assign. */
export async function boardRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/board',
    {
      config: { policy: { minRole: 'creative' } },
      schema: { querystring: boardQuery, response: { 200: boardResponse } },
    },
    async (request) => listBoard(ctx.db, request.user!, request.query.search),
  );

  // One column's next page ('Load more', or 'Show older' on the finished columns; decision 0026).
  app.get(
    '/api/board/column',
    {
      config: { policy: { minRole: 'creative' } },
      schema: { querystring: boardColumnQuery, response: { 200: boardColumnResponse } },
    },
    async (request) => listBoardColumn(ctx.db, request.user!, request.query),
  );

  app.post(
    '/api/board/move',
    {
      config: { policy: { minRole: 'creative', rule: boardPolicy.move } },
      schema: { body: boardMoveBody, response: { 200: boardMoveResponse } },
    },
    async (request) => moveItems(ctx, request.user!, request.body.itemIds, request.body.stage, request.body.statuses),
  );

  app.post(
    '/api/board/assign',
    {
      config: { policy: { minRole: 'coordinator', rule: boardPolicy.assign } },
      schema: { body: boardAssignBody, response: { 200: boardAssignResponse } },
    },
    async (request) => assignItems(ctx, request.user!, request.body.itemIds, request.body.assigneeId, request.body.confirmBlockout),
  );
}
