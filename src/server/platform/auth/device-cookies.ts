import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { serverSecrets } from '../db/schema';

/**
 * Device cookies (decision 0051): a browser that has fully signed in to an account holds a signed
 * entry for that account, so its sign-in attempts are counted against that browser alone and a
 * stranger's failures for the account or from a shared address never keep it out.
 *
 * The cookie holds up to DEVICE_ENTRIES_MAX entries (a computer shared by a few people), each
 * `nonce.mac` where mac = HMAC-SHA256(secret, "device:<user id>:<nonce>"). Nothing in it names the
 * account: an entry is matched by recomputing the mac for the account being signed in to.
 */
export const DEVICE_COOKIE = 'ls_device';
export const DEVICE_ENTRIES_MAX = 5;
export const DEVICE_COOKIE_DAYS = 180;
const SECRET_NAME = 'device_cookies';

/** Options of the device cookie: unreadable by scripts, sent to same-site requests only. */
export function deviceCookieOptions(secure: boolean) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    path: '/',
    expires: new Date(Date.now() + DEVICE_COOKIE_DAYS * 86_400_000),
  };
}

const secrets = new WeakMap<object, Buffer>();

/**
 * The HMAC key, made once and kept in the database, so every instance signs and checks with the
 * same key and a restart keeps the cookies valid. Cached per database handle: it never changes.
 */
export async function deviceSecret(db: Executor): Promise<Buffer> {
  const cached = secrets.get(db);
  if (cached) return cached;
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ secret: serverSecrets.secret }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  const secret = Buffer.from(row.secret, 'base64url');
  secrets.set(db, secret);
  return secret;
}

const mac = (secret: Buffer, userId: string, nonce: string) =>
  createHmac('sha256', secret).update(`device:${userId}:${nonce}`).digest('base64url');

const entries = (cookie: string | undefined): string[] =>
  (cookie ?? '')
    .split('~')
    .filter((e) => /^[\w-]{16,64}\.[\w-]{43}$/.test(e))
    .slice(0, DEVICE_ENTRIES_MAX);

function entryOf(secret: Buffer, entry: string, userId: string): string | null {
  const [nonce, sig] = entry.split('.');
  const expected = Buffer.from(mac(secret, userId, nonce));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
}

/** The nonce of this account's genuine entry in the cookie, or null (no cookie, forged, another account's). */
export function knownDevice(secret: Buffer, cookie: string | undefined, userId: string): string | null {
  for (const entry of entries(cookie)) {
    const nonce = entryOf(secret, entry, userId);
    if (nonce) return nonce;
  }
  return null;
}

/**
 * The cookie after a full sign-in to this account: a new entry for it first (a new nonce, so the
 * failures counted against the old one stay behind), the entries of other accounts kept after it,
 * the oldest dropped past the maximum.
 */
export function withDevice(secret: Buffer, cookie: string | undefined, userId: string): string {
  const nonce = randomBytes(16).toString('base64url');
  const others = entries(cookie).filter((e) => !entryOf(secret, e, userId));
  return [`${nonce}.${mac(secret, userId, nonce)}`, ...others].slice(0, DEVICE_ENTRIES_MAX).join('~');
}

/** Sets the browser's device cookie after a full sign-in to this account. */
export async function rememberDevice(
  db: Executor,
  reply: { setCookie: (name: string, value: string, options: ReturnType<typeof deviceCookieOptions>) => unknown },
  current: string | undefined,
  userId: string,
  secure: boolean,
): Promise<void> {
  reply.setCookie(DEVICE_COOKIE, withDevice(await deviceSecret(db), current, userId), deviceCookieOptions(secure));
}
