import type { IntakeFilters } from '@shared/api/requests';
import { qs } from '@web/lib/api';

/** The intake queue's CSV export with the filters on screen. */
export const intakeExportUrl = (filters: Omit<IntakeFilters, 'cursor'>) => `/api/intake/export.csv${qs(filters)}`;
