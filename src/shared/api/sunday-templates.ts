import { z } from 'zod';
import { TASK_KINDS } from '../domain/planning';
import { MAX_DAYS_BEFORE } from '../domain/runway-setup';

/** API contract of Sunday templates (guide/sunday-planning.md#sunday-templates): named sets of one-off tasks applied to a Sunday. */

/** How many Sunday templates a church keeps: the page's list stays one bounded read. */
export const SUNDAY_TEMPLATE_LIMIT = 100;

export const SUNDAY_TEMPLATE_MESSAGES = {
  title: 'Sunday templates',
  subtitle: 'Sets of one-off tasks for the Sundays that come back every year: apply one from the Sunday’s plan.',
  nameRequired: 'Give the template a name.',
  nameTaken: 'Another template already has that name.',
  taskNameRequired: 'Give the task a name.',
  duplicateTask: 'Each task of a runway may appear only once in a template.',
  noTasks: 'Add at least one task.',
  negativeDays: 'Days before cannot be negative.',
  tooManyDays: `Days before can be at most ${MAX_DAYS_BEFORE}.`,
  wholeDays: 'Days before is a whole number of days.',
  notAssignable: 'Choose an active admin, coordinator or creative.',
  runwayGone: 'Choose an active runway.',
  notFound: 'That template does not exist.',
  limit: `The church can keep ${SUNDAY_TEMPLATE_LIMIT} Sunday templates: delete one it no longer uses first.`,
  empty: 'No Sunday templates yet',
  emptyBody: 'Make one for Easter, a baptism Sunday or Christmas Eve, then apply it from that Sunday’s plan.',
  deleteConfirm: (name: string) =>
    `Delete the template '${name}'? Sundays it was applied to keep their tasks; it can no longer be applied.`,
  saved: 'Template saved',
  deleted: 'Template deleted',
  saveFailed: 'Could not save the template',
  fetchFailed: 'Could not load the Sunday templates',
  applyLabel: 'Apply a template',
  applied: (added: number) => (added === 0 ? 'Nothing new to add' : `Added ${added} task${added === 1 ? '' : 's'}`),
  applyFailed: 'Could not apply the template',
} as const;

const M = SUNDAY_TEMPLATE_MESSAGES;

export const templateTaskInput = z.object({
  /** A task kept from the template as saved (its Sundays remember it); absent for a new one. */
  id: z.uuid().nullish(),
  runwayId: z.uuid({ message: M.runwayGone }),
  title: z.string({ message: M.taskNameRequired }).trim().min(1, M.taskNameRequired).max(200),
  kind: z.enum(TASK_KINDS),
  daysBefore: z.number({ message: M.wholeDays }).int(M.wholeDays).min(0, M.negativeDays).max(MAX_DAYS_BEFORE, M.tooManyDays),
  defaultAssigneeId: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
});

export const sundayTemplateBody = z
  .object({
    name: z.string({ message: M.nameRequired }).trim().min(1, M.nameRequired).max(80),
    tasks: z.array(templateTaskInput).min(1, M.noTasks).max(50),
  })
  .superRefine((b, ctx) => {
    const seen = new Set<string>();
    b.tasks.forEach((t, i) => {
      const key = `${t.runwayId}:${t.title.toLowerCase()}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['tasks', i, 'title'], message: M.duplicateTask });
      seen.add(key);
    });
  });
export type SundayTemplateBody = z.input<typeof sundayTemplateBody>;
export type ParsedSundayTemplateBody = z.output<typeof sundayTemplateBody>;

export const templateParams = z.object({ id: z.uuid() });
export const applyTemplateParams = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), id: z.uuid() });

export const sundayTemplateTask = z.object({
  id: z.string(),
  runway: z.object({ id: z.string(), code: z.string(), name: z.string(), color: z.string() }),
  title: z.string(),
  kind: z.enum(TASK_KINDS),
  daysBefore: z.number().int(),
  defaultAssignee: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export const sundayTemplate = z.object({ id: z.string(), name: z.string(), tasks: z.array(sundayTemplateTask) });
export type SundayTemplate = z.infer<typeof sundayTemplate>;

export const sundayTemplatesResponse = z.object({
  items: z.array(sundayTemplate),
  /** Who a task may be assigned to by default (active admins, coordinators and creatives). */
  assignees: z.array(z.object({ id: z.string(), fullName: z.string() })),
  /** The active runways a task may land on. */
  runways: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
});
export type SundayTemplatesResponse = z.infer<typeof sundayTemplatesResponse>;

export const templateSavedResponse = z.object({ id: z.string() });

/** What applying added to the Sunday, and what it left because the Sunday had it already. */
export const applyTemplateResponse = z.object({
  added: z.array(z.object({ runwayName: z.string(), title: z.string() })),
  skipped: z.array(z.object({ runwayName: z.string(), title: z.string(), reason: z.enum(['applied_before', 'name_taken']) })),
});
export type ApplyTemplateResult = z.infer<typeof applyTemplateResponse>;
