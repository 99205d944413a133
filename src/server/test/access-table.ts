import type { Role } from '../../shared/domain/roles';
import { ALL, allowedFor, from, STAFF } from './access-roles';
import { SUNDAYS_ACCESS } from './access-table-sundays';
import { SUNDAY_MEDIA_ACCESS } from './access-table-sunday-media';
import { SERIES_ACCESS } from './access-table-series';
import { NOTES_ACCESS } from './access-table-notes';
import { CMS_ACCT_ACCESS } from './access-table-cms-acct';
import { HEALTH_ACCESS } from './access-table-health';
import { ADMIN_USERS_ACCESS } from './access-table-admin-users';
import { FEEDS_ACCESS } from './access-table-feeds';
import { TWO_FACTOR_ACCESS } from './access-table-two-factor';
import { CSV_ACCESS } from './access-table-csv';
import { SSO_ACCESS } from './access-table-sso';
import { EMAIL_ACCESS } from './access-table-email';
import { BACKUPS_ACCESS } from './access-table-backups';
import { CHURCH_CONFIG_ACCESS } from './access-table-church-config';
import { SETUP_ACCESS } from './access-table-setup';
import { PEOPLE_ACCESS } from './access-table-people';
import { CAPACITY_ACCESS } from './access-table-capacity';

/**
 * The EXPECTED access to every API operation, written once from the spec and the design's
 * readings of it, independent of what the routes declare. The authorization matrix
 * (src/server/platform/policy/access-matrix.test.ts) calls every registered operation signed out
 * and as every role and compares the answers with this table; a route missing here, or an entry
 * without a route, fails it. Change an entry only with the spec (or a decision record) in hand.
 *
 * Sources: guide/roles-and-access.md#the-route-table (route table, public pages, password change) and section 6 (ranks),
 * guide/roles-and-access.md#the-route-table, ARCHITECTURE.md#contracts, #readings-that-still-hold (viewers, files, help feedback, activity),
 * decisions 0006 (board) and 0007 (archived requests read-only).
 */

/** The kinds of rows whose ids the scoped operations take. */
export type RowKind = 'request' | 'item' | 'asset' | 'notification' | 'sundayTask' | 'sundayVideo' | 'sundaySlide' | 'sundayPost';

/**
 * How a row is the caller's own: they requested it, it is shared with them (request_viewers),
 * one of its items is assigned to them (Sunday work: it is assigned to them), or (notifications)
 * they are its recipient.
 */
export type Relation = 'requester' | 'shared' | 'assigned' | 'recipient';

/** What a caller gets: the call goes through, 403 (sees the row, may not act) or 404 (may not see it). */
export type Outcome = 'allowed' | 403 | 404;

export interface RowAccess {
  row: RowKind;
  /** For each role past the rank gate: the answer on a row of OTHER people, unrelated to the caller. */
  others: Partial<Record<Role, Outcome>>;
  /** For each role refused on others' rows: the relation that makes a row theirs, and so allowed. */
  own: Partial<Record<Role, Relation>>;
}

/** A list operation: whether a row of other people (unrelated to the caller) appears in it. */
export interface ListAccess {
  row: RowKind;
  others: Partial<Record<Role, 'listed' | 'hidden'>>;
}

export interface Access {
  /** Where the rule comes from. */
  spec: string;
  /** Callable without a session. */
  public?: true;
  /** The roles that may call it (the rank gate); everyone else gets 403. Empty for public routes. */
  roles: readonly Role[];
  /** Reachable by a user who must change their password (guide/roles-and-access.md#the-route-table confinement). */
  passwordReset?: true;
  /** Reachable by a session that still owes its second-factor code (decision 0037). */
  secondFactorPending?: true;
  /** Reachable by a person the admin setting confines to setting up a second factor (decision 0037). */
  enrollment?: true;
  /** Row scope for operations on one row. */
  rows?: RowAccess;
  /** Row scope for lists. */
  list?: ListAccess;
  /** Streams forever: only refusals are asserted with inject(). */
  streaming?: true;
  /**
   * A change to what a locked Sunday shows: the roles past the rank gate that may still make it;
   * every other one gets 422 'sunday_locked' and nothing changes (decisions 0014 and 0053).
   */
  lockedSunday?: { roles: readonly Role[] };
}

