import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../platform/auth/sessions';
import { inTransaction, type AppContext } from '../../platform/context';
import { channelLabels } from '../../platform/church-config';
import type { Executor } from '../../platform/db/client';
import { requestAssets, requestItems } from '../../platform/db/schema';
import { AppError, forbidden, notFound, whenMissing } from '../../platform/errors';
import { isMissingFile } from '../../platform/files/blob-store';
import { cleanFileName } from '../../platform/files/served-file';
import { appendActivity } from '../../commands/activity';
import { changedEvent, loadRequestFor, loadVisibleRequest } from './access';
import { contentMatches } from '../../platform/files/content';
import { itemPolicy, requestPolicy } from './policy';
import { expectedTypeOf, MIME_TYPES } from '../../platform/files/sniff';

export interface IncomingFile {
  fileName: string;
  data: Buffer;
}

export const UNSUPPORTED_FILE = 'Only .jpg, .jpeg, .png, .pdf, .docx and .xlsx files can be uploaded.';

/**
 * Upload Asset (guide/requests.md#the-request-drawer; guide/proofs.md#the-proof-loop): checked by extension and content, stored in
 * the blob store, then the row and activity in one transaction (the file is removed again if that
 * fails). A new file name starts at version 1; the same name again, or an item's next proof, is +1.
 */
export async function uploadAsset(ctx: AppContext, user: SessionUser, requestId: string, file: IncomingFile, itemId: string | null) {
  const fileName = cleanFileName(file.fileName);
  if (!fileName) throw new AppError(400, 'bad_request', 'The file needs a name.');
  // Authorize first: a request one may not see answers 404 whatever the file, and no one who may
  // not upload makes the server decode images.
  await authorizeUpload(ctx, user, requestId, itemId);
  // Checked by extension AND content (first bytes, images and PDFs parsed) before anything is stored (ARCHITECTURE.md#contracts).
  const expected = expectedTypeOf(fileName);
  if (!expected || !(await contentMatches(file.data, expected))) throw new AppError(415, 'unsupported_file', UNSUPPORTED_FILE);
  const extension = fileName.slice(fileName.lastIndexOf('.')).toLowerCase();
  const channelLabel = await channelLabels(ctx);
  const key = await ctx.files.put(file.data, extension);
  try {
    return await inTransaction(ctx, async (tx, events) => {
      const loaded = await loadRequestFor(tx, user, requestId, requestPolicy.upload);
      const item = itemId ? await itemOf(tx, requestId, itemId) : null;
      if (item && !itemPolicy.work.allows(user, item)) throw forbidden();
      const sameFile = item
        ? eq(requestAssets.itemId, item.id)
        : and(eq(requestAssets.requestId, requestId), sql`lower(${requestAssets.fileName}) = lower(${fileName})`);
      const [prev] = await tx
        .select({ max: sql<number | null>`max(${requestAssets.versionNumber})` })
        .from(requestAssets)
        .where(sameFile);
      const versionNumber = Number(prev?.max ?? 0) + 1;
      const [asset] = await tx
        .insert(requestAssets)
        .values({
          requestId,
          itemId: item?.id ?? null,
          fileName,
          storageKey: key,
          fileSize: file.data.length,
          fileType: MIME_TYPES[expected],
          uploadedBy: user.id,
          versionNumber,
        })
        .returning({ id: requestAssets.id, versionNumber: requestAssets.versionNumber });
      await appendActivity(tx, {
        requestId,
        userId: user.id,
        actionType: 'Asset Uploaded',
        newValue: fileName,
        notes: item ? `Proof v${versionNumber} for ${channelLabel(item.channel)}` : `Version ${versionNumber}`,
      });
      events.push(changedEvent(loaded));
      return asset;
    });
  } catch (err) {
    await ctx.files.remove(key).catch(() => {});
    throw err;
  }
}

async function itemOf(db: Executor, requestId: string, itemId: string) {
  const [item] = await db
    .select({ id: requestItems.id, channel: requestItems.channel, assigneeId: requestItems.assigneeId })
    .from(requestItems)
    .where(and(eq(requestItems.id, itemId), eq(requestItems.requestId, requestId)));
  if (!item) throw notFound('Item not found.');
  return item;
}

async function authorizeUpload(ctx: AppContext, user: SessionUser, requestId: string, itemId: string | null) {
  await loadRequestFor(ctx.db, user, requestId, requestPolicy.upload);
  if (itemId && !itemPolicy.work.allows(user, await itemOf(ctx.db, requestId, itemId))) throw forbidden();
}

/** Files are served only to people who may see the request (guide/requests.md#files-on-a-request); anyone else gets 404. */
export async function readAsset(ctx: AppContext, user: SessionUser, assetId: string) {
  const [asset] = await ctx.db.select().from(requestAssets).where(eq(requestAssets.id, assetId));
  if (!asset) throw notFound('File not found.');
  await whenMissing(loadVisibleRequest(ctx.db, user, asset.requestId), () => notFound('File not found.'));
  // Opened only now, after the check: the bytes are streamed from the store, never buffered whole.
  const { body, size } = await ctx.files.stream(asset.storageKey).catch((err: unknown) => {
    if (isMissingFile(err)) throw notFound('File not found.');
    throw err;
  });
  return { body, size, fileName: asset.fileName, contentType: asset.fileType };
}
