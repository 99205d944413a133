import path from 'node:path';
import { DATA_ROOT } from './data-dirs';

/**
 * The sessions seed-template.ts opens in the demo church for the browser flows to start signed in
 * with, and where it writes their cookies. A flow takes a session of its own each time it signs a
 * browser in (fixtures.ts), so a flow that signs out ends only its own; a spec file's server is a
 * fresh copy, with every session unused again.
 */
export const SIGNED_IN_ROLES = ['admin', 'coordinator', 'approver', 'creative', 'requester', 'viewer'] as const;
export type SignedInRole = (typeof SIGNED_IN_ROLES)[number];
/** Sessions per role: more than any spec file signs that role in (a spec that needs more says so). */
export const SESSIONS_PER_ROLE = 12;
export const SESSIONS_FILE = path.join(DATA_ROOT, 'sessions.json');

export interface SessionFile {
  /** The cookies' names, as the server sets them. */
  cookies: { session: string; device: string };
  roles: Record<SignedInRole, { device: string; sessions: Array<{ token: string; expires: number }> }>;
}
