import type { ArchiveKind } from '@shared/api/requests';
import { qs } from '@web/lib/api';

/** The archive's CSV export of the tab on screen. */
export const archiveExportUrl = (kind: ArchiveKind) => `/api/archive/export.csv${qs({ kind })}`;
