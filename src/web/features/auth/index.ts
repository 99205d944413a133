// The auth feature's public entry: the signed-in session every screen reads.
export { sessionQuery, useCurrentUser } from './api/session';
