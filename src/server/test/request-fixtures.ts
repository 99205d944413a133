import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../platform/db/client';
import { requestAssets, requestItems, requests, users } from '../platform/db/schema';
import { DEMO_PASSWORD } from '../platform/db/seed-demo';
import { signIn, type Agent } from './harness';
import type { ZApp } from '../platform/http';
import { SAMPLE_FILES } from './sample-files';

/** Helpers shared by this module's API tests. Uploads must be real files: they are parsed. */
export const PNG = SAMPLE_FILES.png;
export const PDF = SAMPLE_FILES.pdf;

export function multipart(file: { name: string; data: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----lampstand${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const DEMO_ROLES = ['admin', 'coordinator', 'approver', 'creative', 'requester', 'viewer'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

export async function signInDemo(app: ZApp): Promise<Record<DemoRole, Agent>> {
  const agents = await Promise.all(DEMO_ROLES.map((r) => signIn(app, `${r}@example.org`, DEMO_PASSWORD)));
  return Object.fromEntries(DEMO_ROLES.map((r, i) => [r, agents[i]])) as Record<DemoRole, Agent>;
}

export async function userIdByEmail(db: Executor, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

export async function requestIdByTitle(db: Executor, title: string): Promise<string> {
  const [row] = await db.select({ id: requests.id }).from(requests).where(eq(requests.eventTitle, title));
  return row.id;
}

/** A fresh request of the demo requester with one item assigned to the demo creative. */
/** A proof row for an item, as an upload leaves it (the file itself is not stored: only the row is read). */
export async function addProof(db: Executor, item: { id: string; requestId: string }, uploadedBy: string | null = null) {
  await db.insert(requestAssets).values({
    requestId: item.requestId,
    itemId: item.id,
    fileName: 'proof.png',
    storageKey: `test/${randomBytes(6).toString('hex')}.png`,
    fileSize: 1,
    fileType: 'image/png',
    uploadedBy,
  });
}

export async function buildRequestWithItem(
  db: Executor,
  opts: { requesterId: string; assigneeId: string | null; status?: string; itemStatus?: string },
) {
  const [request] = await db
    .insert(requests)
    .values({
      eventTitle: `Proof Loop ${randomBytes(3).toString('hex')}`,
      requesterId: opts.requesterId,
      status: opts.status ?? 'in_production',
      tier: 'C',
    })
    .returning();
  const [item] = await db
    .insert(requestItems)
    .values({ requestId: request.id, channel: 'sunday_slide', assigneeId: opts.assigneeId, status: opts.itemStatus ?? 'in_progress' })
    .returning();
  return { request, item };
}
