import { z } from 'zod';
import { SOCIAL_PLATFORMS, SOCIAL_POST_TYPES, SOCIAL_STATUSES, VIDEO_STATUSES, VIDEO_TYPES } from '../domain/planning';
import { ASSIGNMENT_RESPONSES } from '../domain/people-on-sundays';

/**
 * API contract of the media runway's editors (guide/sunday-planning.md#the-media-editor, guide/sunday-planning.md#a-runway-view, decisions 0014
 * and 0016): Sunday Videos, the Slide Deck, the Social Media Plan and the planning files they and
 * the Sunday plan upload. Every write carries the version of the Sunday's whole-service plan.
 */

/** The spec's strings (guide/sunday-planning.md#the-media-editor), verbatim, and this editor's own wording. */
export const SUNDAY_MEDIA_MESSAGES = {
  videosTitle: 'Sunday Videos',
  slidesTitle: 'Slide Deck',
  recurringSlides: 'Recurring Slides',
  recurringShared: 'Shared by every Sunday that is not locked: a change here shows on each of them.',
  recurringKept: 'This Sunday is locked: it keeps the recurring slides it had then, and changes made on other Sundays do not reach it.',
  recurringKeptAdmin: 'This Sunday is locked: it keeps the recurring slides it had then. Your changes here apply to this Sunday only.',
  weeklySlides: 'Weekly Slides',
  socialTitle: (date: string) => `Social Media Plan for week of ${date}`,
  changesSaved: 'Changes saved successfully!',
  errorSavingChanges: 'Error saving changes',
  slidesSaved: 'Slides saved successfully!',
  errorSavingSlides: 'Error saving slides',
  socialSaved: 'Social media plan saved!',
  errorSavingSocial: 'Error saving social posts',
  /** A save whose only change is deleted posts, refused. */
  errorDeletingPost: 'Error deleting post',
  uploadFailed: 'Upload failed',
  errorFetching: 'Error fetching Sunday details',
  noVideos: 'No videos planned for this Sunday yet.',
  noSlides: 'No slides yet.',
  noPosts: 'No social posts planned for this week yet.',
  titleRequired: 'Title is required',
  assetNotOfSunday: 'Each asset must be a file uploaded for this Sunday.',
  ownerNotCandidate: 'The owner must be an active team member who may own this.',
  recurringHasNoOwner: 'A recurring slide is shared by every Sunday: only a weekly slide can be assigned.',
  unknownMinistry: 'That ministry does not exist.',
  notOfSunday: 'That item does not belong to this Sunday.',
  fileNotFound: 'File not found.',
  chooseFile: 'Choose a file to upload.',
  oneFile: 'Upload one file at a time.',
  tooLarge: (name: string) => `File too large: ${name} exceeds the 10MB limit.`,
  planTypes: 'Only .jpg, .jpeg, .png, .pdf, .docx and .xlsx files can be uploaded.',
  socialTypes: 'Only images (.jpg, .jpeg, .png) and videos (.mp4, .mov, .webm) can be uploaded.',
} as const;

/** yyyy-MM-dd; the service also checks it is a Sunday (decision 0014). */
export const sundayDateParams = z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a yyyy-MM-dd date.') });

const person = z.object({ id: z.string(), fullName: z.string() });
export type MediaPerson = z.infer<typeof person>;

/** What every media editor gets with its rows: the plan version to send back, the lock and what the caller may do. */
const sundayState = {
  sundayDate: z.string(),
  version: z.number().int(),
  isLocked: z.boolean(),
  canEdit: z.boolean(),
};

// ---------------------------------------------------------------- videos

export const VIDEO_TITLE_MAX = 200;

export const videoSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(VIDEO_TYPES),
  ministryId: z.string().nullable(),
  ministryName: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(VIDEO_STATUSES),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  orderInService: z.number().int(),
  /** The owner's answer (guide/sunday-planning.md#answering-an-assignment). */
  response: z.enum(ASSIGNMENT_RESPONSES),
  responseReason: z.string().nullable(),
});
export type SundayVideo = z.infer<typeof videoSchema>;

