import type { RunwayCode } from '@shared/domain/planning';
import type { SavePlanItemsBody, SavePlanItemsResult } from '@shared/api/sundays';
import { api } from '@web/lib/api';

/** Saves one runway's tasks of a Sunday; the server applies the save rule and answers `{saved, version}`. */
export const savePlanItems = (date: string, code: RunwayCode, body: SavePlanItemsBody) =>
  api.put<SavePlanItemsResult>(`/api/sundays/${date}/runways/${code}/items`, body);
