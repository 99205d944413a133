import type { AssetDto, DetailItem, RequestDetail } from '@shared/api/request-detail';
import { NO_ITEM_ACTIONS } from '@shared/domain/request-permissions';

/**
 * Builders of the request-detail answer (GET /api/requests/:id) for component tests: a plausible
 * request with sensible defaults, and each test overrides only what it is about.
 */

export const REQUEST_ID = '11111111-1111-4111-8111-111111111111';
export const ITEM_ID = '22222222-2222-4222-8222-222222222222';

/** A reader who may only look (a viewer the request is shared with). */
export const VIEW_ONLY: RequestDetail['allowedActions'] = {
  canEdit: false,
  canAdmin: false,
  canMessage: false,
  canUpload: false,
  isViewOnly: true,
};
/** Everything a coordinator or an admin may do on a request. */
export const ALL_REQUEST_ACTIONS: RequestDetail['allowedActions'] = {
  canEdit: true,
  canAdmin: true,
  canMessage: true,
  canUpload: true,
  isViewOnly: false,
};
/** An item the reader may do nothing with. */
export { NO_ITEM_ACTIONS };

/** One item of the request: a Sunday slide waiting for review of its second proof, assigned to a creative. */
export function detailItem(over: Partial<DetailItem> = {}): DetailItem {
  return {
    id: ITEM_ID,
    channel: 'sunday_slide',
    status: 'proof_ready',
    priority: 'medium',
    dueDate: '2030-03-01',
    assignee: { id: 'c1', fullName: 'Chloe Creative', isExternal: false },
    response: 'accepted',
    responseReason: null,
    isAdditionalRequest: false,
    additionalRequestStatus: null,
    rejectionReason: null,
    publishedUrl: null,
    latestProofVersion: 2,
    allowedActions: NO_ITEM_ACTIONS,
    proofs: [],
    ...over,
  };
}

/** One uploaded file of the request (version `n`, by the creative). */
export function detailAsset(n: number, over: Partial<AssetDto> = {}): AssetDto {
  return {
    id: `asset-${n}`,
    itemId: null,
    fileName: `file-${n}.png`,
    fileSize: 1024 * n,
    fileType: 'image/png',
    versionNumber: n,
    uploader: { id: 'c1', fullName: 'Chloe Creative' },
    createdAt: '2030-01-30T12:00:00.000Z',
    ...over,
  };
}

/**
 * The request as the detail read answers it: an approved Tier A 'Marriage Retreat' of Worship by
 * Ruth Requester, no coordinator, no items, files, history or messages, every list on its only page,
 * read by someone who may only look.
 */
export function requestDetail(over: Partial<RequestDetail> = {}): RequestDetail {
  return {
    id: REQUEST_ID,
    version: 1,
    eventTitle: 'Marriage Retreat',
    status: 'approved',
    priority: 'medium',
    tier: 'A',
    ministry: { id: 'm1', name: 'Worship' },
    requester: { id: 'r1', fullName: 'Ruth Requester', role: 'requester', email: 'requester@example.org' },
    coordinator: null,
    promotionStartDate: '2030-02-01',
    eventStartDate: '2030-02-22',
    eventEndDate: null,
    startTime: '18:00',
    endTime: '20:00',
    location: 'Main Campus',
    expectedAttendance: null,
    descriptionShort: 'Short',
    descriptionLong: null,
    targetAudience: null,
    ctaType: 'url',
    ctaUrl: null,
    isImpactInOne: false,
    planningCenterAdded: true,
    planningCenterLink: null,
    infoLink: null,
    registrationLink: null,
    websiteDescription: null,
    designDirection: 'template',
    designNotes: null,
    otherChannelText: null,
    droppedItems: [],
    contentCompleteScore: 85,
    submittedAt: '2030-01-01T12:00:00.000Z',
    archivedAt: null,
    items: [],
    pages: {
      assets: { hasMore: false, nextCursor: null },
      activity: { hasMore: false, nextCursor: null },
      messages: { hasMore: false, nextCursor: null },
    },
    assets: [],
    activity: [],
    messages: [],
    viewers: [],
    coordinatorCandidates: [],
    allowedActions: VIEW_ONLY,
    ...over,
  };
}
