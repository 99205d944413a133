import type { Resolver, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { submissionSchemaFor, type DesignDirection, type Submission, type SubmissionInput } from '@shared/api/submission';
import type { ChurchConfigResponse } from '@shared/api/church-config';
import { promotionNoticeError } from '@shared/domain/church-config';
import { ACCEPTED_FILE_EXTENSIONS, CHURCH_TIME_ZONE_DEFAULT } from '@shared/domain/constants';
import { todayIn } from '@shared/domain/dates';

/** What the form holds: every field present, '' for empty (the submission schema's input). */
export interface FormValues {
  requesterName: string;
  requesterEmail: string;
  eventTitle: string;
  ministryId: string;
  promotionStartDate: string;
  eventStartDate: string;
  eventEndDate: string;
  startTime: string;
  endTime: string;
  location: string;
  expectedAttendance: string;
  descriptionShort: string;
  descriptionLong: string;
  targetAudience: string;
  tier: string;
  /** Channel codes of the church's configuration (decision 0056). */
  includedChannels: string[];
  additionalChannels: Record<string, boolean>;
  otherChannelText: string;
  infoLink: string;
  websiteDescription: string;
  registrationLink: string;
  planningCenterAdded: boolean | null;
  planningCenterLink: string;
  designDirection: DesignDirection;
  designNotes: string;
  duplicateOf: string | null;
}

/** The form object every section receives. */
export type RequestForm = UseFormReturn<FormValues, unknown, Submission>;

// The form's values are exactly what the shared schema accepts.
export const asSubmissionInput = (values: FormValues): SubmissionInput => values;

export const EMPTY_VALUES: FormValues = {
  requesterName: '',
  requesterEmail: '',
  eventTitle: '',
  ministryId: '',
  promotionStartDate: '',
  eventStartDate: '',
  eventEndDate: '',
  startTime: '',
  endTime: '',
  location: '',
  expectedAttendance: '',
  descriptionShort: '',
  descriptionLong: '',
  targetAudience: '',
  tier: '',
  includedChannels: [],
  additionalChannels: {},
  otherChannelText: '',
  infoLink: '',
  websiteDescription: '',
  registrationLink: '',
  planningCenterAdded: null,
  planningCenterLink: '',
  designDirection: 'template',
  designNotes: '',
  duplicateOf: null,
};

/** Today in the church's time zone: the lead-time rule counts from it. */
export const churchToday = () => todayIn(CHURCH_TIME_ZONE_DEFAULT);

/** The shared zod schema under the church's configuration, plus its minimum notice from today's date. */
export function makeFormResolver(config: ChurchConfigResponse): Resolver<FormValues, unknown, Submission> {
  const schemaResolver = zodResolver(submissionSchemaFor(config));
  return async (values, context, options) => {
    const result = await schemaResolver(asSubmissionInput(values), context, options as never);
    const leadTime = promotionNoticeError(
      values.promotionStartDate,
      todayIn(config.church.effectiveTimeZone),
      config.church.promotionMinDays,
    );
    if (!leadTime || result.errors.promotionStartDate) return result as Awaited<ReturnType<Resolver<FormValues, unknown, Submission>>>;
    return {
      values: {},
      errors: { ...result.errors, promotionStartDate: { type: 'leadTime', message: leadTime } },
    };
  };
}

/** Restores saved values over the empty form, ignoring anything that is not a known field. */
export function mergeValues(saved: unknown): FormValues {
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) throw new Error('Not a saved form');
  const out: Record<string, unknown> = { ...EMPTY_VALUES };
  for (const key of Object.keys(EMPTY_VALUES)) {
    if (key in (saved as Record<string, unknown>)) out[key] = (saved as Record<string, unknown>)[key];
  }
  return out as unknown as FormValues;
}

export const ACCEPT_ATTRIBUTE = ACCEPTED_FILE_EXTENSIONS.join(',');

export function hasAcceptedExtension(fileName: string): boolean {
  const lower = fileName.toLowerCase();
  return ACCEPTED_FILE_EXTENSIONS.some((ext) => lower.endsWith(ext));
}
