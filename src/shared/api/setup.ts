import { z } from 'zod';
import { SETUP_STEP_KEYS } from '../domain/setup-checklist';

export const setupStepSchema = z.object({
  key: z.enum(SETUP_STEP_KEYS),
  title: z.string(),
  description: z.string(),
  path: z.string(),
  action: z.string(),
  /** Whether the admin marks this step done after reviewing (not seen in the data). */
  markable: z.boolean(),
  status: z.enum(['done', 'dismissed', 'open']),
});
export type SetupStep = z.infer<typeof setupStepSchema>;

export const setupChecklistSchema = z.object({
  steps: z.array(setupStepSchema),
  /** Steps neither done nor dismissed; the checklist is finished at zero. */
  open: z.number().int(),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

export const setupStepParams = z.object({ key: z.enum(SETUP_STEP_KEYS) });
/** Mark a review step done, dismiss a step, or open it again. */
export const setupStepBody = z.object({ status: z.enum(['done', 'dismissed', 'open']) });

export const SETUP_MESSAGES = {
  notMarkable: 'This step is done when the church has what it asks for; it cannot be marked done by hand. Dismiss it instead.',
  saveFailed: 'Could not save the checklist',
  loadFailed: 'Could not load the setup checklist',
} as const;
