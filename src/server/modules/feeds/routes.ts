import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { z } from 'zod';
import { createdFeedResponse, createTeamFeedBody, feedResponse, feedsResponse, teamFeedFilterBody } from '../../../shared/api/feeds';
import type { AppContext } from '../../platform/context';
import type { ZApp } from '../../platform/http';
import type { RoutePolicy } from '../../platform/policy/policy';
import { feedPolicy } from './policy';
import { createFeed, listFeeds, readFeed, revokeFeed, setTeamFeedFilter } from './service';

const EVERYONE: RoutePolicy = { minRole: 'viewer' };
const TEAM: RoutePolicy = { minRole: 'coordinator', rule: feedPolicy.teamFeed };

/** The same answer for every feed that does not answer, as for any unknown URL: nothing more is said. */
const NOT_FOUND = { error: { code: 'not_found', message: 'Not found.' } };

/**
 * Calendar feeds (decision 0033): the account page's list, make or regenerate, filter
 * and revoke (every signed-in person their personal feed, coordinators and above the team feed),
 * and the public feed itself, whose token is the key.
 */
export async function feedRoutes(app: ZApp, ctx: AppContext) {
  app.get('/api/account/feeds', { config: { policy: EVERYONE }, schema: { response: { 200: feedsResponse } } }, async (request) =>
    listFeeds(ctx.db, request.user!),
  );

  app.post(
    '/api/account/feeds/personal',
    { config: { policy: EVERYONE }, schema: { body: z.object({}).optional(), response: { 200: createdFeedResponse } } },
    async (request) => createFeed(ctx, request.user!, 'personal'),
  );
  app.delete('/api/account/feeds/personal', { config: { policy: EVERYONE } }, async (request, reply) => {
    await revokeFeed(ctx.db, request.user!, 'personal');
    return reply.status(204).send();
  });

  app.post(
    '/api/account/feeds/team',
    { config: { policy: TEAM }, schema: { body: createTeamFeedBody, response: { 200: createdFeedResponse } } },
    async (request) => createFeed(ctx, request.user!, 'team', request.body.ministryId),
  );
  app.patch(
    '/api/account/feeds/team',
    { config: { policy: TEAM }, schema: { body: teamFeedFilterBody, response: { 200: feedResponse } } },
    async (request) => ({ feed: await setTeamFeedFilter(ctx, request.user!, request.body.ministryId) }),
  );
  app.delete('/api/account/feeds/team', { config: { policy: TEAM } }, async (request, reply) => {
    await revokeFeed(ctx.db, request.user!, 'team');
    return reply.status(204).send();
  });

  // The feed: no session (calendar apps send no cookie), the token is the key. A wrong, revoked or
  // dead token (owner deactivated, team feed of someone no longer a coordinator) gets the plain 404
  // of an unknown URL. Per-address rate limit as the other public routes; the request is logged at
  // warn and above only, so the token in its URL stays out of the access log.
  app.get(
    '/feeds/:token.ics',
    {
      config: { policy: { public: true }, rateLimit: { max: ctx.config.feedRateLimit, timeWindow: '1 minute' } },
      logLevel: 'warn',
      schema: { hide: true },
    },
    async (request, reply) => {
      const { token } = request.params as { token: string };
      const headers = request.headers;
      const conditional = headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined;
      const feed = await readFeed(ctx, token, { conditional, unchanged: (f) => notModified(headers, f) });
      if (!feed) return reply.status(404).send(NOT_FOUND);
      reply
        .header('etag', feed.etag)
        .header('last-modified', feed.lastModified.toUTCString())
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding')
        .header('x-robots-tag', 'noindex');
      // Calendar apps poll every few minutes: an unchanged feed answers 304 with no body.
      if (!feed.gzip) return reply.status(304).send();
      reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="lampstand.ics"');
      // The text is stored gzip-compressed: sent as it is to a client that takes gzip, unpacked for one that does not.
      if (acceptsGzip(headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(feed.gzip);
      return reply.send(await gunzipBytes(feed.gzip));
    },
  );
}

const gunzipBytes = promisify(gunzip);

/** Whether an Accept-Encoding header takes gzip (RFC 9110 12.5.3): named or `*`, with a q-value above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === 'gzip' || name.trim() === 'x-gzip') return allowed;
    if (name.trim() === '*') star = allowed;
  }
  return star;
}

/**
 * Whether a conditional GET may be answered 304 (RFC 9110 13.1-13.2): If-None-Match when sent (a
 * list of ETags, weak or strong, or *), else If-Modified-Since against the instant the text last
 * changed, to the second.
 */
export function notModified(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string },
  feed: { etag: string; lastModified: Date },
): boolean {
  const match = headers['if-none-match'];
  if (match !== undefined) {
    return match
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === feed.etag);
  }
  const since = headers['if-modified-since'];
  if (since === undefined) return false;
  const at = Date.parse(since);
  return !Number.isNaN(at) && Math.floor(feed.lastModified.getTime() / 1000) * 1000 <= at;
}