export const videoCountsSchema = z.object({ ready: z.number().int(), inProgress: z.number().int(), planned: z.number().int() });
export type VideoCounts = z.infer<typeof videoCountsSchema>;

export const videosResponse = z.object({
  ...sundayState,
  videos: z.array(videoSchema),
  counts: videoCountsSchema,
  owners: z.array(person),
  ministries: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type VideosResponse = z.infer<typeof videosResponse>;

const trimmedTitle = z.string().trim().min(1, SUNDAY_MEDIA_MESSAGES.titleRequired).max(VIDEO_TITLE_MAX);
const optionalText = z
  .string()
  .max(5000)
  .nullable()
  .transform((v) => (v && v.trim() ? v : null));

export const videoInput = z.object({
  id: z.uuid().optional(),
  title: trimmedTitle,
  type: z.enum(VIDEO_TYPES).default('announcement'),
  ministryId: z.uuid().nullable().default(null),
  description: optionalText.default(null),
  status: z.enum(VIDEO_STATUSES).default('planned'),
  ownerId: z.uuid().nullable().default(null),
  durationSeconds: z.number().int().min(0).max(86_400).nullable().default(null),
  orderInService: z.number().int().min(0).max(10_000).default(0),
});
export type VideoInput = z.input<typeof videoInput>;

export const saveVideosBody = z.object({
  version: z.number().int().min(0),
  videos: z.array(videoInput).max(200),
  deleted: z.array(z.uuid()).max(200).default([]),
  /** The coordinator was told someone newly given work is blocked out on this Sunday and assigns anyway (guide/sunday-planning.md#blockout-dates). */
  confirmBlockout: z.boolean().default(false),
});
export type SaveVideosBody = z.input<typeof saveVideosBody>;

// ---------------------------------------------------------------- slides

export const slideSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(['recurring', 'weekly']),
  active: z.boolean(),
  orderIndex: z.number().int(),
  /** Who makes this week's slide (Sunday work, decision 0058); recurring slides have no one. */
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  /** Its owner has finished it. */
  isComplete: z.boolean(),
});
export type Slide = z.infer<typeof slideSchema>;

export const slidesResponse = z.object({
  ...sundayState,
  /** Recurring slides are shared by every open Sunday; a locked Sunday keeps its own, changed only by admins (decisions 0016, 0053). */
  canEditRecurring: z.boolean(),
  recurring: z.array(slideSchema),
  weekly: z.array(slideSchema),
  /** Who may be given a weekly slide. */
  owners: z.array(person),
});
export type SlidesResponse = z.infer<typeof slidesResponse>;

export const slideInput = z.object({
  id: z.uuid().optional(),
  title: trimmedTitle,
  active: z.boolean().default(true),
  orderIndex: z.number().int().min(0).max(10_000).default(0),
  /** Weekly slides only: a recurring slide is shared by every Sunday and belongs to no one. */
  ownerId: z.uuid().nullable().default(null),
  isComplete: z.boolean().default(false),
});
export type SlideInput = z.input<typeof slideInput>;

export const saveSlidesBody = z.object({
  version: z.number().int().min(0),
  recurring: z.array(slideInput).max(200).default([]),
  weekly: z.array(slideInput).max(200).default([]),
  deleted: z.array(z.uuid()).max(400).default([]),
  /** The coordinator was told someone newly given a weekly slide is blocked out on this Sunday and assigns anyway (guide/sunday-planning.md#blockout-dates). */
  confirmBlockout: z.boolean().default(false),
});
export type SaveSlidesBody = z.input<typeof saveSlidesBody>;

// ---------------------------------------------------------------- social posts

