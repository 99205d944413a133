import { z } from 'zod';
import { ITEM_STATUSES, PRIORITIES, SELECTABLE_REQUEST_STATUSES } from '../domain/statuses';
import { MANUAL_ITEM_STATUSES } from '../domain/request-permissions';
import { SHORT_DESCRIPTION_MAX } from '../domain/constants';
import { ASSIGNMENT_RESPONSES } from '../domain/people-on-sundays';

/** API contract of the request detail drawer and the proof loop (guide/requests.md#the-request-drawer, guide/proofs.md#the-proof-loop). */
export const MESSAGE_MAX = 5000;
/** No read returns more than 200 entries of one list (guide/requests.md#the-request-drawer: activity reads up to 200 items per source). */
export const DETAIL_LIST_LIMIT = 200;
/** The drawer's first page of assets, activity and messages; older pages come on "Show more" (decision 0029). */
export const DETAIL_PAGE_SIZE = 25;
/** Proof versions sent with each item, newest first; older versions stay in the Assets tab (decision 0029). */
export const ITEM_PROOF_LIMIT = 20;
/** The drawer's lists that page: each has a GET /api/requests/:id/<list> endpoint for older pages. */
export const DETAIL_LISTS = ['assets', 'activity', 'messages'] as const;
export type DetailList = (typeof DETAIL_LISTS)[number];

export const DRAWER_MESSAGES = {
  loadFailed: "Couldn't load request details. The database might be busy. Please try again.",
  /** The request does not exist, or is not shared with this person: the server answers the same. */
  notFound: 'Request not found. It may have been deleted, or it is not shared with you.',
  updateFailed: 'Update failed',
  creationFailed: 'Creation failed',
  idCopied: 'Request ID copied to clipboard!',
  blankMessage: 'Message cannot be blank.',
  staleVersion: 'Someone else changed this request while you were looking at it. Reload to see their changes, then try again.',
  feedbackRequired: 'Please describe the changes you need.',
} as const;

/** '{action} successful!' (guide/requests.md#the-request-drawer). */
export const successToast = (action: string) => `${action} successful!`;

const person = z.object({ id: z.string(), fullName: z.string() });
export type Person = z.infer<typeof person>;

export const requestAllowedActionsSchema = z.object({
  canEdit: z.boolean(),
  canAdmin: z.boolean(),
  canMessage: z.boolean(),
  canUpload: z.boolean(),
  isViewOnly: z.boolean(),
});

export const itemAllowedActionsSchema = z.object({
  canUploadProof: z.boolean(),
  canMarkProofReady: z.boolean(),
  canReviewProof: z.boolean(),
  canSetStatus: z.boolean(),
  nextStatuses: z.array(z.enum(MANUAL_ITEM_STATUSES)),
  canReassign: z.boolean(),
});

export const detailItemSchema = z.object({
  id: z.string(),
  channel: z.string(),
  status: z.enum(ITEM_STATUSES),
  priority: z.string(),
  dueDate: z.string().nullable(),
  assignee: person.extend({ isExternal: z.boolean() }).nullable(),
  /** The assignee's answer (guide/sunday-planning.md#answering-an-assignment). */
  response: z.enum(ASSIGNMENT_RESPONSES),
  responseReason: z.string().nullable(),
  isAdditionalRequest: z.boolean(),
  additionalRequestStatus: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  publishedUrl: z.string().nullable(),
  latestProofVersion: z.number().int().nullable(),
  allowedActions: itemAllowedActionsSchema,
});

export const assetSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileType: z.string(),
  versionNumber: z.number().int(),
  itemId: z.string().nullable(),
  uploader: person.nullable(),
  createdAt: z.string(),
});
export type AssetDto = z.infer<typeof assetSchema>;

/** An item with its newest proof versions (at most ITEM_PROOF_LIMIT), read apart from the paged Assets list. */
export const detailItemWithProofsSchema = detailItemSchema.extend({ proofs: z.array(assetSchema) });
export type DetailItem = z.infer<typeof detailItemWithProofsSchema>;

export const activitySchema = z.object({
  id: z.string(),
  actionType: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  notes: z.string().nullable(),
  actor: person.nullable(),
  createdAt: z.string(),
});
export type ActivityDto = z.infer<typeof activitySchema>;

export const messageSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: person.nullable(),
  createdAt: z.string(),
});
export type MessageDto = z.infer<typeof messageSchema>;

export const viewerSchema = person.extend({ email: z.string(), addedAt: z.string() });

/** Where a paged list stands: `nextCursor` reads the next older page; null when there is none. */
export const pageInfoSchema = z.object({ hasMore: z.boolean(), nextCursor: z.string().nullable() });
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** GET /api/requests/:id/{assets,activity,messages}: an older page, newest first (keyset on createdAt|id). */
export const detailPageQuery = z.object({
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(DETAIL_LIST_LIMIT).default(DETAIL_PAGE_SIZE),
});
export type DetailPageQuery = z.infer<typeof detailPageQuery>;
const pageOf = <T extends z.ZodType>(entry: T) => pageInfoSchema.extend({ entries: z.array(entry) });
export const assetPageSchema = pageOf(assetSchema);
export const activityPageSchema = pageOf(activitySchema);
export const messagePageSchema = pageOf(messageSchema);
export interface DetailPages {
  assets: z.infer<typeof assetPageSchema>;
  activity: z.infer<typeof activityPageSchema>;
  messages: z.infer<typeof messagePageSchema>;
}

