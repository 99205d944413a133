import {
  applyTemplateParams,
  applyTemplateResponse,
  sundayTemplateBody,
  sundayTemplatesResponse,
  templateParams,
  templateSavedResponse,
} from '../../../shared/api/sunday-templates';
import type { AppContext } from '../../platform/context';
import type { ZApp } from '../../platform/http';
import { sundayTemplatesPolicy } from './policy';
import { applySundayTemplate, createSundayTemplate, deleteSundayTemplate, listSundayTemplates, updateSundayTemplate } from './service';

/** Sunday templates (/runways/templates; guide/sunday-planning.md#sunday-templates): coordinators and above. */
export async function sundayTemplateRoutes(app: ZApp, ctx: AppContext) {
  const manage = { policy: { minRole: 'coordinator' as const, rule: sundayTemplatesPolicy.manage } };
  const saved = { 200: templateSavedResponse };

  app.get('/api/sunday-templates', { config: manage, schema: { response: { 200: sundayTemplatesResponse } } }, async () =>
    listSundayTemplates(ctx.db),
  );
  app.post('/api/sunday-templates', { config: manage, schema: { body: sundayTemplateBody, response: saved } }, async (request) =>
    createSundayTemplate(ctx, request.user!, request.body),
  );
  app.put(
    '/api/sunday-templates/:id',
    { config: manage, schema: { params: templateParams, body: sundayTemplateBody, response: saved } },
    async (request) => updateSundayTemplate(ctx, request.params.id, request.body),
  );
  app.delete('/api/sunday-templates/:id', { config: manage, schema: { params: templateParams, response: saved } }, async (request) =>
    deleteSundayTemplate(ctx, request.params.id),
  );
  // Applying is a change to the Sunday's plan: after the lock only an admin's (checked in the transaction).
  app.post(
    '/api/sundays/:date/templates/:id/apply',
    {
      config: { policy: { minRole: 'coordinator', rule: sundayTemplatesPolicy.apply } },
      schema: { params: applyTemplateParams, response: { 200: applyTemplateResponse } },
    },
    async (request) => applySundayTemplate(ctx, request.user!, request.params.date, request.params.id),
  );
}
