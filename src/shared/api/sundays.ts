import { z } from 'zod';
import { RUNWAY_CODES } from '../domain/planning';

/** API contract of Sunday planning's runways (spec 002 sections 2, 3 and 7; decision 0014). */
export const runwaySchema = z.object({
  id: z.string(),
  code: z.enum(RUNWAY_CODES),
  name: z.string(),
  color: z.string(),
  orderIndex: z.number().int(),
});
export type Runway = z.infer<typeof runwaySchema>;

export const runwaysResponse = z.object({ items: z.array(runwaySchema) });
