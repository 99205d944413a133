import {
  deleteNoteResponse,
  moveToRunwayResponse,
  noteBody,
  noteIdParams,
  noteOwnersResponse,
  noteResponse,
  notesQuery,
  notesResponse,
} from '../../../shared/api/notes';
import type { ZApp } from '../../platform/http';
import type { AppContext } from '../../platform/context';
import { listNotes, listOwners } from './queries';
import { createNote, deleteNote, moveToRunway, updateNote } from './service';
import { notesPolicy } from './policy';

/** Future planning notes and Move to Runway Now (guide/roles-and-access.md#the-route-table; guide/sunday-planning.md#future-notes; decisions 0014 and 0018). */
export async function notesRoutes(app: ZApp, ctx: AppContext) {
  app.get(
    '/api/notes',
    { config: { policy: { minRole: 'creative' } }, schema: { querystring: notesQuery, response: { 200: notesResponse } } },
    async (request) => ({ items: await listNotes(ctx.db, request.user!, request.query) }),
  );

  app.get(
    '/api/notes/owners',
    { config: { policy: { minRole: 'creative' } }, schema: { response: { 200: noteOwnersResponse } } },
    async () => ({ items: await listOwners(ctx.db) }),
  );

  app.post(
    '/api/notes',
    { config: { policy: { minRole: 'creative' } }, schema: { body: noteBody, response: { 200: noteResponse } } },
    async (request) => ({ note: await createNote(ctx, request.user!, request.body) }),
  );

  app.put(
    '/api/notes/:id',
    { config: { policy: { minRole: 'creative' } }, schema: { params: noteIdParams, body: noteBody, response: { 200: noteResponse } } },
    async (request) => ({ note: await updateNote(ctx, request.user!, request.params.id, request.body) }),
  );

  app.delete(
    '/api/notes/:id',
    { config: { policy: { minRole: 'creative' } }, schema: { params: noteIdParams, response: { 200: deleteNoteResponse } } },
    async (request) => deleteNote(ctx, request.params.id),
  );

  app.post(
    '/api/notes/:id/move-to-runway',
    {
      config: { policy: { minRole: 'coordinator', rule: notesPolicy.moveToRunway } },
      schema: { params: noteIdParams, response: { 200: moveToRunwayResponse } },
    },
    async (request) => moveToRunway(ctx, request.user!, request.params.id),
  );
}
