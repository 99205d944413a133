import {
  channelCreateBody,
  channelUpdateBody,
  churchConfigResponse,
  churchSettingsBody,
  codeParams,
  orderBody,
  tierCreateBody,
  tierUpdateBody,
} from '../../../shared/api/church-config';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { churchConfig } from '../../platform/church-config';
import { createChannel, createTier, reorder, updateChannel, updateChurch, updateTier } from './service';

/**
 * The church's configuration (decision 0056): read by anyone (the landing page, the new-request
 * form and every tier filter; nothing in it is private), changed only by admins.
 */
export async function churchConfigRoutes(app: ZApp, ctx: AppContext) {
  const response = { response: { 200: churchConfigResponse } };
  const admin = { policy: { minRole: 'admin' as const } };

  app.get('/api/church-config', { config: { policy: { public: true } }, schema: response }, async (_request, reply) =>
    // Never cached by the browser: an admin's change shows on the next read.
    reply.header('cache-control', 'no-cache').send(await churchConfig(ctx)),
  );

  app.put('/api/admin/church', { config: admin, schema: { body: churchSettingsBody, ...response } }, async (request) =>
    updateChurch(ctx, request.user!, request.body),
  );

  app.post('/api/admin/tiers', { config: admin, schema: { body: tierCreateBody, ...response } }, async (request) =>
    createTier(ctx, request.user!, request.body),
  );
  app.put('/api/admin/tiers/:code', { config: admin, schema: { params: codeParams, body: tierUpdateBody, ...response } }, async (request) =>
    updateTier(ctx, request.user!, request.params.code, request.body),
  );
  app.put('/api/admin/tier-order', { config: admin, schema: { body: orderBody, ...response } }, async (request) =>
    reorder(ctx, request.user!, 'tiers', request.body.codes),
  );

  app.post('/api/admin/channels', { config: admin, schema: { body: channelCreateBody, ...response } }, async (request) =>
    createChannel(ctx, request.user!, request.body),
  );
  app.put(
    '/api/admin/channels/:code',
    { config: admin, schema: { params: codeParams, body: channelUpdateBody, ...response } },
    async (request) => updateChannel(ctx, request.user!, request.params.code, request.body),
  );
  app.put('/api/admin/channel-order', { config: admin, schema: { body: orderBody, ...response } }, async (request) =>
    reorder(ctx, request.user!, 'channels', request.body.codes),
  );
}
