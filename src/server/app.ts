import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import { MIN_BYTES } from '../build/precompress';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MAX_FILE_BYTES, MAX_FILES_PER_REQUEST } from '../shared/domain/constants';
import { UNAVAILABLE_CODE, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../shared/api/errors';
import type { AppContext } from './platform/context';
import { AppError } from './platform/errors';
import { refuseNul } from './platform/nul-guard';
import { jsonDepth, MAX_JSON_DEPTH, refuseDeepJson } from './platform/json-depth';
import { enforcePolicy, type RoutePolicy } from './platform/policy/policy';
import type { ZApp } from './platform/http';
import { loadSession, SESSION_COOKIE, sessionCookieOptions } from './platform/auth/sessions';
import { SessionCache } from './platform/auth/session-cache';
import { attachChurchConfig } from './platform/church-config';
import { churchConfigRoutes } from './modules/church-config/routes';
import { authRoutes } from './modules/auth/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { eventRoutes } from './modules/events/routes';
import { landingRoutes } from './modules/landing/routes';
import { outboxRoutes } from './modules/outbox/routes';
import { submissionRoutes } from './modules/submissions/routes';
import { taskRoutes } from './modules/tasks/routes';
import { approvalRoutes } from './modules/approvals/routes';
import { requestListRoutes } from './modules/requests/routes';
import { requestDetailRoutes } from './modules/request-detail/routes';
import { boardRoutes } from './modules/board/routes';
import { calendarRoutes } from './modules/calendar/routes';
import { sundayRoutes } from './modules/sundays/routes';
import { runwaySetupRoutes } from './modules/runway-setup/routes';
import { sundayTemplateRoutes } from './modules/sunday-templates/routes';
import { requestTemplateRoutes } from './modules/request-templates/routes';
import { recurringRequestRoutes } from './modules/recurring-requests/routes';
import { sundayMediaRoutes } from './modules/sunday-media/routes';
import { sundayWorkRoutes } from './modules/sunday-work/routes';
import { peopleRoutes } from './modules/people/routes';
import { seriesRoutes } from './modules/series/routes';
import { notesRoutes } from './modules/notes/routes';
import { settingsRoutes } from './modules/settings/routes';
import { capacityRoutes } from './modules/capacity/routes';
import { cmsQueueRoutes } from './modules/cms-queue/routes';
import { accountabilityRoutes } from './modules/accountability/routes';
import { healthRoutes } from './modules/health/routes';
import { backupRoutes } from './modules/backups/routes';
import { adminUsersRoutes } from './modules/admin-users/routes';
import { feedRoutes } from './modules/feeds/routes';
import { twoFactorRoutes } from './modules/two-factor/routes';
import { accountSessionRoutes } from './modules/account-sessions/routes';
import { accountProfileRoutes } from './modules/account-profile/routes';
import { emailPreferenceRoutes } from './modules/email-preferences/routes';
import { setupRoutes } from './modules/setup/routes';

const WEB_DIST = fileURLToPath(new URL('../../dist/web', import.meta.url));
const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface BuildOptions {
  logger?: boolean | object;
  serveWeb?: boolean;
  /** The built web app's folder (tests use their own); dist/web by default. */
  webDist?: string;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<ZApp> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();

  // JSON bodies: their nesting is bounded on the raw text before anything parses or walks them
  // (decision 0052), then Fastify's own parser (with its prototype-poisoning checks) reads them.
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = String(raw);
    try {
      refuseDeepJson(body);
    } catch (err) {
      request.log.warn({ requestId: request.id, depth: jsonDepth(body) }, `JSON body nested deeper than ${MAX_JSON_DEPTH} refused`);
      done(err as Error, undefined);
      return;
    }
    parseJson(request, body, done);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  app.decorate('routeRegistry', []);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionInfo', null);
  app.decorateRequest('sessionEnded', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      app.routeRegistry.push({ method, url: route.url, policy: route.config?.policy });
    }
  });

  const sessionCache = new SessionCache(ctx.config.sessionCacheMs, () => ctx.bus.hearsOtherInstances());
  app.addHook('onClose', sessionCache.watch(ctx.bus));
  // The church's configuration (decision 0056): read once here, kept per instance until it changes.
  const stopChurchConfig = await attachChurchConfig(ctx);
  app.addHook('onClose', async () => stopChurchConfig());

  await registerPlugins(app);
  await registerOpenApi(app);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    await attachSession(ctx, sessionCache, request, reply);
    if (MUTATIONS.has(request.method)) checkCsrf(request, ctx);
    if (request.routeOptions.url) enforcePolicy(request, request.routeOptions.config?.policy);
  });
  // One check for every route (decision 0008): a NUL in any string sent is a 400 naming the field,
  // not a 500 from PostgreSQL. Multipart text fields are checked by the upload readers.
  app.addHook('preValidation', async (request) => {
    refuseNul(request.params);
    refuseNul(request.query);
    refuseNul(request.body);
  });

  app.setErrorHandler((error, request, reply) => sendError(ctx, error, request, reply));
  app.get('/api/openapi.json', { config: { policy: { public: true } }, schema: { hide: true } }, async () => app.swagger());

  await app.register(async (api) => {
    await authRoutes(api, ctx);
    await notificationRoutes(api, ctx);
    await eventRoutes(api, ctx);
    await landingRoutes(api, ctx);
    await churchConfigRoutes(api, ctx);
    await outboxRoutes(api, ctx);
    await submissionRoutes(api, ctx);
    await taskRoutes(api, ctx);
    await approvalRoutes(api, ctx);
    await requestListRoutes(api, ctx);
    await requestDetailRoutes(api, ctx);
    await boardRoutes(api, ctx);
    await calendarRoutes(api, ctx);
    await sundayRoutes(api, ctx);
    await runwaySetupRoutes(api, ctx);
    await sundayTemplateRoutes(api, ctx);
    await requestTemplateRoutes(api, ctx);
    await recurringRequestRoutes(api, ctx);
    await sundayMediaRoutes(api, ctx);
    await sundayWorkRoutes(api, ctx);
    await peopleRoutes(api, ctx);
    await seriesRoutes(api, ctx);
    await notesRoutes(api, ctx);
    await settingsRoutes(api, ctx);
    await cmsQueueRoutes(api, ctx);
    await capacityRoutes(api, ctx);
    await accountabilityRoutes(api, ctx);
    await healthRoutes(api, ctx);
    await backupRoutes(api, ctx);
    await adminUsersRoutes(api, ctx);
    await feedRoutes(api, ctx);
    await twoFactorRoutes(api, ctx);
    await accountSessionRoutes(api, ctx);
    await accountProfileRoutes(api, ctx);
    await emailPreferenceRoutes(api, ctx);
    await setupRoutes(api, ctx);
  });

  await serveWebApp(app, opts.serveWeb !== false, opts.webDist ?? WEB_DIST);
  return app;
}