/** Anyone who may see a request: staff (creative and above) any; a requester theirs; a viewer what is shared. */
const SEES_REQUEST = {
  others: { viewer: 404, requester: 404, ...allowedFor(STAFF) },
  own: { viewer: 'shared', requester: 'requester' },
} as const;

/** Everyone who may see the request except viewers (the drawer's canMessage and canUpload). */
const TAKES_PART = {
  others: { requester: 404, ...allowedFor(STAFF) },
  own: { requester: 'requester' },
} as const;

/** The item's assignee (creative and above) or a coordinator; staff see the request, so others get 403. */
const WORKS_ITEM: RowAccess = {
  row: 'item',
  others: { creative: 403, approver: 403, coordinator: 'allowed', admin: 'allowed' },
  own: { creative: 'assigned', approver: 'assigned' },
};

const publicOp = (spec: string, passwordReset = true): Access =>
  passwordReset ? { spec, public: true, roles: [], passwordReset: true } : { spec, public: true, roles: [] };

export const ACCESS_TABLE: Record<string, Access> = {
  // ------------------------------------------------------------ session (guide/roles-and-access.md#the-route-table)
  'GET /api/auth/session': publicOp('guide/roles-and-access.md#the-route-table: the app loads the session before any route ("Loading...")'),
  'POST /api/auth/sign-in': publicOp('guide/roles-and-access.md#the-route-table public route /login'),
  'POST /api/auth/forgot-password': publicOp('guide/roles-and-access.md#the-route-table /login: Forgot Password link'),
  'POST /api/auth/password-reset': publicOp('guide/roles-and-access.md#the-route-table /login: Forgot Password link (the reset link)'),
  'POST /api/auth/sign-out': {
    spec: 'guide/roles-and-access.md#the-route-table navigation: Sign Out, for every signed-in user',
    roles: ALL,
    passwordReset: true,
    secondFactorPending: true,
    enrollment: true,
  },
  'POST /api/auth/password': {
    spec: 'guide/roles-and-access.md#the-route-table password change confinement: the one thing such a user may do',
    roles: ALL,
    passwordReset: true,
    enrollment: true,
  },
  'GET /api/openapi.json': publicOp('ARCHITECTURE.md#contracts: the API documents itself; it holds no data', false),

  // ------------------------------------------------------------ public pages (guide/roles-and-access.md#the-route-table)
  'GET /api/landing': publicOp('guide/roles-and-access.md#the-route-table public route / (landing page)', false),
  'POST /api/help/feedback': publicOp(
    'guide/roles-and-access.md#the-route-table public route /help: Yes / No buttons; ARCHITECTURE.md#readings-that-still-hold stores them',
    false,
  ),
  'GET /api/admin/help-feedback': {
    spec: 'guide/roles-and-access.md#the-route-table /admin/* admin; ARCHITECTURE.md#readings-that-still-hold "counted for admins"',
    roles: from('admin'),
  },
  'GET /api/admin/landing': {
    spec: "guide/roles-and-access.md#the-route-table /admin/content admin; guide/roles-and-access.md#the-route-table 'Edit Landing Page'",
    roles: from('admin'),
  },
  'PUT /api/admin/landing': {
    spec: 'guide/roles-and-access.md#the-route-table /admin/content admin; guide/roles-and-access.md#the-route-table Landing content (one save)',
    roles: from('admin'),
  },
  'GET /api/admin/outbox': { spec: 'guide/roles-and-access.md#the-route-table /admin/system-health admin', roles: from('admin') },
  'GET /api/admin/outbox/delivery': {
    spec: 'decision 0053: whether e-mails are delivered, for the outbox and System Health',
    roles: from('admin'),
  },
  'POST /api/admin/outbox/:id/resend': { spec: 'decision 0053: resend a failed e-mail', roles: from('admin') },
  'POST /api/admin/outbox/test-email': { spec: "decision 0053: a test e-mail to the admin's own address", roles: from('admin') },
  'POST /api/admin/outbox/:id/reveal': {
    spec: "decision 0053: an invitation's temporary password shown once to an admin, logged",
    roles: from('admin'),
  },

  // ------------------------------------------------------------ realtime (ARCHITECTURE.md#contracts)
  'GET /api/events': {
    spec: 'ARCHITECTURE.md#contracts realtime: every signed-in user, each gets only the events it may see',
    roles: ALL,
    streaming: true,
  },

  // ------------------------------------------------------------ notifications (guide/roles-and-access.md#the-route-table bell, guide/roles-and-access.md#the-route-table Activity)
  'GET /api/notifications': {
    spec: 'guide/roles-and-access.md#the-route-table bell and /notifications; guide/roles-and-access.md#the-route-table Activity: others see only their own notifications',
    roles: ALL,
    list: {
      row: 'notification',
      others: { viewer: 'hidden', requester: 'hidden', creative: 'hidden', approver: 'hidden', coordinator: 'hidden', admin: 'hidden' },
    },
  },
  'GET /api/notifications/feed': {
    spec: "guide/roles-and-access.md#the-route-table Activity: admin and coordinator see a master feed of everyone's notifications and messages",
    roles: from('coordinator'),
    list: { row: 'notification', others: { coordinator: 'listed', admin: 'listed' } },
  },
  'GET /api/notifications/unread-count': {
    spec: "guide/roles-and-access.md#the-route-table bell: unread count badge of one's own",
    roles: ALL,
  },
  'POST /api/notifications/:id/read': {
    spec: 'guide/roles-and-access.md#the-route-table Activity: users mark their own notifications read',
    roles: ALL,
    rows: {
      row: 'notification',
      others: { viewer: 404, requester: 404, creative: 404, approver: 404, coordinator: 404, admin: 404 },
      own: {
        viewer: 'recipient',
        requester: 'recipient',
        creative: 'recipient',
        approver: 'recipient',
        coordinator: 'recipient',
        admin: 'recipient',
      },
    },
  },
  'POST /api/notifications/read-all': { spec: 'guide/roles-and-access.md#the-route-table bell: "Mark all read" (one\'s own)', roles: ALL },
  'POST /api/notifications/read-for-request': {
    spec: "guide/roles-and-access.md#the-route-table: opening an item marks one's own read",
    roles: ALL,
  },

  // ------------------------------------------------------------ requests and lists (guide/roles-and-access.md#the-route-table)
  'GET /api/requests/mine': {
    spec: 'guide/roles-and-access.md#the-route-table /my-requests "own requests"; guide/roles-and-access.md#what-a-viewer-sees viewers read those shared with them',
    roles: ALL,
    list: {
      row: 'request',
      others: { viewer: 'hidden', requester: 'hidden', creative: 'hidden', approver: 'hidden', coordinator: 'hidden', admin: 'hidden' },
    },
  },
  'GET /api/ministries': {
    spec: 'guide/roles-and-access.md#the-route-table new-request form and My Requests filter (viewers open My Requests, guide/roles-and-access.md#what-a-viewer-sees)',
    roles: ALL,
  },
  'GET /api/users/coordinators': {
    spec: 'guide/roles-and-access.md#the-route-table coordinator candidates: drawer admin controls, coordinator+',
    roles: from('coordinator'),
  },
  'GET /api/intake': { spec: 'guide/roles-and-access.md#the-route-table Intake: coordinator', roles: from('coordinator') },
  'GET /api/archive': {
    spec: 'guide/roles-and-access.md#the-route-table archive: requester; coordinators see every archived request, others their own',
    roles: from('requester'),
    list: {
      row: 'request',
      others: { requester: 'hidden', creative: 'hidden', approver: 'hidden', coordinator: 'listed', admin: 'listed' },
    },
  },
  'GET /api/event-promotions': {
    spec: 'guide/roles-and-access.md#the-route-table Event promotions: requester (the church-wide calendar of events)',
    roles: from('requester'),
  },
  'GET /api/calendar': {
    spec: 'guide/roles-and-access.md#the-route-table /calendar requester; guide/roles-and-access.md#what-a-viewer-sees viewers read calendars of requests shared with them',
    roles: ALL,
  },
  'GET /api/calendar/day': {
    spec: "guide/roles-and-access.md#the-route-table a day's '+N more' on /calendar; guide/roles-and-access.md#what-a-viewer-sees viewers read calendars of requests shared with them",
    roles: ALL,
  },
  'POST /api/requests': { spec: 'guide/roles-and-access.md#the-route-table New request: requester and above', roles: from('requester') },
  'GET /api/requests/:id/duplicate-source': {
    spec: "guide/roles-and-access.md#the-route-table duplicate a request: the requester's own; coordinators any",
    roles: from('requester'),
    rows: {
      row: 'request',
      others: { requester: 404, creative: 404, approver: 404, coordinator: 'allowed', admin: 'allowed' },
      own: { requester: 'requester', creative: 'requester', approver: 'requester' },
    },
  },
  // Request templates (guide/requests.md#request-templates): a request is saved as a template by its
  // requester or a coordinator or admin, as it is duplicated; the templates' own rules (private own
  // templates, church templates managed by coordinators) are checked in request-templates.test.ts.
  'POST /api/requests/:id/template': {
    spec: "guide/requests.md#request-templates: save a request as a template: the requester's own; coordinators any",
    roles: from('requester'),
    rows: {
      row: 'request',
      others: { requester: 404, creative: 404, approver: 404, coordinator: 'allowed', admin: 'allowed' },
      own: { requester: 'requester', creative: 'requester', approver: 'requester' },
    },
  },
  // Recurring requests (guide/requests.md#recurring-requests): one's own series; others' are not found.
  'GET /api/recurring-requests': { spec: 'guide/requests.md#recurring-requests: one’s own recurring requests', roles: from('requester') },
  'POST /api/recurring-requests': {
    spec: 'guide/requests.md#recurring-requests: requesters make one from a template',
    roles: from('requester'),
  },
  'POST /api/recurring-requests/:id/pause': { spec: 'guide/requests.md#recurring-requests: pause one’s own', roles: from('requester') },
  'POST /api/recurring-requests/:id/resume': { spec: 'guide/requests.md#recurring-requests: resume one’s own', roles: from('requester') },
  'POST /api/recurring-requests/:id/end': { spec: 'guide/requests.md#recurring-requests: end one’s own', roles: from('requester') },
  'GET /api/request-templates': {
    spec: "guide/requests.md#request-templates: one's own templates and the church's, requester and above",
    roles: from('requester'),
  },
  'PATCH /api/request-templates/:id': {
    spec: 'guide/requests.md#request-templates: rename one’s own template; coordinators the church’s',
    roles: from('requester'),
  },
  'DELETE /api/request-templates/:id': {
    spec: 'guide/requests.md#request-templates: delete one’s own template; coordinators the church’s',
    roles: from('requester'),
  },

  // ------------------------------------------------------------ the request drawer (guide/roles-and-access.md#the-route-table, guide/roles-and-access.md#the-route-table)
  'GET /api/requests/:id': {
    spec: 'guide/roles-and-access.md#the-route-table /request/{id}; guide/roles-and-access.md#what-a-viewer-sees viewers read shared requests; staff see every request',
    roles: ALL,
    rows: { row: 'request', ...SEES_REQUEST },
  },
  // The drawer's weeks booked (decision 0067): the same scope as the drawer's read.
  'GET /api/capacity/requests/:id': {
    spec: "guide/requests.md#channel-capacity the weeks a request's items book, in its drawer, for whoever may open it",
    roles: ALL,
    rows: { row: 'request', ...SEES_REQUEST },
  },
  // The drawer's "Show more" pages (decision 0029): the same scope as the drawer's read.
  'GET /api/requests/:id/assets': {
    spec: 'decision 0029: older assets of the drawer, for whoever may open it',
    roles: ALL,
    rows: { row: 'request', ...SEES_REQUEST },
  },
  'GET /api/requests/:id/activity': {
    spec: 'decision 0029: older activity of the drawer, for whoever may open it',
    roles: ALL,
    rows: { row: 'request', ...SEES_REQUEST },
  },
  'GET /api/requests/:id/messages': {
    spec: 'decision 0029: older messages of the drawer, for whoever may open it',
    roles: ALL,
    rows: { row: 'request', ...SEES_REQUEST },
  },
  'PATCH /api/requests/:id': {
    spec: 'guide/roles-and-access.md#the-route-table drawer admin controls (status, coordinator, priority): coordinator+',
    roles: from('coordinator'),
    rows: { row: 'request', others: allowedFor(from('coordinator')), own: {} },
  },
  'POST /api/requests/:id/archive': {
    spec: 'guide/roles-and-access.md#the-route-table drawer admin controls (Archive): coordinator+',
    roles: from('coordinator'),
    rows: { row: 'request', others: allowedFor(from('coordinator')), own: {} },
  },
  'DELETE /api/requests/:id': {
    spec: 'guide/roles-and-access.md#the-route-table drawer admin controls (Delete): coordinator+',
    roles: from('coordinator'),
    rows: { row: 'request', others: allowedFor(from('coordinator')), own: {} },
  },
  'PATCH /api/requests/:id/details': {
    spec: 'guide/roles-and-access.md#the-route-table: the requester edits details while submitted or needs approval; coordinators any',
    roles: from('requester'),
    rows: {
      row: 'request',
      others: { requester: 404, creative: 403, approver: 403, coordinator: 'allowed', admin: 'allowed' },
      own: { requester: 'requester', creative: 'requester', approver: 'requester' },
    },
  },
  'POST /api/requests/:id/messages': {
    spec: 'guide/roles-and-access.md#the-route-table messages: everyone who sees the request; viewers read-only (guide/roles-and-access.md#the-route-table)',
    roles: from('requester'),
    rows: { row: 'request', ...TAKES_PART },
  },
  'GET /api/users/viewers': {
    spec: 'guide/roles-and-access.md#the-route-table viewers management: coordinator+',
    roles: from('coordinator'),
  },
  'POST /api/requests/:id/viewers': {
    spec: 'guide/roles-and-access.md#the-route-table viewers management (add): coordinator+',
    roles: from('coordinator'),
    rows: { row: 'request', others: allowedFor(from('coordinator')), own: {} },
  },
  'DELETE /api/requests/:id/viewers/:userId': {
    spec: 'guide/roles-and-access.md#the-route-table viewers management (remove): coordinator+',
    roles: from('coordinator'),
    rows: { row: 'request', others: allowedFor(from('coordinator')), own: {} },
  },
  'POST /api/requests/:id/assets': {
    spec: 'guide/roles-and-access.md#the-route-table Assets tab upload: everyone who sees the request but viewers (read-only)',
    roles: from('requester'),
    rows: { row: 'request', ...TAKES_PART },
  },
  'GET /api/assets/:id/download': {
    spec: 'guide/requests.md#files-on-a-request files through an authorized route: whoever may see the request',
    roles: ALL,
    rows: { row: 'asset', ...SEES_REQUEST },
  },

  // ------------------------------------------------------------ the proof loop (guide/proofs.md#the-proof-loop)
  'POST /api/items/:id/proof-ready': {
    spec: 'guide/proofs.md#the-proof-loop: the creative working the item (or a coordinator) marks the proof ready',
    roles: from('creative'),
    rows: WORKS_ITEM,
  },
  'POST /api/items/:id/status': {
    spec: 'guide/proofs.md#the-proof-loop; guide/roles-and-access.md#the-route-table creative "completes assigned tasks"',
    roles: from('creative'),
    rows: WORKS_ITEM,
  },
  'POST /api/items/:id/approve-proof': {
    spec: 'guide/proofs.md#the-proof-loop: the requester approves; guide/roles-and-access.md#the-route-table approver "reviews and approves proofs"',
    roles: from('requester'),
    rows: {
      row: 'item',
      others: { requester: 404, creative: 403, approver: 'allowed', coordinator: 'allowed', admin: 'allowed' },
      own: { requester: 'requester', creative: 'requester' },
    },
  },
  'POST /api/items/:id/request-changes': {
    spec: 'guide/proofs.md#the-proof-loop: the requester requests changes; guide/roles-and-access.md#the-route-table approver reviews proofs',
    roles: from('requester'),
    rows: {
      row: 'item',
      others: { requester: 404, creative: 403, approver: 'allowed', coordinator: 'allowed', admin: 'allowed' },
      own: { requester: 'requester', creative: 'requester' },
    },
  },

  // ------------------------------------------------------------ approvals queue (guide/roles-and-access.md#the-route-table)
  'GET /api/approvals': { spec: 'guide/roles-and-access.md#the-route-table Approvals: approver', roles: from('approver') },
  'POST /api/approvals/:itemId/approve': {
    spec: 'guide/roles-and-access.md#the-route-table Approvals: approver (any pending item: approvers see every request)',
    roles: from('approver'),
    rows: { row: 'item', others: allowedFor(from('approver')), own: {} },
  },
  'POST /api/approvals/:itemId/reject': {
    spec: 'guide/roles-and-access.md#the-route-table Approvals: approver (any pending item: approvers see every request)',
    roles: from('approver'),
    rows: { row: 'item', others: allowedFor(from('approver')), own: {} },
  },

  // ------------------------------------------------------------ production board (guide/roles-and-access.md#the-route-table, decision 0006)
  'GET /api/board': { spec: 'guide/roles-and-access.md#the-route-table /production: creative', roles: from('creative') },
  'GET /api/board/column': {
    spec: "guide/roles-and-access.md#the-route-table /production: creative (a column's next page, decision 0026)",
    roles: from('creative'),
  },
  'POST /api/board/move': {
    spec: 'guide/roles-and-access.md#the-route-table creative "completes assigned tasks": their own cards; coordinators any (decision 0006)',
    roles: from('creative'),
    rows: WORKS_ITEM,
  },
  'POST /api/board/assign': {
    spec: 'guide/roles-and-access.md#the-route-table reassignment: coordinator level or above',
    roles: from('coordinator'),
  },

  // ------------------------------------------------------------ task lists and reminders (guide/roles-and-access.md#the-route-table)
  'GET /api/tasks': {
    spec: 'guide/roles-and-access.md#the-route-table task list: requesters are sent away; creatives see only their tasks; others all',
    roles: from('creative'),
    list: { row: 'item', others: { creative: 'hidden', approver: 'listed', coordinator: 'listed', admin: 'listed' } },
  },
  'GET /api/tasks/completed': {
    spec: 'guide/roles-and-access.md#the-route-table task list (finished work, guide/tasks-and-calendar.md#my-tasks-and-all-tasks)',
    roles: from('creative'),
  },
  'GET /api/tasks/squad': {
    spec: "guide/roles-and-access.md#the-route-table /all-tasks coordinator (the Church Media Squad's tasks)",
    roles: from('coordinator'),
  },
  'GET /api/users/assignees': {
    spec: 'guide/roles-and-access.md#the-route-table assignment candidates: reassignment is coordinator+',
    roles: from('coordinator'),
  },
  'POST /api/tasks/:id/assign': {
    spec: 'guide/roles-and-access.md#the-route-table reassignment: coordinator level or above, any task',
    roles: from('coordinator'),
    rows: { row: 'item', others: allowedFor(from('coordinator')), own: {} },
  },
  'POST /api/tasks/reminders': {
    spec: "guide/roles-and-access.md#the-route-table 'Send All Task Reminders': admin only",
    roles: from('admin'),
  },
  'POST /api/tasks/:id/remind': {
    spec: 'guide/roles-and-access.md#the-route-table task reminders: admin only, any open task',
    roles: from('admin'),
    rows: { row: 'item', others: allowedFor(from('admin')), own: {} },
  },

  // ------------------------------------------------------------ Sunday planning (guide/roles-and-access.md#the-route-table, decision 0014)
  ...SUNDAYS_ACCESS,
  ...SUNDAY_MEDIA_ACCESS,
  ...SERIES_ACCESS,
  ...NOTES_ACCESS,
  ...CMS_ACCT_ACCESS,
  ...HEALTH_ACCESS,
  ...FEEDS_ACCESS,
  ...ADMIN_USERS_ACCESS,
  ...TWO_FACTOR_ACCESS,
  ...CSV_ACCESS,
  ...SSO_ACCESS,
  ...EMAIL_ACCESS,
  ...BACKUPS_ACCESS,
  ...CHURCH_CONFIG_ACCESS,
  ...SETUP_ACCESS,
  ...PEOPLE_ACCESS,
  ...CAPACITY_ACCESS,
};
