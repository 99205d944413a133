import { z } from 'zod';
import { SOCIAL_STATUSES, VIDEO_STATUSES } from '../domain/planning';
import { SUNDAY_WORK_KINDS } from '../domain/sunday-work';
import { ASSIGNMENT_RESPONSES } from '../domain/people-on-sundays';

/**
 * API contract of Sunday work (decision 0058): a person's open Sunday tasks, videos, slides and
 * social posts, a page at a time, and the steps that complete one's own.
 */
export const SUNDAY_WORK_PAGE_SIZE = 50;

export const SUNDAY_WORK_MESSAGES = {
  notYours: 'This Sunday work is assigned to someone else.',
  notFound: 'This Sunday work no longer exists.',
  heading: 'Sunday work',
  empty: 'No Sunday work assigned to you.',
  fetchFailed: 'Error fetching Sunday work',
  saveFailed: 'Could not save this Sunday work',
  completed: 'Marked complete.',
} as const;

export const sundayWorkQuery = z.object({ cursor: z.string().max(100).optional() });

export const sundayWorkSchema = z.object({
  kind: z.enum(SUNDAY_WORK_KINDS),
  id: z.string(),
  sundayDate: z.string(),
  dueDate: z.string(),
  title: z.string(),
  status: z.string(),
  runwayCode: z.string().nullable(),
  runwayName: z.string().nullable(),
  /** Its person's answer (guide/sunday-planning.md#answering-an-assignment); null for a slide, which is not asked. */
  response: z.enum(ASSIGNMENT_RESPONSES).nullable(),
  responseReason: z.string().nullable(),
  /** The Sunday's page opened on this piece of work. */
  path: z.string(),
});
export type SundayWorkDto = z.infer<typeof sundayWorkSchema>;

export const sundayWorkResponse = z.object({ items: z.array(sundayWorkSchema), nextCursor: z.string().nullable() });
export type SundayWorkResponse = z.infer<typeof sundayWorkResponse>;

export const sundayWorkParams = z.object({ id: z.uuid() });
/** A plan task's or a weekly slide's finishing step. */
export const completeTaskBody = z.object({ isComplete: z.boolean() });
export const videoStatusBody = z.object({ status: z.enum(VIDEO_STATUSES) });
export const postStatusBody = z.object({ status: z.enum(SOCIAL_STATUSES) });

export const sundayWorkSavedResponse = z.object({ id: z.string(), sundayDate: z.string(), version: z.number().int() });
export type SundayWorkSaved = z.infer<typeof sundayWorkSavedResponse>;
