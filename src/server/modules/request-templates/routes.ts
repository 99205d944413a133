import {
  renameTemplateBody,
  requestTemplateParams,
  requestTemplateSaved,
  requestTemplatesResponse,
  saveTemplateBody,
} from '../../../shared/api/request-templates';
import type { AppContext } from '../../platform/context';
import type { ZApp } from '../../platform/http';
import { requestTemplatesPolicy as P } from './policy';
import { deleteRequestTemplate, listRequestTemplates, renameRequestTemplate, saveRequestAsTemplate } from './service';

/** Request templates (guide/requests.md#request-templates): requesters and above; the row rules are the service's. */
export async function requestTemplateRoutes(app: ZApp, ctx: AppContext) {
  const saved = { 200: requestTemplateSaved };
  app.get(
    '/api/request-templates',
    { config: { policy: { minRole: 'requester', rule: P.list } }, schema: { response: { 200: requestTemplatesResponse } } },
    async (request) => listRequestTemplates(ctx.db, request.user!),
  );
  app.post(
    '/api/requests/:id/template',
    {
      config: { policy: { minRole: 'requester', rule: P.fromRequest } },
      schema: { params: requestTemplateParams, body: saveTemplateBody, response: saved },
    },
    async (request) => saveRequestAsTemplate(ctx, request.user!, request.params.id, request.body),
  );
  app.patch(
    '/api/request-templates/:id',
    {
      config: { policy: { minRole: 'requester', rule: P.manage } },
      schema: { params: requestTemplateParams, body: renameTemplateBody, response: saved },
    },
    async (request) => renameRequestTemplate(ctx, request.user!, request.params.id, request.body),
  );
  app.delete(
    '/api/request-templates/:id',
    { config: { policy: { minRole: 'requester', rule: P.manage } }, schema: { params: requestTemplateParams, response: saved } },
    async (request) => deleteRequestTemplate(ctx, request.user!, request.params.id),
  );
}