export const ASSET_KINDS = ['image', 'video'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

/** Assets are planning files of the same Sunday, served through the authorized route (guide/requests.md#files-on-a-request). */
export const PLANNING_FILE_URL = /^\/api\/planning-files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const socialAssetSchema = z.object({ url: z.string().regex(PLANNING_FILE_URL), type: z.enum(ASSET_KINDS) });
export type SocialAsset = z.infer<typeof socialAssetSchema>;

export const socialPostSchema = z.object({
  id: z.string(),
  platform: z.enum(SOCIAL_PLATFORMS),
  postType: z.enum(SOCIAL_POST_TYPES),
  postDatetime: z.string(),
  status: z.enum(SOCIAL_STATUSES),
  campaignTag: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  caption: z.string().nullable(),
  hashtags: z.string().nullable(),
  assets: z.array(socialAssetSchema),
  /** The owner's answer (guide/sunday-planning.md#answering-an-assignment). */
  response: z.enum(ASSIGNMENT_RESPONSES),
  responseReason: z.string().nullable(),
});
export type SocialPost = z.infer<typeof socialPostSchema>;

export const socialResponse = z.object({
  ...sundayState,
  canLock: z.boolean(),
  posts: z.array(socialPostSchema),
  owners: z.array(person),
  campaignOptions: z.array(z.string()),
});
export type SocialResponse = z.infer<typeof socialResponse>;

/** A post not saved yet carries a temporary id starting with 'new-' (guide/sunday-planning.md#the-media-editor). */
export const NEW_POST_PREFIX = 'new-';

export const socialPostInput = z.object({
  id: z.union([z.uuid(), z.string().regex(/^new-[A-Za-z0-9_-]{1,64}$/)]),
  platform: z.enum(SOCIAL_PLATFORMS).default('Instagram'),
  postType: z.enum(SOCIAL_POST_TYPES).default('Static Image'),
  /** An ISO moment; missing means the default, 17:00 UTC on the Sunday (guide/sunday-planning.md#the-media-editor). */
  postDatetime: z.iso.datetime({ offset: true }).optional(),
  status: z.enum(SOCIAL_STATUSES).default('Planned'),
  campaignTag: z.string().max(300).default(''),
  ownerId: z.uuid().nullable().default(null),
  caption: optionalText.default(null),
  hashtags: optionalText.default(null),
  assets: z.array(socialAssetSchema).max(20).default([]),
});
export type SocialPostInput = z.input<typeof socialPostInput>;

/** The posts to add or change, and the saved posts deleted in the editor since it loaded (like videos and slides). */
export const saveSocialBody = z.object({
  version: z.number().int().min(0),
  posts: z.array(socialPostInput).max(100),
  deleted: z.array(z.uuid()).max(100).default([]),
  /** The coordinator was told someone newly given work is blocked out on this Sunday and assigns anyway (guide/sunday-planning.md#blockout-dates). */
  confirmBlockout: z.boolean().default(false),
});
export type SaveSocialBody = z.input<typeof saveSocialBody>;

/** The default post time: 17:00 UTC on the Sunday date (guide/sunday-planning.md#the-media-editor). */
export const defaultPostDatetime = (sundayDate: string) => `${sundayDate}T17:00:00.000Z`;

// ---------------------------------------------------------------- planning files

export const PLANNING_FILE_KINDS = ['plan', 'social'] as const;
export const planningFileQuery = z.object({ kind: z.enum(PLANNING_FILE_KINDS) });
export const planningFileParams = z.object({ id: z.uuid() });
export const planningFileDownloadQuery = z.object({ disposition: z.enum(['inline', 'attachment']).optional() });

export const planningFileResponse = z.object({
  id: z.string(),
  url: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
});
export type PlanningFile = z.infer<typeof planningFileResponse>;

export const planningFileUrl = (id: string) => `/api/planning-files/${id}`;
export const assetKindOf = (mimeType: string): AssetKind => (mimeType.startsWith('video/') ? 'video' : 'image');

/**
 * The Sunday Videos counts (guide/sunday-planning.md#the-media-editor): ready for ready, played and scheduled; in
 * progress for in_production and review; everything else planned.
 */
export function videoCounts(statuses: readonly string[]): VideoCounts {
  const counts: VideoCounts = { ready: 0, inProgress: 0, planned: 0 };
  for (const status of statuses) {
    if (status === 'ready' || status === 'played' || status === 'scheduled') counts.ready++;
    else if (status === 'in_production' || status === 'review') counts.inProgress++;
    else counts.planned++;
  }
  return counts;
}
