import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  activityPageSchema,
  addViewerBody,
  archiveBody,
  assetCreatedResponse,
  assetPageSchema,
  createdResponse,
  detailPageQuery,
  itemResponse,
  itemStatusBody,
  messageBody,
  messagePageSchema,
  requestChangesBody,
  requestDetailSchema,
  requestIdParams,
  updateDetailsBody,
  updateRequestBody,
  versionResponse,
  viewerCandidatesResponse,
  viewerParams,
} from '../../../shared/api/request-detail';
import { MAX_FILE_BYTES } from '../../../shared/domain/constants';
import { INLINE_DISPOSITION, previewKind } from '../../../shared/domain/file-preview';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { AppError, badRequest } from '../../platform/errors';
import { readAsset, uploadAsset, type IncomingFile } from './assets';
import { approveProof, markProofReady, requestChanges, setItemStatus } from './proof';
import { getDetailPage, getRequestDetail, listViewerCandidates } from './queries';
import { addViewer, archiveRequest, deleteRequest, postMessage, removeViewer, updateDetails, updateRequest } from './service';
import { itemPolicy, requestPolicy } from './policy';
import { presentedAnswer } from '../../platform/presented-serializer';
import { sendStoredFile } from '../../platform/files/served-file';

/**
 * The request detail drawer and the proof loop (guide/roles-and-access.md#the-route-table, guide/proofs.md#the-proof-loop, guide/requests.md#files-on-a-request).
 * Every route's row scope is a rule of ./policy.ts, asked by the command:
 * a request the user may not see answers 404; one they see but may not act on answers 403; a
 * change to an archived request by anyone but an admin answers 409 (decision 0007).
 */
const policies = {
  see: { minRole: 'viewer', rule: requestPolicy.read },
  administer: { minRole: 'coordinator', rule: requestPolicy.administer },
  edit: { minRole: 'requester', rule: requestPolicy.update },
  message: { minRole: 'requester', rule: requestPolicy.message },
  upload: { minRole: 'requester', rule: requestPolicy.upload },
  works: { minRole: 'creative', rule: itemPolicy.work },
  reviews: { minRole: 'requester', rule: itemPolicy.review },
} as const;

const itemParams = z.object({ id: z.uuid() });
const downloadQuery = z.object({ disposition: z.enum([INLINE_DISPOSITION, 'attachment']).optional() });
const empty = z.object({}).optional();

