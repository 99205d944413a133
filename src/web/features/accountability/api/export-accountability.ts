import type { AccountabilityTable } from '@shared/api/accountability';
import { qs } from '@web/lib/api';

/** One Accountability & Gaps table as CSV, the whole list. */
export const accountabilityExportUrl = (table: AccountabilityTable) => `/api/accountability/export.csv${qs({ table })}`;
