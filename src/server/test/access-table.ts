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

/**
 * The EXPECTED access to every API operation, written once from the spec and the design's
 * readings of it, independent of what the routes declare (issue 14). The authorization matrix
 * (src/server/platform/policy/access-matrix.test.ts) calls every registered operation signed out
 * and as every role and compares the answers with this table; a route missing here, or an entry
 * without a route, fails it. Change an entry only with the spec (or a decision record) in hand.
 *
 * Sources: spec 000 section 2 (route table, public pages, password change) and section 6 (ranks),
 * spec 001 section 6, spec 002 section 6, DESIGN 4 and 5 (viewers, files, help feedback, activity),
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
  /** Reachable by a user who must change their password (spec 000 section 2 confinement). */
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
  // ------------------------------------------------------------ session (spec 000 section 2)
  'GET /api/auth/session': publicOp('000 §2: the app loads the session before any route ("Loading...")'),
  'POST /api/auth/sign-in': publicOp('000 §2 public route /login'),
  'POST /api/auth/forgot-password': publicOp('000 §2 /login: Forgot Password link'),
  'POST /api/auth/password-reset': publicOp('000 §2 /login: Forgot Password link (the reset link)'),
  'POST /api/auth/sign-out': {
    spec: '000 §2 navigation: Sign Out, for every signed-in user',
    roles: ALL,
    passwordReset: true,
    secondFactorPending: true,
    enrollment: true,
  },
  'POST /api/auth/password': {
    spec: '000 §2 password change confinement: the one thing such a user may do',
    roles: ALL,
    passwordReset: true,
    enrollment: true,
  },
  'GET /api/openapi.json': publicOp('DESIGN 4: the API documents itself; it holds no data', false),

  // ------------------------------------------------------------ public pages (spec 000 section 2)
  'GET /api/landing': publicOp('000 §2 public route / (landing page)', false),
  'POST /api/help/feedback': publicOp('000 §2 public route /help: Yes / No buttons; DESIGN 5.6 stores them', false),
  'GET /api/admin/help-feedback': { spec: '000 §2 /admin/* admin; DESIGN 5.6 "counted for admins"', roles: from('admin') },
  'GET /api/admin/landing': { spec: "000 §2 /admin/content admin; 002 §2 'Edit Landing Page'", roles: from('admin') },
  'PUT /api/admin/landing': { spec: '000 §2 /admin/content admin; 002 §7 Landing content (one save)', roles: from('admin') },
  'GET /api/admin/outbox': { spec: '000 §2 /admin/system-health admin', roles: from('admin') },
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

  // ------------------------------------------------------------ realtime (DESIGN 4)
  'GET /api/events': {
    spec: 'DESIGN 4 realtime: every signed-in user, each gets only the events it may see',
    roles: ALL,
    streaming: true,
  },

  // ------------------------------------------------------------ notifications (000 §2 bell, 002 §6 Activity)
  'GET /api/notifications': {
    spec: '000 §2 bell and /notifications; 002 §6 Activity: others see only their own notifications',
    roles: ALL,
    list: {
      row: 'notification',
      others: { viewer: 'hidden', requester: 'hidden', creative: 'hidden', approver: 'hidden', coordinator: 'hidden', admin: 'hidden' },
    },
  },
  'GET /api/notifications/feed': {
    spec: "002 §6 Activity: admin and coordinator see a master feed of everyone's notifications and messages",
    roles: from('coordinator'),
    list: { row: 'notification', others: { coordinator: 'listed', admin: 'listed' } },
  },
  'GET /api/notifications/unread-count': { spec: "000 §2 bell: unread count badge of one's own", roles: ALL },
  'POST /api/notifications/:id/read': {
    spec: '002 §6 Activity: users mark their own notifications read',
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
  'POST /api/notifications/read-all': { spec: '000 §2 bell: "Mark all read" (one\'s own)', roles: ALL },
  'POST /api/notifications/read-for-request': { spec: "001 §4: opening an item marks one's own read", roles: ALL },

  // ------------------------------------------------------------ requests and lists (spec 001)
  'GET /api/requests/mine': {
    spec: '000 §2 /my-requests "own requests"; DESIGN 5.2 viewers read those shared with them',
    roles: ALL,
    list: {
      row: 'request',
      others: { viewer: 'hidden', requester: 'hidden', creative: 'hidden', approver: 'hidden', coordinator: 'hidden', admin: 'hidden' },
    },
  },
  'GET /api/ministries': { spec: '001 §2 new-request form and My Requests filter (viewers open My Requests, DESIGN 5.2)', roles: ALL },
  'GET /api/users/coordinators': { spec: '001 §6 coordinator candidates: drawer admin controls, coordinator+', roles: from('coordinator') },
  'GET /api/intake': { spec: '001 §6 Intake: coordinator', roles: from('coordinator') },
  'GET /api/archive': {
    spec: '001 §6 archive: requester; coordinators see every archived request, others their own',
    roles: from('requester'),
    list: {
      row: 'request',
      others: { requester: 'hidden', creative: 'hidden', approver: 'hidden', coordinator: 'listed', admin: 'listed' },
    },
  },
  'GET /api/event-promotions': {
    spec: '001 §6 Event promotions: requester (the church-wide calendar of events)',
    roles: from('requester'),
  },
  'GET /api/calendar': {
    spec: '000 §2 /calendar requester; DESIGN 5.2 viewers read calendars of requests shared with them',
    roles: ALL,
  },
  'GET /api/calendar/day': {
    spec: "002 §2 a day's '+N more' on /calendar; DESIGN 5.2 viewers read calendars of requests shared with them",
    roles: ALL,
  },
  'POST /api/requests': { spec: '001 §6 New request: requester and above', roles: from('requester') },
  'GET /api/requests/:id/duplicate-source': {
    spec: "001 §2 duplicate a request: the requester's own; coordinators any",
    roles: from('requester'),
    rows: {
      row: 'request',
      others: { requester: 404, creative: 404, approver: 404, coordinator: 'allowed', admin: 'allowed' },
      own: { requester: 'requester', creative: 'requester', approver: 'requester' },
    },
  },

  // ------------------------------------------------------------ the request drawer (001 §5, §6)
  'GET /api/requests/:id': {
    spec: '000 §2 /request/{id}; DESIGN 5.2 viewers read shared requests; staff see every request',
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
    spec: '001 §6 drawer admin controls (status, coordinator, priority): coordinator+',
    roles: from('coordinator'),
    rows: { row: 'request', others: allowedFor(from('coordinator')), own: {} },
  },
  'POST /api/requests/:id/archive': {
    spec: '001 §6 drawer admin controls (Archive): coordinator+',
    roles: from('coordinator'),
    rows: { row: 'request', others: allowedFor(from('coordinator')), own: {} },
  },
  'DELETE /api/requests/:id': {
    spec: '001 §6 drawer admin controls (Delete): coordinator+',
    roles: from('coordinator'),
    rows: { row: 'request', others: allowedFor(from('coordinator')), own: {} },
  },
  'PATCH /api/requests/:id/details': {
    spec: '001 §5: the requester edits details while submitted or needs approval; coordinators any',
    roles: from('requester'),
    rows: {
      row: 'request',
      others: { requester: 404, creative: 403, approver: 403, coordinator: 'allowed', admin: 'allowed' },
      own: { requester: 'requester', creative: 'requester', approver: 'requester' },
    },
  },
  'POST /api/requests/:id/messages': {
    spec: '001 §5 messages: everyone who sees the request; viewers read-only (000 §6)',
    roles: from('requester'),
    rows: { row: 'request', ...TAKES_PART },
  },
  'GET /api/users/viewers': { spec: '001 §6 viewers management: coordinator+', roles: from('coordinator') },
  'POST /api/requests/:id/viewers': {
    spec: '001 §6 viewers management (add): coordinator+',
    roles: from('coordinator'),
    rows: { row: 'request', others: allowedFor(from('coordinator')), own: {} },
  },
  'DELETE /api/requests/:id/viewers/:userId': {
    spec: '001 §6 viewers management (remove): coordinator+',
    roles: from('coordinator'),
    rows: { row: 'request', others: allowedFor(from('coordinator')), own: {} },
  },
  'POST /api/requests/:id/assets': {
    spec: '001 §5 Assets tab upload: everyone who sees the request but viewers (read-only)',
    roles: from('requester'),
    rows: { row: 'request', ...TAKES_PART },
  },
  'GET /api/assets/:id/download': {
    spec: 'DESIGN 5.11 files through an authorized route: whoever may see the request',
    roles: ALL,
    rows: { row: 'asset', ...SEES_REQUEST },
  },

  // ------------------------------------------------------------ the proof loop (DESIGN 5.4)
  'POST /api/items/:id/proof-ready': {
    spec: 'DESIGN 5.4: the creative working the item (or a coordinator) marks the proof ready',
    roles: from('creative'),
    rows: WORKS_ITEM,
  },
  'POST /api/items/:id/status': {
    spec: 'DESIGN 5.4; 000 §6 creative "completes assigned tasks"',
    roles: from('creative'),
    rows: WORKS_ITEM,
  },
  'POST /api/items/:id/approve-proof': {
    spec: 'DESIGN 5.4: the requester approves; 000 §6 approver "reviews and approves proofs"',
    roles: from('requester'),
    rows: {
      row: 'item',
      others: { requester: 404, creative: 403, approver: 'allowed', coordinator: 'allowed', admin: 'allowed' },
      own: { requester: 'requester', creative: 'requester' },
    },
  },
  'POST /api/items/:id/request-changes': {
    spec: 'DESIGN 5.4: the requester requests changes; 000 §6 approver reviews proofs',
    roles: from('requester'),
    rows: {
      row: 'item',
      others: { requester: 404, creative: 403, approver: 'allowed', coordinator: 'allowed', admin: 'allowed' },
      own: { requester: 'requester', creative: 'requester' },
    },
  },

  // ------------------------------------------------------------ approvals queue (001 §6)
  'GET /api/approvals': { spec: '001 §6 Approvals: approver', roles: from('approver') },
  'POST /api/approvals/:itemId/approve': {
    spec: '001 §6 Approvals: approver (any pending item: approvers see every request)',
    roles: from('approver'),
    rows: { row: 'item', others: allowedFor(from('approver')), own: {} },
  },
  'POST /api/approvals/:itemId/reject': {
    spec: '001 §6 Approvals: approver (any pending item: approvers see every request)',
    roles: from('approver'),
    rows: { row: 'item', others: allowedFor(from('approver')), own: {} },
  },

  // ------------------------------------------------------------ production board (000 §2, 002 §6, decision 0006)
  'GET /api/board': { spec: '000 §2 /production: creative', roles: from('creative') },
  'GET /api/board/column': { spec: "000 §2 /production: creative (a column's next page, decision 0026)", roles: from('creative') },
  'POST /api/board/move': {
    spec: '000 §6 creative "completes assigned tasks": their own cards; coordinators any (decision 0006)',
    roles: from('creative'),
    rows: WORKS_ITEM,
  },
  'POST /api/board/assign': { spec: '002 §6 reassignment: coordinator level or above', roles: from('coordinator') },

  // ------------------------------------------------------------ task lists and reminders (001 §2, 002 §6)
  'GET /api/tasks': {
    spec: '002 §6 task list: requesters are sent away; creatives see only their tasks; others all',
    roles: from('creative'),
    list: { row: 'item', others: { creative: 'hidden', approver: 'listed', coordinator: 'listed', admin: 'listed' } },
  },
  'GET /api/tasks/completed': { spec: '002 §6 task list (finished work, DESIGN 5.16)', roles: from('creative') },
  'GET /api/tasks/squad': { spec: "000 §2 /all-tasks coordinator (the Church Media Squad's tasks)", roles: from('coordinator') },
  'GET /api/users/assignees': { spec: '002 §6 assignment candidates: reassignment is coordinator+', roles: from('coordinator') },
  'POST /api/tasks/:id/assign': {
    spec: '002 §6 reassignment: coordinator level or above, any task',
    roles: from('coordinator'),
    rows: { row: 'item', others: allowedFor(from('coordinator')), own: {} },
  },
  'POST /api/tasks/reminders': { spec: "002 §6 'Send All Task Reminders': admin only", roles: from('admin') },
  'POST /api/tasks/:id/remind': {
    spec: '002 §6 task reminders: admin only, any open task',
    roles: from('admin'),
    rows: { row: 'item', others: allowedFor(from('admin')), own: {} },
  },

  // ------------------------------------------------------------ Sunday planning (spec 002, decision 0014)
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
};