export const requestDetailSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  eventTitle: z.string(),
  status: z.string(),
  priority: z.enum(PRIORITIES),
  tier: z.string().nullable(),
  ministry: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The on-behalf-of name replaces the requester's name (guide/requests.md#the-request-drawer). */
  requester: person.extend({ role: z.string(), email: z.string() }),
  coordinator: person.nullable(),
  promotionStartDate: z.string().nullable(),
  eventStartDate: z.string().nullable(),
  eventEndDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  location: z.string().nullable(),
  expectedAttendance: z.number().int().nullable(),
  descriptionShort: z.string().nullable(),
  descriptionLong: z.string().nullable(),
  targetAudience: z.string().nullable(),
  ctaType: z.string(),
  ctaUrl: z.string().nullable(),
  isImpactInOne: z.boolean(),
  planningCenterAdded: z.boolean().nullable(),
  planningCenterLink: z.string().nullable(),
  infoLink: z.string().nullable(),
  registrationLink: z.string().nullable(),
  websiteDescription: z.string().nullable(),
  designDirection: z.string(),
  designNotes: z.string().nullable(),
  otherChannelText: z.string().nullable(),
  /** Channels of a late request that could not be made, with why (decision 0067). */
  droppedItems: z.array(z.object({ channel: z.string(), reason: z.string() })),
  contentCompleteScore: z.number().int(),
  submittedAt: z.string(),
  archivedAt: z.string().nullable(),
  items: z.array(detailItemWithProofsSchema),
  /** The first page of each list, newest first; `pages` says whether older entries exist. */
  assets: z.array(assetSchema),
  activity: z.array(activitySchema),
  messages: z.array(messageSchema),
  pages: z.object({ assets: pageInfoSchema, activity: pageInfoSchema, messages: pageInfoSchema }),
  viewers: z.array(viewerSchema),
  /** Admin controls only: users who may coordinate (admin, coordinator). */
  coordinatorCandidates: z.array(person),
  allowedActions: requestAllowedActionsSchema,
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

export const requestIdParams = z.object({ id: z.uuid() });
export const viewerParams = z.object({ id: z.uuid(), userId: z.uuid() });

export const versionResponse = z.object({ id: z.string(), version: z.number().int() });

export const updateRequestBody = z
  .object({
    status: z.enum(SELECTABLE_REQUEST_STATUSES).optional(),
    priority: z.enum(PRIORITIES).optional(),
    currentCoordinatorId: z.uuid().nullable().optional(),
    version: z.number().int().min(1),
  })
  .refine((b) => b.status !== undefined || b.priority !== undefined || b.currentCoordinatorId !== undefined, {
    message: 'Nothing to change.',
  });
export type UpdateRequestBody = z.infer<typeof updateRequestBody>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** The drawer's editable text fields (dates and channels belong to the form and its rules). */
export const updateDetailsBody = z.object({
  eventTitle: z.string().trim().min(1, 'Title is required.').max(200).optional(),
  descriptionShort: optionalText(SHORT_DESCRIPTION_MAX),
  descriptionLong: optionalText(5000),
  targetAudience: optionalText(500),
  location: optionalText(300),
  infoLink: optionalText(2000),
  registrationLink: optionalText(2000),
  websiteDescription: optionalText(5000),
  designNotes: optionalText(5000),
  version: z.number().int().min(1),
});
export type UpdateDetailsBody = z.input<typeof updateDetailsBody>;
export const EDITABLE_DETAIL_FIELDS = [
  'eventTitle',
  'descriptionShort',
  'descriptionLong',
  'targetAudience',
  'location',
  'infoLink',
  'registrationLink',
  'websiteDescription',
  'designNotes',
] as const;

/** How the editable fields are named in the drawer and in the activity entry that lists them. */
export const EDITABLE_DETAIL_LABELS: Record<(typeof EDITABLE_DETAIL_FIELDS)[number], string> = {
  eventTitle: 'Title',
  descriptionShort: 'Short description',
  descriptionLong: 'Long description',
  targetAudience: 'Target audience',
  location: 'Location',
  infoLink: 'Info link',
  registrationLink: 'Registration link',
  websiteDescription: 'Website description',
  designNotes: 'Design notes',
};

export const archiveBody = z.object({ kind: z.enum(['recurring', 'onetime']) });

export const messageBody = z.object({
  body: z.string().trim().min(1, DRAWER_MESSAGES.blankMessage).max(MESSAGE_MAX),
});

export const addViewerBody = z.object({ userId: z.uuid() });
const viewerCandidate = person.extend({ email: z.string() });
export type ViewerCandidate = z.infer<typeof viewerCandidate>;
export const viewerCandidatesResponse = z.object({ users: z.array(viewerCandidate) });

export const requestChangesBody = z.object({
  feedback: z.string().trim().min(1, DRAWER_MESSAGES.feedbackRequired).max(MESSAGE_MAX),
});
export const itemStatusBody = z.object({ status: z.enum(MANUAL_ITEM_STATUSES) });
export const itemResponse = z.object({ id: z.string(), status: z.enum(ITEM_STATUSES) });

export const createdResponse = z.object({ id: z.string() });
export const assetCreatedResponse = z.object({ id: z.string(), versionNumber: z.number().int() });
