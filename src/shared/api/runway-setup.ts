import { z } from 'zod';
import { TASK_KINDS } from '../domain/planning';
import { COLOR_PATTERN, MAX_DAYS_BEFORE } from '../domain/runway-setup';

/** API contract of runway set-up (decision 0055): runways and their recurring tasks as data. */

export const RUNWAY_SETUP_MESSAGES = {
  title: 'Manage runways',
  subtitle: 'The runways of every Sunday and the tasks each one repeats.',
  nameRequired: 'Give the runway a name.',
  nameTaken: 'Another runway already has that name.',
  badColor: 'Choose a colour like #4f46e5.',
  taskNameRequired: 'Give the task a name.',
  taskNameTaken: 'This runway already has a task with that name.',
  negativeDays: 'Days before cannot be negative.',
  tooManyDays: `Days before can be at most ${MAX_DAYS_BEFORE}.`,
  wholeDays: 'Days before is a whole number of days.',
  notAssignable: 'Choose an active admin, coordinator or creative.',
  runwayNotFound: 'That runway does not exist.',
  taskNotFound: 'That task does not exist.',
  badOrder: 'List every runway once to reorder them.',
  alreadySetUp: 'This church already has runways: add or change them one at a time.',
  noRunways: 'No runways yet',
  noRunwaysBody:
    'Runways are the areas every Sunday is planned in, each with the tasks it repeats. Start with the standard five or add your own.',
  noTasks: 'No recurring tasks yet: Sundays get nothing from this runway until you add one.',
  addStandard: 'Add the standard runways',
  archiveRunwayConfirm: (name: string) =>
    `Archive the runway '${name}'? It leaves the runway screens, the Sunday plans and readiness. Tasks already on Sundays stay in the records, and you can restore it.`,
  archiveTaskConfirm: (name: string) =>
    `Archive the task '${name}'? It leaves the open Sundays of the next six weeks where nobody has worked on it; locked Sundays and worked-on tasks keep it.`,
  saved: 'Saved',
  saveFailed: 'Could not save',
  fetchFailed: 'Could not load the runways',
} as const;

const name = (required: string) => z.string({ message: required }).trim().min(1, required).max(80);
const color = z.string().regex(COLOR_PATTERN, RUNWAY_SETUP_MESSAGES.badColor);
const daysBefore = z
  .number({ message: RUNWAY_SETUP_MESSAGES.wholeDays })
  .int(RUNWAY_SETUP_MESSAGES.wholeDays)
  .min(0, RUNWAY_SETUP_MESSAGES.negativeDays)
  .max(MAX_DAYS_BEFORE, RUNWAY_SETUP_MESSAGES.tooManyDays);

export const idParams = z.object({ id: z.uuid() });

export const runwayBody = z.object({ name: name(RUNWAY_SETUP_MESSAGES.nameRequired), color });
export type RunwayBody = z.infer<typeof runwayBody>;
export const runwayPatchBody = z
  .object({ name: name(RUNWAY_SETUP_MESSAGES.nameRequired), color })
  .partial()
  .refine((b) => b.name !== undefined || b.color !== undefined, { message: 'Change the name or the colour.' });
export const orderBody = z.object({ ids: z.array(z.uuid()).min(1).max(100) });

export const taskBody = z.object({
  name: name(RUNWAY_SETUP_MESSAGES.taskNameRequired).max(200),
  kind: z.enum(TASK_KINDS),
  daysBefore,
  defaultAssigneeId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
});
export type TaskBody = z.input<typeof taskBody>;
export type ParsedTaskBody = z.output<typeof taskBody>;
export const taskPatchBody = taskBody.partial();

/** The standard runways as offered, or as the admin edited them before adding. */
export const standardBody = z.object({
  runways: z
    .array(
      z.object({
        name: name(RUNWAY_SETUP_MESSAGES.nameRequired),
        color,
        tasks: z.array(taskBody.omit({ defaultAssigneeId: true })).max(50),
      }),
    )
    .min(1)
    .max(20),
});
export type StandardBody = z.input<typeof standardBody>;

const person = z.object({ id: z.string(), fullName: z.string() });

export const setupTaskSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(TASK_KINDS),
  daysBefore: z.number().int(),
  defaultAssignee: person.nullable(),
  archived: z.boolean(),
});
export type SetupTask = z.infer<typeof setupTaskSchema>;

export const setupRunwaySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  color: z.string(),
  orderIndex: z.number().int(),
  archived: z.boolean(),
  tasks: z.array(setupTaskSchema),
});
export type SetupRunway = z.infer<typeof setupRunwaySchema>;

export const runwaySetupResponse = z.object({
  runways: z.array(setupRunwaySchema),
  /** Default assignee picker: active admins, coordinators and creatives. */
  assignees: z.array(person),
  /** Admins create, rename, recolour, reorder and archive runways; coordinators edit tasks. */
  canManageRunways: z.boolean(),
});
export type RunwaySetup = z.infer<typeof runwaySetupResponse>;

/** What a change did to the six-week window. */
export const setupChangeResponse = z.object({
  id: z.string(),
  /** Items added, updated or removed on open Sundays of the window. */
  sundayItems: z.number().int(),
});
export type SetupChange = z.infer<typeof setupChangeResponse>;
