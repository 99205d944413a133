import { badRequest } from '../../platform/errors';

/**
 * The cursor of an Accountability list's next page (decision 0060): the sort keys of the last row
 * shown, as base64url JSON (an event title may hold any character, so the keys are not joined by a
 * separator). It says where the next page starts, not what it holds: a row changed since is read
 * as it is now.
 */
export function encodeListCursor(keys: string[]): string {
  return Buffer.from(JSON.stringify(keys), 'utf8').toString('base64url');
}

const INVALID = () => badRequest('Invalid cursor.', { cursor: 'Invalid cursor.' });

/** What each key of a cursor must be, checked before it reaches a cast in SQL. */
export type KeyKind = 'date' | 'time' | 'uuid' | 'text';
const KEY_FORMAT: Record<KeyKind, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  text: /^[\s\S]{0,500}$/,
};

/** The keys of a cursor, one per kind given; anything else is a 400, never an empty page or a 500. */
export function decodeListCursor(raw: string, kinds: KeyKind[]): string[] {
  let keys: unknown;
  try {
    keys = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw INVALID();
  }
  if (!Array.isArray(keys) || keys.length !== kinds.length) throw INVALID();
  kinds.forEach((kind, i) => {
    const key: unknown = keys[i];
    if (typeof key !== 'string' || !KEY_FORMAT[kind].test(key)) throw INVALID();
    if (kind !== 'text' && kind !== 'uuid' && Number.isNaN(Date.parse(kind === 'date' ? `${key}T00:00:00Z` : key))) throw INVALID();
  });
  return keys as string[];
}
