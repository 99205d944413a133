import { z } from 'zod';
import { DESIGN_DIRECTIONS } from './submission';

/**
 * API contract of request templates (guide/requests.md#request-templates): a request's fields saved
 * under a name, to start a new request from. Dates are never kept.
 */

/** How many templates a person keeps of their own, and the church keeps: the lists stay one read. */
export const OWN_TEMPLATE_LIMIT = 50;
export const CHURCH_TEMPLATE_LIMIT = 100;

export const REQUEST_TEMPLATE_MESSAGES = {
  nameRequired: 'Give the template a name.',
  nameTaken: 'You already have a template with that name.',
  churchNameTaken: 'The church already has a template with that name.',
  ownLimit: `You can keep ${OWN_TEMPLATE_LIMIT} templates: delete one you no longer use first.`,
  churchLimit: `The church can keep ${CHURCH_TEMPLATE_LIMIT} templates: delete one it no longer uses first.`,
  churchOnlyCoordinators: 'Only coordinators and admins save church templates.',
  notFound: 'That template does not exist.',
  requestNotFound: 'Request not found.',
  saved: 'Template saved',
  renamed: 'Template renamed',
  deleted: 'Template deleted',
  saveFailed: 'Could not save the template',
  fetchFailed: 'Could not load the templates',
  deleteConfirm: (name: string) => `Delete the template '${name}'? Requests started from it are not changed.`,
  filled: 'Form filled from the template',
  filledBody: 'Choose the dates, then check the rest before submitting.',
  replaceConfirm: 'Replace what you typed with the template? The dates you chose are cleared too.',
} as const;

const M = REQUEST_TEMPLATE_MESSAGES;

/** The fields a template fills: the request's text, tier, channels, ministry and attendance; no dates. */
export const templateValues = z.object({
  eventTitle: z.string(),
  ministryId: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  location: z.string(),
  expectedAttendance: z.string(),
  descriptionShort: z.string(),
  descriptionLong: z.string(),
  targetAudience: z.string(),
  tier: z.string(),
  /** The tier's standard channels the request kept. */
  includedChannels: z.array(z.string()),
  /** Channels added beyond the tier's. */
  additionalChannels: z.record(z.string(), z.boolean()),
  otherChannelText: z.string(),
  infoLink: z.string(),
  websiteDescription: z.string(),
  registrationLink: z.string(),
  designDirection: z.enum(DESIGN_DIRECTIONS),
  designNotes: z.string(),
});
export type TemplateValues = z.infer<typeof templateValues>;

const name = z.string({ message: M.nameRequired }).trim().min(1, M.nameRequired).max(80);

export const saveTemplateBody = z.object({ name, church: z.boolean().default(false) });
export type SaveTemplateBody = z.input<typeof saveTemplateBody>;
export const renameTemplateBody = z.object({ name });
export const requestTemplateParams = z.object({ id: z.uuid() });

export const requestTemplate = z.object({
  id: z.string(),
  name: z.string(),
  /** A church template: every requester may start from it; coordinators and above manage it. */
  church: z.boolean(),
  owner: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  /** The caller may rename and delete it. */
  canManage: z.boolean(),
  values: templateValues,
  updatedAt: z.string(),
});
export type RequestTemplate = z.infer<typeof requestTemplate>;

export const requestTemplatesResponse = z.object({
  /** The caller's own templates, then the church's, each by name. */
  items: z.array(requestTemplate),
  /** The caller may save church templates. */
  canSaveChurch: z.boolean(),
});
export type RequestTemplatesResponse = z.infer<typeof requestTemplatesResponse>;

export const requestTemplateSaved = z.object({ id: z.string() });
