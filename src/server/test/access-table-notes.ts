import type { Access } from './access-table';

/** Expected access of the notes operations (spec 002 section 6, decision 0014); merged into ACCESS_TABLE. */
export const NOTES_ACCESS: Record<string, Access> = {};
