import { z } from 'zod';
import { DIGEST_TIME_PATTERN, EMAIL_KINDS, EMAIL_MODES } from '../domain/email-preferences';

/** A person's e-mail preferences: every kind with its mode, defaults filled in. */
export const emailPreferencesSchema = z.object({
  preferences: z.array(z.object({ kind: z.enum(EMAIL_KINDS), mode: z.enum(EMAIL_MODES) })),
  /** When the daily digest goes, for the explanation on the account page. */
  digestTime: z.string(),
  timeZone: z.string(),
});
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

/** One kind's new mode. */
export const emailPreferenceBody = z.object({ kind: z.enum(EMAIL_KINDS), mode: z.enum(EMAIL_MODES) });
export type EmailPreferenceInput = z.infer<typeof emailPreferenceBody>;

export const EMAIL_PREFERENCE_MESSAGES = {
  heading: 'E-mail preferences',
  explanation:
    'Choose how each kind of e-mail reaches you: as it happens, gathered in one daily digest, or not at all. Notifications in Lampstand stay as they are.',
  saved: 'E-mail preference saved.',
  saveFailed: 'Error saving changes',
  fetchFailed: 'Could not load your e-mail preferences: ',
} as const;

/** The admin's digest time (Admin Settings). */
export const digestTimeSchema = z.object({
  time: z.string(),
  timeZone: z.string(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type DigestTimeSetting = z.infer<typeof digestTimeSchema>;

export const DIGEST_TIME_INVALID = 'Enter a time of day such as 07:00.';
export const digestTimeBody = z.object({ time: z.string().regex(DIGEST_TIME_PATTERN, DIGEST_TIME_INVALID) });

export const DIGEST_TIME_MESSAGES = {
  heading: 'Daily e-mail digest',
  label: 'Send the daily digest at',
  explanation:
    'People who choose the daily digest for a kind of e-mail get one e-mail a day at this time, listing what happened since the last one, grouped by request. Nothing is sent when nothing happened.',
  saved: 'Changes saved successfully!',
  saveFailed: 'Error saving changes',
  fetchFailed: 'Could not fetch settings data: ',
} as const;
