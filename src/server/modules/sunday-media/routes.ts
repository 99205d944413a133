import {
  planningFileDownloadQuery,
  planningFileParams,
  planningFileQuery,
  planningFileResponse,
  saveSlidesBody,
  saveSocialBody,
  saveVideosBody,
  slidesResponse,
  socialResponse,
  sundayDateParams,
  videosResponse,
} from '../../../shared/api/sunday-media';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { readPlanningFile, showsInline, uploadPlanningFile } from './files';
import { sendStoredFile } from '../../platform/files/served-file';
import { mediaPolicy } from './policy';
import { readSlides, readSocial, readVideos } from './queries';
import { saveSlides, saveSocial, saveVideos } from './service';

/**
 * The media runway's editors (guide/roles-and-access.md#the-route-table, guide/sunday-planning.md#a-runway-view, decisions 0014 and 0016): Sunday
 * Videos, the Slide Deck, the Social Media Plan, and the planning files (plan files and social
 * assets). Coordinators and above read and write them; the Sunday's lock and the service plan's
 * version are checked by the commands.
 */
const plans = { minRole: 'coordinator', rule: mediaPolicy.edit } as const;
const reads = { minRole: 'creative', rule: mediaPolicy.read } as const;

export async function sundayMediaRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/sundays/:date/videos',
    { config: { policy: reads }, schema: { params: sundayDateParams, response: { 200: videosResponse } } },
    async (request) => readVideos(ctx.db, request.user!, request.params.date),
  );
  app.put(
    '/api/sundays/:date/videos',
    { config: { policy: plans }, schema: { params: sundayDateParams, body: saveVideosBody, response: { 200: videosResponse } } },
    async (request) => saveVideos(ctx, request.user!, request.params.date, request.body),
  );

  app.get(
    '/api/sundays/:date/slides',
    { config: { policy: reads }, schema: { params: sundayDateParams, response: { 200: slidesResponse } } },
    async (request) => readSlides(ctx.db, request.user!, request.params.date),
  );
  app.put(
    '/api/sundays/:date/slides',
    { config: { policy: plans }, schema: { params: sundayDateParams, body: saveSlidesBody, response: { 200: slidesResponse } } },
    async (request) => saveSlides(ctx, request.user!, request.params.date, request.body),
  );

  app.get(
    '/api/sundays/:date/social',
    { config: { policy: reads }, schema: { params: sundayDateParams, response: { 200: socialResponse } } },
    async (request) => readSocial(ctx.db, request.user!, request.params.date),
  );
  app.put(
    '/api/sundays/:date/social',
    { config: { policy: plans }, schema: { params: sundayDateParams, body: saveSocialBody, response: { 200: socialResponse } } },
    async (request) => saveSocial(ctx, request.user!, request.params.date, request.body),
  );

  app.post(
    '/api/sundays/:date/files',
    {
      config: { policy: { minRole: 'coordinator', rule: mediaPolicy.upload } },
      schema: { params: sundayDateParams, querystring: planningFileQuery, response: { 201: planningFileResponse } },
    },
    async (request, reply) =>
      reply.status(201).send(await uploadPlanningFile(ctx, request.user!, request.params.date, request.query.kind, request)),
  );
  app.get(
    '/api/planning-files/:id',
    { config: { policy: reads }, schema: { params: planningFileParams, querystring: planningFileDownloadQuery } },
    async (request, reply) => {
      const file = await readPlanningFile(ctx, request.params.id);
      const inline = request.query.disposition === 'inline' && showsInline(file.contentType);
      return sendStoredFile(reply, file, inline);
    },
  );
}