/**
 * Compressible answers: JSON, the web app's HTML, scripts, styles, SVG and other text. Not the event
 * stream (it is hijacked and never passes here, and must not be buffered), and not files that are
 * compressed already (images, PDF, video, archives) nor unknown bytes (octet-stream).
 */
export function compressible(contentType: string): boolean {
  const type = contentType.split(';')[0].trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return type.startsWith('text/') || /[/+](json|javascript|xml)$/.test(type) || type === 'image/svg+xml';
}

/** Compression, cookies, security headers (CSP), rate limits where a route opts in, and uploads. */
async function registerPlugins(app: ZApp): Promise<void> {
  // Before @fastify/static, so the built assets are compressed too (decision 0028). Brotli at the
  // plugin's quality 4 and gzip; answers under 1 kB go as they are (the headers would outweigh the gain).
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: MIN_BYTES, customTypes: compressible });
  await app.register(cookie);
  // Helmet's middleware, built once: @fastify/helmet built a new one for every request, which cost
  // the bell count a noticeable share of its CPU in a profile (parsing the CSP directives each time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  // Off by default; public writes (help feedback) opt in per route. Sign-in limits live in the
  // database so every instance shares them.
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES_PER_REQUEST, fields: 50 },
  });
}

/** The OpenAPI document, with each route's minimum role from its declared policy. */
async function registerOpenApi(app: ZApp): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lampstand API', version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    transform: (args) => {
      const out = jsonSchemaTransform(args);
      const policy = (args.route.config as { policy?: RoutePolicy } | undefined)?.policy;
      // A route without a schema (the event stream) still gets its role in the document.
      const schema = { ...(out.schema as Record<string, unknown> | undefined) };
      schema['x-min-role'] = policy?.public ? 'public' : policy?.minRole;
      if (policy?.rule) schema['x-rule'] = policy.rule.name;
      return { ...out, schema };
    },
  });
}

