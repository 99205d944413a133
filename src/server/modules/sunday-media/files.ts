import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { planningFileUrl, SUNDAY_MEDIA_MESSAGES, type PlanningFile } from '../../../shared/api/sunday-media';
import { MAX_FILE_BYTES } from '../../../shared/domain/constants';
import { SUNDAY_MESSAGES } from '../../../shared/domain/planning';
import { sundayIsLocked } from '../../commands/sunday-edit';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import { planningFiles } from '../../platform/db/schema';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { isMissingFile } from '../../platform/files/blob-store';
import { contentMatches } from '../../platform/files/content';
import { expectedTypeAmong, MIME_TYPES, PLAN_FILE_TYPES, SOCIAL_ASSET_TYPES } from '../../platform/files/sniff';
import { assertSunday } from './queries';
import { mediaPolicy } from './policy';
import { cleanFileName } from '../../platform/files/served-file';

/**
 * Planning files (guide/requests.md#files-on-a-request): plan files of the Sunday plan's file tasks and the social
 * posts' image and video assets. Authorized first (the rank gate, then the Sunday's lock), then
 * read (one file, at most 10 MB: 413), checked by extension and content (415) before anything is
 * stored, then kept in the blob store with a planning_files row. Served only through the
 * authorized route, inline only for pictures and videos and only when asked.
 */
type Actor = Pick<SessionUser, 'id' | 'role'>;
export type PlanningFileKind = 'plan' | 'social';

const ACCEPTS = {
  plan: { types: PLAN_FILE_TYPES, message: SUNDAY_MEDIA_MESSAGES.planTypes },
  social: { types: SOCIAL_ASSET_TYPES, message: SUNDAY_MEDIA_MESSAGES.socialTypes },
} as const;

/** Types a browser shows in place without running script; everything else is an attachment. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'video/mp4', 'video/quicktime', 'video/webm']);
export const showsInline = (contentType: string) => INLINE_TYPES.has(contentType);

async function authorizeUpload(ctx: AppContext, user: Actor, date: string): Promise<void> {
  assertSunday(date);
  const isLocked = await ctx.db.transaction((tx) => sundayIsLocked(tx, date));
  if (!mediaPolicy.upload.allows(user, { isLocked })) throw new AppError(422, 'sunday_locked', SUNDAY_MESSAGES.locked);
}

/** One file from the multipart body (field `file`); over 10 MB answers 413. */
async function readOneFile(request: FastifyRequest): Promise<{ fileName: string; data: Buffer }> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.');
  let file: { fileName: string; data: Buffer } | null = null;
  let currentName = 'the file';
  try {
    for await (const part of request.parts({ limits: { files: 1, fileSize: MAX_FILE_BYTES } })) {
      if (part.type !== 'file') continue;
      if (file || part.fieldname !== 'file') throw badRequest(SUNDAY_MEDIA_MESSAGES.oneFile);
      currentName = cleanFileName(part.filename) || currentName;
      file = { fileName: cleanFileName(part.filename), data: await part.toBuffer() };
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'file_too_large', SUNDAY_MEDIA_MESSAGES.tooLarge(currentName));
    if (code === 'FST_FILES_LIMIT') throw badRequest(SUNDAY_MEDIA_MESSAGES.oneFile);
    throw err;
  }
  if (!file || !file.fileName) throw badRequest(SUNDAY_MEDIA_MESSAGES.chooseFile);
  return file;
}

export async function uploadPlanningFile(
  ctx: AppContext,
  user: Actor,
  date: string,
  kind: PlanningFileKind,
  request: FastifyRequest,
): Promise<PlanningFile> {
  await authorizeUpload(ctx, user, date);
  const file = await readOneFile(request);
  const accept = ACCEPTS[kind];
  const expected = expectedTypeAmong(file.fileName, accept.types);
  if (!expected || !(await contentMatches(file.data, expected))) throw new AppError(415, 'unsupported_file', accept.message);
  const extension = file.fileName.slice(file.fileName.lastIndexOf('.')).toLowerCase();
  const key = await ctx.files.put(file.data, extension);
  try {
    return await inTransaction(ctx, async (tx) => {
      // The lock may have landed while the file was on its way.
      if (!mediaPolicy.upload.allows(user, { isLocked: await sundayIsLocked(tx, date) })) {
        throw new AppError(422, 'sunday_locked', SUNDAY_MESSAGES.locked);
      }
      const [row] = await tx
        .insert(planningFiles)
        .values({
          sundayDate: date,
          fileName: file.fileName,
          storageKey: key,
          fileSize: file.data.length,
          fileType: MIME_TYPES[expected],
          uploadedBy: user.id,
        })
        .returning();
      return { id: row.id, url: planningFileUrl(row.id), fileName: row.fileName, fileType: row.fileType, fileSize: row.fileSize };
    });
  } catch (err) {
    await ctx.files.remove(key).catch(() => {});
    throw err;
  }
}

export async function readPlanningFile(ctx: AppContext, id: string) {
  const [row] = await ctx.db.select().from(planningFiles).where(eq(planningFiles.id, id));
  if (!row) throw notFound(SUNDAY_MEDIA_MESSAGES.fileNotFound);
  // Streamed from the store (disk or S3), never buffered whole.
  const { body, size } = await ctx.files.stream(row.storageKey).catch((err: unknown) => {
    if (isMissingFile(err)) throw notFound(SUNDAY_MEDIA_MESSAGES.fileNotFound);
    throw err;
  });
  return { body, size, fileName: row.fileName, contentType: row.fileType };
}
