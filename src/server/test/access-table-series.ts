import type { Access } from './access-table';

/** Expected access of the series operations (spec 002 section 6, decision 0014); merged into ACCESS_TABLE. */
export const SERIES_ACCESS: Record<string, Access> = {};