/** The signed-in user of the session cookie, if any; a renewed session renews the cookie too. */
async function attachSession(ctx: AppContext, cache: SessionCache, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  const session = await loadSession(ctx.db, token, ctx.config.sessionIdleDays, cache);
  if (session && 'ended' in session) request.sessionEnded = session.ended;
  else if (session) {
    request.user = session.user;
    request.sessionInfo = { id: session.id, csrfToken: session.csrfToken, expiresAt: session.expiresAt, secondStep: session.secondStep };
    // Sliding expiry: the browser's cookie must live as long as the session it names.
    if (session.renewed) {
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(ctx.config.cookieSecure, session.expiresAt));
    }
  }
}

/** Every error answers `{error: {code, message, fields?}}`; only a 500 is logged, with the request id. */
function sendError(ctx: AppContext, error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply.status(error.status).send({ error: { code: error.code, message: error.message, fields: error.fields } });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
      fields[key] ??= issue.message ?? 'Invalid value';
    }
    // The message is shown to the user as is, so it is the first message alone (the spec's
    // strings verbatim); `fields` says which input each message belongs to.
    const [first] = Object.values(fields);
    return reply.status(400).send({ error: { code: 'validation', message: first ?? 'Invalid input.', fields } });
  }
  const err = error as Error & { statusCode?: number; code?: string };
  const status = err.statusCode ?? 500;
  if (status < 500) {
    return reply.status(status).send({ error: { code: err.code ?? 'bad_request', message: err.message } });
  }
  // The database is unreachable (restart, failover, network): say so, ask the browser to come
  // back shortly, and let the outage tracker log it once instead of a stack per request.
  if (ctx.database.outage.absorb(error, 'requests')) {
    return reply
      .status(503)
      .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
      .send({ error: { code: UNAVAILABLE_CODE, message: UNAVAILABLE_MESSAGE } });
  }
  request.log.error({ err: error, requestId: request.id }, 'unhandled error');
  return reply.status(500).send({
    error: { code: 'internal', message: `Something went wrong. Please try again. (reference ${request.id})` },
  });
}

/** Vite's hashed build output: a changed file gets a new name, so a name's content never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, unhashed files): the browser asks again each time (ETag makes it cheap). */
const REVALIDATE = 'no-cache';

/** The built single-page app, and its index.html for any GET that is not an API or a file. */
async function serveWebApp(app: ZApp, serveWeb: boolean, webDist: string): Promise<void> {
  if (serveWeb && fs.existsSync(path.join(webDist, 'index.html'))) {
    const assets = path.join(webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes brotli (best quality) and gzip copies beside each text file (decision 0043).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => void reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE),
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') {
      return reply.status(404).send({ error: { code: 'not_found', message: 'Not found.' } });
    }
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      return reply.status(404).type('text/plain').send('The web app is not built. Run npm run build.');
    }
    // The single-page app handles its own routes, including the redirect of unknown paths to /.
    return reply.type('text/html').header('cache-control', REVALIDATE).sendFile('index.html', webDist);
  });
}

/**
 * CSRF (ARCHITECTURE.md#contracts): mutations must come from our own origin; with a session they must also carry
 * the session's token in `x-csrf-token`, which a cross-site page cannot read.
 *
 * Our origin is APP_ORIGIN when it is set. Without it (the embedded default, reached as localhost,
 * 127.0.0.1 or a LAN address alike) it is the origin the request was sent to: a browser writes both
 * Origin and Host itself, so a page on another site cannot make them agree. A client that forges
 * Host is not a browser carrying a victim's cookie, and this value never goes into an e-mailed link
 * (decision 0008).
 */
function checkCsrf(request: FastifyRequest, ctx: AppContext): void {
  const origin = request.headers.origin;
  if (origin) {
    const expected = ctx.config.appOriginConfigured ? ctx.config.appOrigin : `${request.protocol}://${request.host}`;
    if (origin !== expected) throw new AppError(403, 'csrf', 'This request came from another site and was refused.');
  }
  const type = request.headers['content-type'] ?? '';
  const hasBody =
    (request.headers['content-length'] && request.headers['content-length'] !== '0') || !!request.headers['transfer-encoding'];
  if (hasBody) {
    if (!type.startsWith('application/json') && !type.startsWith('multipart/form-data')) {
      throw new AppError(415, 'unsupported_media_type', 'Send JSON or a file upload.');
    }
  }
  if (request.sessionInfo && request.headers['x-csrf-token'] !== request.sessionInfo.csrfToken) {
    throw new AppError(403, 'csrf', 'Your session token is missing or out of date. Reload the page and try again.');
  }
}