export async function requestDetailRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/requests/:id',
    {
      config: { policy: policies.see },
      schema: { params: requestIdParams, response: { 200: requestDetailSchema } },
      // getRequestDetail presents the request field by field and its lists as PostgreSQL wrote them, in the schema's shape.
      ...presentedAnswer,
    },
    async (request) => getRequestDetail(ctx.db, request.user!, request.params.id),
  );

  // "Show more" in the drawer's lists (decision 0029): older pages, seen by whoever opens the drawer.
  const pages = { assets: assetPageSchema, activity: activityPageSchema, messages: messagePageSchema } as const;
  for (const list of ['assets', 'activity', 'messages'] as const) {
    app.get(
      `/api/requests/:id/${list}`,
      {
        config: { policy: policies.see },
        schema: { params: requestIdParams, querystring: detailPageQuery, response: { 200: pages[list] } },
      },
      async (request) => getDetailPage(ctx.db, request.user!, request.params.id, list, request.query),
    );
  }

  app.patch(
    '/api/requests/:id',
    {
      config: { policy: policies.administer },
      schema: { params: requestIdParams, body: updateRequestBody, response: { 200: versionResponse } },
    },
    async (request) => updateRequest(ctx, request.user!, request.params.id, request.body),
  );

  app.patch(
    '/api/requests/:id/details',
    {
      config: { policy: policies.edit },
      schema: { params: requestIdParams, body: updateDetailsBody, response: { 200: versionResponse } },
    },
    async (request) => updateDetails(ctx, request.user!, request.params.id, request.body),
  );

  app.post(
    '/api/requests/:id/archive',
    {
      config: { policy: policies.administer },
      schema: { params: requestIdParams, body: archiveBody, response: { 200: versionResponse } },
    },
    async (request) => archiveRequest(ctx, request.user!, request.params.id, request.body.kind),
  );

  app.delete(
    '/api/requests/:id',
    { config: { policy: policies.administer }, schema: { params: requestIdParams } },
    async (request, reply) => {
      await deleteRequest(ctx, request.user!, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/requests/:id/messages',
    {
      config: { policy: policies.message },
      schema: { params: requestIdParams, body: messageBody, response: { 201: createdResponse } },
    },
    async (request, reply) => reply.status(201).send(await postMessage(ctx, request.user!, request.params.id, request.body.body)),
  );

  app.get(
    '/api/users/viewers',
    { config: { policy: { minRole: 'coordinator' } }, schema: { response: { 200: viewerCandidatesResponse } } },
    async () => ({ users: await listViewerCandidates(ctx.db) }),
  );

  app.post(
    '/api/requests/:id/viewers',
    {
      config: { policy: policies.administer },
      schema: { params: requestIdParams, body: addViewerBody, response: { 201: createdResponse } },
    },
    async (request, reply) => reply.status(201).send(await addViewer(ctx, request.user!, request.params.id, request.body.userId)),
  );

  app.delete(
    '/api/requests/:id/viewers/:userId',
    { config: { policy: policies.administer }, schema: { params: viewerParams } },
    async (request, reply) => {
      await removeViewer(ctx, request.user!, request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/requests/:id/assets',
    { config: { policy: policies.upload }, schema: { params: requestIdParams, response: { 201: assetCreatedResponse } } },
    async (request, reply) => {
      const { file, itemId } = await readUpload(request);
      return reply.status(201).send(await uploadAsset(ctx, request.user!, request.params.id, file, itemId));
    },
  );

  app.get(
    '/api/assets/:id/download',
    { config: { policy: policies.see }, schema: { params: itemParams, querystring: downloadQuery } },
    async (request, reply) => {
      const file = await readAsset(ctx, request.user!, request.params.id);
      // Inline only when asked (previews), only for types a browser shows without running script,
      // and never for a PDF that carries scripts (sendStoredFile).
      const inline = request.query.disposition === INLINE_DISPOSITION && previewKind(file.contentType) !== 'other';
      return sendStoredFile(reply, file, inline);
    },
  );

  app.post(
    '/api/items/:id/proof-ready',
    { config: { policy: policies.works }, schema: { params: itemParams, body: empty, response: { 200: itemResponse } } },
    async (request) => markProofReady(ctx, request.user!, request.params.id),
  );

  app.post(
    '/api/items/:id/approve-proof',
    { config: { policy: policies.reviews }, schema: { params: itemParams, body: empty, response: { 200: itemResponse } } },
    async (request) => approveProof(ctx, request.user!, request.params.id),
  );

  app.post(
    '/api/items/:id/request-changes',
    {
      config: { policy: policies.reviews },
      schema: { params: itemParams, body: requestChangesBody, response: { 200: itemResponse } },
    },
    async (request) => requestChanges(ctx, request.user!, request.params.id, request.body.feedback),
  );

  app.post(
    '/api/items/:id/status',
    { config: { policy: policies.works }, schema: { params: itemParams, body: itemStatusBody, response: { 200: itemResponse } } },
    async (request) => setItemStatus(ctx, request.user!, request.params.id, request.body.status),
  );
}

/** One file (and an optional itemId field) from a multipart body; over 10 MB answers 413. */
async function readUpload(request: FastifyRequest): Promise<{ file: IncomingFile; itemId: string | null }> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
  let file: IncomingFile | null = null;
  let itemId: string | null = null;
  let currentName = 'the file';
  try {
    for await (const part of request.parts({ limits: { files: 1, fileSize: MAX_FILE_BYTES } })) {
      if (part.type === 'file') {
        if (file) throw badRequest('Upload one file at a time.');
        currentName = part.filename;
        file = { fileName: part.filename, data: await part.toBuffer() };
      } else if (part.fieldname === 'itemId' && typeof part.value === 'string' && part.value) {
        itemId = part.value;
      }
    }
  } catch (err) {
    const e = err as { code?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'file_too_large', `File too large: ${currentName} exceeds the 10MB limit.`);
    }
    if (e.code === 'FST_FILES_LIMIT') throw badRequest('Upload one file at a time.');
    throw err;
  }
  if (!file) throw badRequest('Choose a file to upload.');
  if (itemId && !z.uuid().safeParse(itemId).success) throw badRequest('itemId: Invalid item.');
  return { file, itemId };
}
