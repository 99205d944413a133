/**
 * The database schema: every entity of section 3 of the three spec documents, plus what sign-in
 * needs. drizzle-kit generates the SQL migrations in /migrations from this file.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../../shared/domain/roles';
import type { TemplateValues } from '../../../shared/api/request-templates';
import { CADENCES, type Cadence } from '../../../shared/domain/recurrence';
import {
  accountableWorkSql,
  archivedRequestSql,
  calendarItemSql,
  cmsWaitingSql,
  finishedItemSql,
  liveItemSql,
  liveRequestSql,
  liveUncancelledRequestSql,
  notStartedWorkSql,
  openItemSql,
  unassignedRequestSql,
  unfinishedItemSql,
  unreadyEventWorkSql,
  stalledItemSql,
} from './predicates';
import { ADDITIONAL_REQUEST_STATUSES, ITEM_STATUSES, PRIORITIES, REQUEST_STATUSES } from '../../../shared/domain/statuses';
import { EMAIL_KINDS, EMAIL_MODES } from '../../../shared/domain/email-preferences';
import {
  FUTURE_NOTE_CATEGORIES,
  FUTURE_NOTE_STATUSES,
  HEALTH_SEVERITIES,
  HEALTH_STATUSES,
  TASK_KINDS,
  type RunwayCode,
  type TaskKind,
  SERMON_STATUSES,
  SLIDE_TYPES,
  SOCIAL_PLATFORMS,
  SOCIAL_POST_TYPES,
  SOCIAL_STATUSES,
  VIDEO_STATUSES,
  VIDEO_TYPES,
} from '../../../shared/domain/planning';
import { HELP_ARTICLE_IDS } from '../../../shared/domain/landing';
import { ASSIGNMENT_RESPONSES } from '../../../shared/domain/people-on-sundays';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const list = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
const oneOf = (column: string, values: readonly string[]) => sql.raw(`${column} in (${list(values)})`);
const nullOrOneOf = (column: string, values: readonly string[]) => sql.raw(`${column} is null or ${column} in (${list(values)})`);
/** Index predicates over a request's status: live (not archived), archived, live and not cancelled. */
// The partial indexes' predicates: the text the queries use too (./predicates.ts).
const liveRequest = (and = '') => sql.raw(`${liveRequestSql()}${and}`);
const archivedRequest = () => sql.raw(archivedRequestSql());
const liveUncancelledRequest = () => sql.raw(liveUncancelledRequestSql());

// ---------------------------------------------------------------- the church's configuration (decision 0056)

/**
 * The church's own settings, one row (id 1): its name, time zone (null follows CHURCH_TIME_ZONE),
 * contact e-mail, the calendar question of the new-request form and the minimum notice of a
 * promotion start. The migration inserts general defaults; the demo seed writes its own.
 */
export const churchSettings = pgTable(
  'church_settings',
  {
    id: integer('id').primaryKey().default(1),
    churchName: text('church_name').notNull().default(''),
    timeZone: text('time_zone'),
    contactEmail: text('contact_email'),
    calendarQuestion: boolean('calendar_question').notNull().default(true),
    calendarName: text('calendar_name').notNull().default('Planning Center'),
    calendarRequired: boolean('calendar_required').notNull().default(true),
    promotionMinDays: integer('promotion_min_days').notNull().default(14),
    /** Nudges (decision 0066): days a proof waits before its approver is reminded, days more before the coordinator is, days work stays in a stage before its assignee is. */
    proofNudgeDays: integer('proof_nudge_days').notNull().default(2),
    nudgeEscalateDays: integer('nudge_escalate_days').notNull().default(2),
    stageStuckDays: integer('stage_stuck_days').notNull().default(5),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  () => [
    check('church_settings_one_row', sql`id = 1`),
    check('church_settings_notice_check', sql`promotion_min_days >= 0`),
    check('church_settings_nudge_days_check', sql`proof_nudge_days >= 1 and nudge_escalate_days >= 1 and stage_stuck_days >= 1`),
  ],
);

/**
 * The church's communication tiers. Never deleted, only archived: an archived tier is not offered
 * for new requests, and requests keep showing it. `channels` lists channel codes in offer order.
 */
export const tiers = pgTable(
  'tiers',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    examples: text('examples').notNull().default(''),
    description: text('description').notNull().default(''),
    leadTimeDays: integer('lead_time_days').notNull().default(0),
    leadTimeLabel: text('lead_time_label'),
    channels: jsonb('channels').$type<string[]>().notNull().default([]),
    extrasPreapproved: boolean('extras_preapproved').notNull().default(false),
    position: integer('position').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  () => [check('tiers_lead_time_check', sql`lead_time_days >= 0`), check('tiers_name_check', sql`char_length(trim(name)) > 0`)],
);

/** The church's promotion channels; never deleted, only archived (items keep their channel). */
export const channels = pgTable(
  'channels',
  {
    code: text('code').primaryKey(),
    label: text('label').notNull(),
    needsApproval: boolean('needs_approval').notNull().default(false),
    goesToCms: boolean('goes_to_cms').notNull().default(false),
    /**
     * Capacity and lead time (decision 0067): what the capacity counts and an item runs in ('sunday'
     * or 'week'), how many items a Sunday or week holds (null: unlimited), how many of the last
     * Sundays or weeks before the event an item runs (null: every one of its promotion), and the days
     * its production takes (an item is due that long before its first run).
     */
    capacityPer: text('capacity_per').notNull().default('week'),
    capacity: integer('capacity'),
    runWeeks: integer('run_weeks').default(1),
    leadTimeDays: integer('lead_time_days').notNull().default(0),
    position: integer('position').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  () => [
    check('channels_label_check', sql`char_length(trim(label)) > 0`),
    check('channels_capacity_per_check', sql`capacity_per in ('sunday', 'week')`),
    check('channels_capacity_check', sql`capacity is null or capacity >= 1`),
    check('channels_run_weeks_check', sql`run_weeks is null or run_weeks >= 1`),
    check('channels_lead_time_check', sql`lead_time_days >= 0`),
  ],
);

// ---------------------------------------------------------------- people

export const ministries = pgTable(
  'ministries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    defaultTier: text('default_tier').notNull().default('C'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ministries_name_key').on(sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authUserId: uuid('auth_user_id').notNull().defaultRandom().unique(),
    role: text('role').notNull(),
    active: boolean('active').notNull().default(true),
    passwordResetRequired: boolean('password_reset_required').notNull().default(false),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    ministryId: uuid('ministry_id').references(() => ministries.id, { onDelete: 'set null' }),
    lastLoginAt: ts('last_login_at'),
    /** argon2id hash; null for the external Church Media Squad, who can never sign in (guide/tasks-and-calendar.md#the-church-media-squad). */
    passwordHash: text('password_hash'),
    isExternal: boolean('is_external').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    // The admin user list's keyset order (decision 0061).
    index('users_full_name_id_idx').on(t.fullName, t.id),
    check('users_role_check', oneOf('role', ROLES)),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie token: a leaked table row is not a usable session. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    aal: text('aal').notNull().default('aal1'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** True when single sign-on opened the session: a fresh one proves the person as a password would (decision 0051). */
    bySso: boolean('by_sso').notNull().default(false),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /** The address that asked for the link, for the cap on reset e-mails one address can queue. */
    requestedIp: text('requested_ip'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId), index('password_reset_tokens_ip_idx').on(t.requestedIp, t.createdAt)],
);

/**
 * A single sign-on in flight (decision 0036): made when the browser leaves for the OpenID provider,
 * deleted when it comes back (so its state, and with it the code it carries, is used once). The
 * state and the browser's binding cookie are kept as sha256 digests.
 */
export const oidcSignIns = pgTable(
  'oidc_sign_ins',
  {
    stateHash: text('state_hash').primaryKey(),
    browserHash: text('browser_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('oidc_sign_ins_expires_idx').on(t.expiresAt)],
);

export const mfaFactors = pgTable(
  'mfa_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    factorType: text('factor_type').notNull().default('totp'),
    status: text('status').notNull().default('unverified'),
    /** The TOTP secret (base32); see decision 0037 for why it is stored as is. */
    secret: text('secret').notNull(),
    /** The last time step a code was accepted for: an older or equal step is a replay. */
    lastUsedStep: integer('last_used_step'),
    verifiedAt: ts('verified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mfa_factors_user_idx').on(t.userId),
    /** One verified factor a person: enrolling again first disables the old one. */
    uniqueIndex('mfa_factors_verified_key')
      .on(t.userId)
      .where(sql`status = 'verified'`),
    check('mfa_factors_type_check', oneOf('factor_type', ['totp'])),
    check('mfa_factors_status_check', oneOf('status', ['unverified', 'verified'])),
  ],
);

/** Single-use recovery codes of a second factor, hashed (sha256 of a random code); shown once. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/** Second-step attempts (codes and recovery codes), limited like sign-in attempts (decision 0037). */
export const mfaAttempts = pgTable(
  'mfa_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    /** The session (its id) the code was sent from. */
    sessionId: text('session_id'),
    /**
     * Set when the browser held the person's device cookie or the session was already fully signed
     * in: such attempts count only against their own device or session (decision 0051).
     */
    trustedBy: text('trusted_by'),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('mfa_attempts_user_idx').on(t.userId, t.createdAt),
    index('mfa_attempts_ip_idx').on(t.ip, t.createdAt),
    index('mfa_attempts_trusted_idx').on(t.trustedBy, t.createdAt),
  ],
);

/** Sign-in attempts, for the per-account and per-address limits shared by every instance. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /**
     * The device cookie's nonce when the browser held one for this account: such attempts count
     * only against that device, never against the address or the account (decision 0051).
     */
    device: text('device'),
    succeeded: boolean('succeeded').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
    index('login_attempts_device_idx').on(t.device, t.createdAt),
  ],
);

// ---------------------------------------------------------------- requests

export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventTitle: text('event_title').notNull(),
    ministryId: uuid('ministry_id').references(() => ministries.id, { onDelete: 'set null' }),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The on-behalf-of name, which replaces the requester's name on the request (guide/requests.md#the-new-request-form). */
    requesterNameOverride: text('requester_name_override'),
    requesterEmailOverride: text('requester_email_override'),
    promotionStartDate: date('promotion_start_date'),
    eventStartDate: date('event_start_date'),
    eventEndDate: date('event_end_date'),
    startTime: text('start_time'),
    endTime: text('end_time'),
    location: text('location'),
    expectedAttendance: integer('expected_attendance'),
    descriptionShort: text('description_short'),
    descriptionLong: text('description_long'),
    targetAudience: text('target_audience'),
    ctaType: text('cta_type').notNull().default('url'),
    ctaUrl: text('cta_url'),
    /** The code of the church's tier it was submitted with (decision 0056: validated against the configuration). */
    tier: text('tier'),
    /** The tier's lead time in days when it was submitted: a later change of the tier never rewrites it. */
    leadTimeDays: integer('lead_time_days'),
    isImpactInOne: boolean('is_impact_in_one').notNull().default(false),
    planningCenterAdded: boolean('planning_center_added'),
    planningCenterLink: text('planning_center_link'),
    infoLink: text('info_link'),
    registrationLink: text('registration_link'),
    websiteDescription: text('website_description'),
    designDirection: text('design_direction').notNull().default('template'),
    designNotes: text('design_notes'),
    additionalChannels: jsonb('additional_channels').$type<Record<string, boolean>>().notNull().default({}),
    otherChannelText: text('other_channel_text'),
    status: text('status').notNull().default('submitted'),
    priority: text('priority').notNull().default('medium'),
    currentCoordinatorId: uuid('current_coordinator_id').references(() => users.id, { onDelete: 'set null' }),
    contentCompleteScore: integer('content_complete_score').notNull().default(0),
    duplicateOf: uuid('duplicate_of'),
    /**
     * The channels a late request asked for that could not be made (decision 0067): each channel with
     * the reason, in the words the drawer shows; no item was created for them.
     */
    droppedItems: jsonb('dropped_items').$type<{ channel: string; reason: string }[]>().notNull().default([]),
    submittedAt: ts('submitted_at').notNull().defaultNow(),
    eventSeriesName: text('event_series_name'),
    archivedAt: ts('archived_at'),
    archivedBy: uuid('archived_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The earliest and latest due date of the request's items, kept by the database itself (the
     * request_items_due_range triggers, migration 0005) so no writer can forget them. The calendar
     * probes only the requests whose range meets its grid (decision 0041).
     */
    itemsDueFrom: date('items_due_from'),
    itemsDueTo: date('items_due_to'),
    /** Optimistic concurrency: edits carry the version the user saw (ARCHITECTURE.md#contracts). */
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('requests_requester_idx').on(t.requesterId, t.submittedAt),
    index('requests_coordinator_idx').on(t.currentCoordinatorId, t.submittedAt),
    index('requests_submitted_idx').on(t.submittedAt),
    index('requests_status_idx').on(t.status, t.promotionStartDate),
    index('requests_archived_idx').on(t.archivedAt),
    index('requests_event_start_idx').on(t.eventStartDate),
    index('requests_ministry_idx').on(t.ministryId),
    // The request lists' keyset orders (decision 0025). Partial indexes: each list's status filter
    // is fixed, so the index holds only the rows the list can show. The status lists are literals so
    // the planner can prove the predicate; coalesce() puts the nulls last as the lists order them.
    index('requests_intake_idx')
      .on(sql`coalesce(${t.promotionStartDate}, 'infinity'::date)`, t.submittedAt, t.id)
      .where(liveRequest()),
    index('requests_requester_live_idx').on(t.requesterId, t.submittedAt, t.id).where(liveRequest()),
    // A requester's calendar (decision 0041): their live requests with items due on or after the
    // grid's first day; the range's start and the id are key columns too, so the scan never visits the table.
    index('requests_requester_due_idx').on(t.requesterId, t.itemsDueTo, t.itemsDueFrom, t.id).where(liveRequest()),
    index('requests_coordinator_live_idx').on(t.currentCoordinatorId, t.submittedAt, t.id).where(liveRequest()),
    index('requests_archive_idx')
      .on(t.status, sql`coalesce(${t.archivedAt}, '-infinity'::timestamptz)`, t.id)
      .where(archivedRequest()),
    index('requests_requester_archive_idx')
      .on(t.requesterId, t.status, sql`coalesce(${t.archivedAt}, '-infinity'::timestamptz)`, t.id)
      .where(archivedRequest()),
    // The runways dashboard's Event Promotions card: approved or in production, event still to come (decision 0042).
    index('requests_promoting_idx')
      .on(t.eventStartDate, t.id)
      .where(sql`status in ('approved', 'in_production')`),
    index('requests_promotions_idx').on(t.eventStartDate, t.eventTitle, t.id).where(liveRequest(' and event_start_date is not null')),
    // Accountability's Unassigned Requests, the longest waiting first (decision 0060).
    index('requests_unassigned_idx').on(t.submittedAt, t.id).where(sql.raw(unassignedRequestSql())),
    // Calendar feeds' window (decision 0061): a live event still on or ahead of the window's
    // first day, a promotion starting in it; both small whatever the church's history.
    index('requests_feed_event_end_idx')
      .on(sql`coalesce(event_end_date, event_start_date)`)
      .where(liveUncancelledRequest()),
    index('requests_feed_promotion_idx').on(t.promotionStartDate).where(liveUncancelledRequest()),
    check('requests_status_check', oneOf('status', REQUEST_STATUSES)),
    check('requests_priority_check', oneOf('priority', PRIORITIES)),
    check('requests_design_direction_check', oneOf('design_direction', ['template', 'reference', 'freedom'])),
    check('requests_cta_type_check', oneOf('cta_type', ['url', 'registration', 'info', 'none'])),
    check('requests_short_description_length', sql`char_length(description_short) <= 150`),
    check('requests_expected_attendance_check', sql`expected_attendance is null or expected_attendance >= 0`),
  ],
);

/** Idempotency keys of submissions: a double click or a retry makes one request (ARCHITECTURE.md#contracts). */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  requestId: uuid('request_id').references(() => requests.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** The predicates of the task lists' partial indexes (decision 0046). */
const LIVE_OPEN_WORK = sql.raw(`${liveItemSql()} and ${openItemSql()}`);
const LIVE_FINISHED_WORK = sql.raw(`${liveItemSql()} and ${finishedItemSql()}`);

export const requestItems = pgTable(
  'request_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('submitted'),
    priority: text('priority').notNull().default('medium'),
    dueDate: date('due_date'),
    isAdditionalRequest: boolean('is_additional_request').notNull().default(false),
    additionalRequestStatus: text('additional_request_status'),
    rejectionReason: text('rejection_reason'),
    publishedUrl: text('published_url'),
    publishedAt: ts('published_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * Whether the item's request is archived, kept by the database from requests.status (triggers
     * of migration 0007, decision 0046), whoever writes either table: the task lists' indexes are
     * partial on it, so current work is not found behind a request's abandoned tasks.
     */
    requestArchived: boolean('request_archived').notNull().default(false),
    /**
     * Whether the item goes through the CMS queue: its channel's setting when the item was made
     * (decision 0056), set by the database on insert from the channels table whoever writes the
     * item (trigger of this column's migration), so a later change of the channel never moves
     * existing work in or out of the queue, and the queue's index predicate stays a constant.
     */
    goesToCms: boolean('goes_to_cms').notNull().default(false),
    /**
     * Copies of the request's facts the item lists order and filter by, kept by the database from
     * the request whoever writes either table (triggers of their migration, decision 0060), as
     * request_archived is: whether the request is finished (published, complete or cancelled), its
     * event title and its ministry. The calendar and Accountability walk their indexes without
     * reading the requests.
     */
    requestFinished: boolean('request_finished').notNull().default(false),
    requestEventTitle: text('request_event_title').notNull().default(''),
    requestMinistryId: uuid('request_ministry_id'),
    /** Whether the request is cancelled: kept by the same triggers as request_finished (decision 0067). */
    requestCancelled: boolean('request_cancelled').notNull().default(false),
    /**
     * The request's event start date, kept by the same triggers (decision 0070): Accountability counts
     * the events of the coming week still waiting for work from the items' own index.
     */
    requestEventStartDate: date('request_event_start_date', { mode: 'string' }),
    /**
     * The weeks (their Mondays) the item runs in and books on its channel (decision 0067), set when it
     * is made from the promotion window, the channel's rule and its lead time; counted in
     * channel_week_counts while bookingItemSql holds.
     */
    bookedWeeks: date('booked_weeks', { mode: 'string' })
      .array()
      .notNull()
      .default(sql`'{}'::date[]`),
    /**
     * The assignee's answer (guide/sunday-planning.md#answering-an-assignment): pending, accepted or
     * declined with an optional reason. The database sets it whenever the assignee changes (trigger
     * of its migration): pending, or accepted when the church assigns without asking.
     */
    response: text('response').notNull().default('pending'),
    responseReason: text('response_reason'),
    respondedAt: ts('responded_at'),
    /**
     * When the item entered its board stage (decision 0066): set by the database whenever the
     * status moves it to another column, whoever writes it (trigger of its migration), read by the
     * nudges.
     */
    stageEnteredAt: ts('stage_entered_at').notNull().defaultNow(),
    /**
     * When what decides whom the item's wait nudges last changed (decision 0071): set by the
     * database, whoever writes, when the item is made or its assignee or answer changes, and when its
     * request leaves on hold, an archive or a finished status or changes requester or coordinator
     * (triggers of its migration). A nudge run after the day's first reads only what changed since.
     */
    nudgeTouchedAt: ts('nudge_touched_at'),
  },
  (t) => [
    // The request's items; with the due date, the calendar's per-request probe of a date range (decision 0026).
    // Status is a key column too (decision 0042, for the Event Promotions card, which asks
    // request_items_unfinished_request_idx since decision 0048); kept, as status changes update the
    // board's status indexes anyway.
    index('request_items_request_idx').on(t.requestId, t.dueDate, t.status),
    index('request_items_assignee_idx').on(t.assigneeId, t.dueDate),
    // The board's open columns: per status, soonest due first, id breaking ties (decision 0026), of
    // live requests only (decision 0049), so a column never walks past archived requests' abandoned
    // work, which has the oldest due dates. Also the CMS queue and Accountability's at-risk list.
    index('request_items_live_status_due_idx').on(t.status, t.dueDate, t.id).where(sql.raw(liveItemSql())),
    index('request_items_due_idx').on(t.dueDate),
    // The Completed pages of the task lists (updated_at desc, id desc: read backwards), per assignee or for all.
    index('request_items_assignee_recent_idx').on(t.assigneeId, t.updatedAt, t.id),
    index('request_items_recent_idx').on(t.updatedAt, t.id),
    index('request_items_pending_idx')
      .on(t.additionalRequestStatus)
      .where(sql`additional_request_status = 'pending'`),
    // Current work first (decision 0026): the task lists' open work of live requests (decision 0046),
    // soonest due first, for all and per assignee. Queries that say `not request_archived` and only
    // `status not in (done)` use them too (PostgreSQL proves that it implies this predicate):
    // Accountability's overdue list and Team Workload (decision 0025) and the reminder job's
    // candidates (decision 0027).
    index('request_items_open_due_idx').on(t.dueDate, t.id).where(LIVE_OPEN_WORK),
    index('request_items_open_assignee_due_idx').on(t.assigneeId, t.dueDate, t.id).where(LIVE_OPEN_WORK),
    // The task lists' Completed sections and their counts: finished work of live requests, most
    // recently changed first, for all and per assignee (decision 0046).
    index('request_items_finished_recent_idx').on(t.updatedAt, t.id).where(LIVE_FINISHED_WORK),
    index('request_items_finished_assignee_recent_idx').on(t.assigneeId, t.updatedAt, t.id).where(LIVE_FINISHED_WORK),
    // The CMS queue, oldest due first, undated last (decision 0049): only what waits in it.
    index('request_items_cms_waiting_idx').on(t.dueDate, t.id).where(sql.raw(cmsWaitingSql())),
    // The board's finished columns, most recently changed first, per status, of live requests only (decision 0049).
    index('request_items_live_status_recent_idx').on(t.status, t.updatedAt, t.id).where(sql.raw(liveItemSql())),
    // Whether a request still waits for work (decision 0048): the Event Promotions card's probe per
    // request finds at most one entry, and none for an event that is ready.
    index('request_items_unfinished_request_idx').on(t.requestId).where(sql.raw(unfinishedItemSql())),
    // The calendar's grid (decision 0060): per day, its tasks in the grid's order (event title, id),
    // counted from the index alone; the ministry is a last key column (after the unique id, so it
    // changes no order) for the grid's ministry filter.
    index('request_items_calendar_idx').on(t.dueDate, t.requestEventTitle, t.id, t.requestMinistryId).where(sql.raw(calendarItemSql())),
    // Accountability (decision 0060): open work still owed, in its lists' order (due date, event
    // title, id); not-started work for the at-risk list; per assignee for the team's workload.
    index('request_items_accountable_due_idx').on(t.dueDate, t.requestEventTitle, t.id).where(sql.raw(accountableWorkSql())),
    index('request_items_not_started_due_idx').on(t.dueDate, t.requestEventTitle, t.id).where(sql.raw(notStartedWorkSql())),
    index('request_items_accountable_assignee_idx').on(t.assigneeId).where(sql.raw(accountableWorkSql())),
    // Events not ready (decision 0070): the work an event still waits for, by its event start date,
    // so the events of a week are counted from the index alone, not probed one request at a time.
    index('request_items_unready_event_idx').on(t.requestEventStartDate, t.requestId).where(sql.raw(unreadyEventWorkSql())),
    // The nudges' stalled work (decision 0066): live work waiting in a stage that nudges, longest waiting first.
    index('request_items_stalled_idx').on(t.stageEnteredAt, t.id).where(sql.raw(stalledItemSql())),
    // The nudges' later runs of a day (decision 0071): the stalled work whose people changed since the last run.
    index('request_items_nudge_touched_idx').on(t.nudgeTouchedAt, t.id).where(sql.raw(stalledItemSql())),
    check('request_items_status_check', oneOf('status', ITEM_STATUSES)),
    check('request_items_priority_check', oneOf('priority', PRIORITIES)),
    check('request_items_additional_status_check', nullOrOneOf('additional_request_status', ADDITIONAL_REQUEST_STATUSES)),
    check('request_items_response_check', oneOf('response', ASSIGNMENT_RESPONSES)),
  ],
);

/**
 * Each person's owed work (accountableWorkSql) counted: kept by statement triggers on
 * request_items (migration feed_body_cache_and_workload_counts), so Accountability's workload reads
 * one row a person instead of counting their open tasks (decision 0064). No foreign key: a
 * person deleted while the trigger of the same statement writes their count must not fail it; the
 * read joins the active users.
 */
export const workloadCounts = pgTable('workload_counts', {
  userId: uuid('user_id').primaryKey(),
  owed: integer('owed').notNull().default(0),
});

/**
 * The task calendar's tasks (calendarItemSql) counted per due date and ministry (`ministry_key`:
 * the request's ministry, the nil uuid for none), kept by statement triggers on request_items like
 * workload_counts: staff's month grid reads a row per day and ministry instead of every task due
 * (decision 0064).
 */
export const calendarDayCounts = pgTable(
  'calendar_day_counts',
  {
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    ministryKey: uuid('ministry_key').notNull(),
    tasks: integer('tasks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dueDate, t.ministryKey] })],
);

/**
 * Each channel's bookings per week (decision 0067): the items (bookingItemSql) whose booked_weeks
 * hold the week, kept by statement triggers on request_items like workload_counts, so the capacity
 * view and the form's availability read a row per channel and week whatever the church's size.
 */
export const channelWeekCounts = pgTable(
  'channel_week_counts',
  {
    channel: text('channel').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.channel, t.week] })],
);

/**
 * Each booking of a channel's week, a row per item and week it books (decision 0073): kept by
 * statement triggers on request_items beside channel_week_counts, so a capacity cell pages the
 * items booking one channel's week in item order from its key, reading the page's rows only.
 */
export const requestItemBookings = pgTable(
  'request_item_bookings',
  {
    channel: text('channel').notNull(),
    week: date('week', { mode: 'string' }).notNull(),
    itemId: uuid('item_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.week, t.itemId] })],
);

export const requestAssets = pgTable(
  'request_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    /** Set for a proof: an asset version linked to an item (guide/proofs.md#the-proof-loop). */
    itemId: uuid('item_id').references(() => requestItems.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** Key in the blob store; files are served only through an authorized route (guide/requests.md#files-on-a-request). */
    storageKey: text('storage_key').notNull(),
    fileSize: integer('file_size').notNull(),
    fileType: text('file_type').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    versionNumber: integer('version_number').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    // (created_at, id) is the drawer's keyset order (decision 0029).
    index('request_assets_request_idx').on(t.requestId, t.createdAt, t.id),
    index('request_assets_item_idx').on(t.itemId),
    check('request_assets_size_check', sql`file_size >= 0`),
  ],
);

export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    actionType: text('action_type').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_log_request_idx').on(t.requestId, t.createdAt, t.id),
    // Entries of no request (a Sunday unlocked, a runway changed) by their subject, e.g. the Sunday's date (decision 0055).
    index('activity_log_subject_idx')
      .on(t.newValue, t.createdAt)
      .where(sql`request_id is null`),
  ],
);

export const requestMessages = pgTable(
  'request_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('request_messages_request_idx').on(t.requestId, t.createdAt, t.id),
    // The Master Activity Feed's keyset order, newest first (created_at, id), ties included (decision 0060).
    index('request_messages_created_idx').on(t.createdAt, t.id),
    check('request_messages_body_check', sql`length(btrim(body)) > 0`),
  ],
);

export const requestViewers = pgTable(
  'request_viewers',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] }), index('request_viewers_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------- notifications and e-mail

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    type: text('type').notNull(),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    link: text('link'),
  },
  (t) => [
    // The person's notifications newest first, keyset on (created_at, id): the page's ids come from
    // this index alone (decision 0028).
    index('notifications_user_created_id_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`read = false`),
    // The Master Activity Feed's keyset order (created_at, id): one notice to many people shares its
    // created_at, so an index of the time alone sorted every tie to find a page (decision 0060).
    index('notifications_created_idx').on(t.createdAt, t.id),
  ],
);

/** The outbox of e-mails (guide/requests.md#the-request-drawer pending_emails), delivered by the mail worker. */
/** Characters [start, end) of an e-mail's body or action link that are a secret. */
export interface SecretSpan {
  field: 'body' | 'actionUrl';
  start: number;
  end: number;
}

export const pendingEmails = pgTable(
  'pending_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    actionUrl: text('action_url'),
    actionText: text('action_text'),
    /** The HTML part (decision 0034); the plain-text part is `body` with the action link. */
    html: text('html'),
    /** The List-Unsubscribe URL of an e-mail a preference governs (one-click, RFC 8058). */
    listUnsubscribe: text('list_unsubscribe'),
    sent: boolean('sent').notNull().default(false),
    sentAt: ts('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** Lease: a worker that claimed the row owns it until then, so no two instances send it. */
    lockedUntil: ts('locked_until'),
    /**
     * Where the e-mail carries a secret (a temporary password, a reset link's token), marked when it
     * is queued: the outbox shows those characters masked (decision 0053).
     */
    secretSpans: jsonb('secret_spans').$type<SecretSpan[]>().notNull().default([]),
    /** An invitation: the person whose temporary password an admin may reveal once. */
    revealUserId: uuid('reveal_user_id').references(() => users.id, { onDelete: 'set null' }),
    revealedAt: ts('revealed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_emails_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent = false`),
    index('pending_emails_created_idx').on(t.createdAt),
  ],
);

/** Once-a-day guard for reminders: one person, one item, one reason, one day (guide/tasks-and-calendar.md#reminders). */
export const reminderLog = pgTable(
  'reminder_log',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => requestItems.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId, t.reason, t.day] })],
);

/**
 * Once-a-day guard of Sunday work reminders (decision 0058): one person, one piece of Sunday work
 * (a plan item, video, weekly slide or social post: `work_kind` names its table, so no foreign key), one reason,
 * one day. The reminder run deletes rows older than a week; only today's are ever read.
 */
export const sundayReminderLog = pgTable(
  'sunday_reminder_log',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workKind: text('work_kind').notNull(),
    workId: uuid('work_id').notNull(),
    reason: text('reason').notNull(),
    day: date('day').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.workId, t.reason, t.day] }),
    index('sunday_reminder_log_day_idx').on(t.day),
    check('sunday_reminder_log_kind_check', oneOf('work_kind', ['task', 'video', 'slide', 'post'])),
  ],
);

/**
 * Once-a-day guard of the team's overdue and urgent alerts: one item, one reason, one day, whoever
 * the admins and approvers are (decision 0027). `summarized` turns true when the run's summary
 * notification to the team has counted the row, in the same transaction.
 */
export const teamReminderLog = pgTable(
  'team_reminder_log',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => requestItems.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    day: date('day').notNull(),
    summarized: boolean('summarized').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.reason, t.day] }),
    index('team_reminder_log_unsummarized_idx')
      .on(t.day)
      .where(sql`summarized = false`),
  ],
);

export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  lastRunAt: ts('last_run_at'),
  lockedUntil: ts('locked_until'),
});

// ---------------------------------------------------------------- public pages

export const landingPageContent = pgTable('landing_page_content', {
  section: text('section').primaryKey(),
  content: text('content').notNull(),
  contentType: text('content_type').notNull().default('text'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const landingPageFaqs = pgTable(
  'landing_page_faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    active: boolean('active').notNull().default(true),
    orderIndex: integer('order_index').notNull().default(0),
  },
  (t) => [index('landing_page_faqs_order_idx').on(t.active, t.orderIndex)],
);

/** Help "Was this article helpful?" answers, stored and counted for admins (ARCHITECTURE.md#readings-that-still-hold). */
export const helpFeedback = pgTable(
  'help_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    article: text('article').notNull(),
    helpful: boolean('helpful').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('help_feedback_article_idx').on(t.article), check('help_feedback_article_check', oneOf('article', HELP_ARTICLE_IDS))],
);

// ---------------------------------------------------------------- settings

/** Church-wide settings an admin changes in the app (e.g. the Thursday-noon auto-lock), one row a key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * Request templates (guide/requests.md#request-templates): a request's fields saved under a name
 * (no dates), to start a new request from. A person's own are theirs alone; a church template
 * (saved by a coordinator or admin) is offered to every requester.
 */
export const requestTemplates = pgTable(
  'request_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who saved it (a church template is the church's to manage, whoever saved it). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    isChurch: boolean('is_church').notNull().default(false),
    name: text('name').notNull(),
    values: jsonb('values').$type<TemplateValues>().notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('request_templates_own_name_key')
      .on(t.ownerId, sql`lower(${t.name})`)
      .where(sql`not is_church`),
    uniqueIndex('request_templates_church_name_key')
      .on(sql`lower(${t.name})`)
      .where(sql`is_church`),
    check('request_templates_owner_check', sql`is_church or owner_id is not null`),
  ],
);

/**
 * Recurring requests (guide/requests.md#recurring-requests; decision 0063): a request template's
 * fields (copied when the series is made) submitted as an ordinary request for each occurrence,
 * by a job, on behalf of the series' owner.
 */
export const recurringRequests = pgTable(
  'recurring_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    values: jsonb('values').$type<TemplateValues>().notNull(),
    cadence: text('cadence').$type<Cadence>().notNull(),
    firstDate: date('first_date').notNull(),
    untilDate: date('until_date'),
    /** Each occurrence is made this many days before its event. */
    daysAhead: integer('days_ahead').notNull(),
    /** The calendar question, answered once for every occurrence. */
    planningCenterAdded: boolean('planning_center_added').notNull().default(false),
    status: text('status').$type<'active' | 'paused' | 'ended'>().notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [
    index('recurring_requests_owner_idx').on(t.ownerId, t.createdAt),
    index('recurring_requests_active_idx')
      .on(t.id)
      .where(sql`status = 'active'`),
    check('recurring_requests_cadence_check', oneOf('cadence', CADENCES)),
    check('recurring_requests_status_check', oneOf('status', ['active', 'paused', 'ended'])),
    check('recurring_requests_days_ahead_check', sql`days_ahead between 1 and 180`),
    check('recurring_requests_dates_check', sql`until_date is null or until_date >= first_date`),
  ],
);

/**
 * One occurrence of a recurring request, made once: the key (series, occurrence date) is claimed
 * with insert ... on conflict do nothing in the transaction that submits its request, so two
 * instances, or a run after a restart, never make it twice. A failed occurrence keeps its reason.
 */
export const recurringRequestOccurrences = pgTable(
  'recurring_request_occurrences',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => recurringRequests.id, { onDelete: 'cascade' }),
    occurrenceDate: date('occurrence_date').notNull(),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    failure: text('failure'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.occurrenceDate] }), index('recurring_request_occurrences_request_idx').on(t.requestId)],
);

// ---------------------------------------------------------------- planning

export const runways = pgTable(
  'runways',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The runway's address (/runways/{code}): made from its first name, kept through renames. */
    code: text('code').$type<RunwayCode>().notNull().unique(),
    name: text('name').notNull(),
    color: text('color').notNull().default('#4f46e5'),
    orderIndex: integer('order_index').notNull().default(0),
    /** Set when an admin archives the runway: it leaves the screens and readiness, its rows stay (decision 0055). */
    archivedAt: ts('archived_at'),
  },
  () => [check('runways_code_check', sql`code ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

export const runwayItems = pgTable(
  'runway_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runwayId: uuid('runway_id')
      .notNull()
      .references(() => runways.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type').notNull().default('requirement'),
    description: text('description'),
    orderIndex: integer('order_index').notNull().default(0),
    /** A recurring task's kind on each Sunday: details or a link, a file, or a check only; null reads it from the name (decision 0015). */
    kind: text('kind').$type<TaskKind>(),
    /** Due this many days before its Sunday. */
    daysBefore: integer('days_before').notNull().default(0),
    defaultAssigneeId: uuid('default_assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when the task is archived: it stops reaching Sundays; Sundays already worked on keep theirs. */
    archivedAt: ts('archived_at'),
    /** When it was added: a Sunday locked before then never shows it. Null for tasks older than this column. */
    createdAt: ts('created_at').$defaultFn(() => new Date()),
  },
  (t) => [
    index('runway_items_runway_idx').on(t.runwayId, t.orderIndex),
    check('runway_items_kind_check', sql`kind is null or ${oneOf('kind', TASK_KINDS)}`),
    check('runway_items_days_before_check', sql`days_before between 0 and 365`),
  ],
);

/** A locked Sunday's own copy of the recurring slides and the lock instant it was taken under. */
export interface LockedRecurringSlides {
  lockedAt: string | null;
  slides: Array<{ id: string; title: string; active: boolean; orderIndex: number }>;
}

export const sundayPlans = pgTable(
  'sunday_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sundayDate: date('sunday_date').notNull(),
    /** Null for the whole-service plan; set for a runway's plan of that Sunday. */
    runwayId: uuid('runway_id').references(() => runways.id, { onDelete: 'cascade' }),
    isLocked: boolean('is_locked').notNull().default(false),
    lockedById: uuid('locked_by_id').references(() => users.id, { onDelete: 'set null' }),
    lockedAt: ts('locked_at'),
    status: text('status').notNull().default('open'),
    readinessPercentage: integer('readiness_percentage'),
    version: integer('version').notNull().default(1),
    /**
     * Whole-service plan only: the recurring slides this Sunday keeps while locked, copied when the
     * shared set first changes after the lock (decision 0053). Valid only for the lock instant it
     * names; null (or another instant) means the Sunday shows the shared set.
     */
    lockedRecurringSlides: jsonb('locked_recurring_slides').$type<LockedRecurringSlides>(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('sunday_plans_date_runway_key').on(t.sundayDate, t.runwayId).nullsNotDistinct(),
    index('sunday_plans_date_idx').on(t.sundayDate),
    check('sunday_plans_status_check', oneOf('status', ['open', 'locked'])),
    check('sunday_plans_readiness_check', sql`readiness_percentage is null or (readiness_percentage between 0 and 100)`),
  ],
);

export const sundayPlanItems = pgTable(
  'sunday_plan_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sundayPlanId: uuid('sunday_plan_id')
      .notNull()
      .references(() => sundayPlans.id, { onDelete: 'cascade' }),
    taskName: text('task_name').notNull(),
    taskDetails: text('task_details'),
    url: text('url'),
    fileUrl: text('file_url'),
    isComplete: boolean('is_complete').notNull().default(false),
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The recurring task this item came from (null for a one-off task or an item saved before tasks were data). */
    runwayItemId: uuid('runway_item_id').references(() => runwayItems.id, { onDelete: 'set null' }),
    /** Its Sunday less the recurring task's days before (null for a one-off task without one). */
    dueDate: date('due_date'),
    /** The task's kind; null reads the kind from the task's name as before (decision 0015). */
    kind: text('kind').$type<TaskKind>(),
    /**
     * The assignee's answer (guide/sunday-planning.md#answering-an-assignment): pending, accepted or
     * declined with an optional reason. The database sets it whenever the assignee changes (trigger
     * of its migration): pending, or accepted when the church assigns without asking.
     */
    response: text('response').notNull().default('pending'),
    responseReason: text('response_reason'),
    respondedAt: ts('responded_at'),
  },
  (t) => [
    unique('sunday_plan_items_plan_task_key').on(t.sundayPlanId, t.taskName),
    // A person's open Sunday tasks (My Tasks, reminders, the calendar and feed; decision 0058).
    index('sunday_plan_items_open_assignee_idx')
      .on(t.assignedToId)
      .where(sql`not is_complete and assigned_to_id is not null`),
    index('sunday_plan_items_runway_item_idx').on(t.runwayItemId),
    check('sunday_plan_items_kind_check', sql`kind is null or ${oneOf('kind', TASK_KINDS)}`),
    check('sunday_plan_items_response_check', oneOf('response', ASSIGNMENT_RESPONSES)),
  ],
);

/**
 * The days a person cannot serve (guide/sunday-planning.md#blockout-dates): one day or a range,
 * with a reason only they and coordinators see. Read per person (their account page) and per day
 * (the pickers and the schedule: what covers a window of days).
 */
export const blockouts = pgTable(
  'blockouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('blockouts_user_idx').on(t.userId, t.startsOn, t.id),
    index('blockouts_ends_idx').on(t.endsOn, t.startsOn),
    check('blockouts_range_check', sql`ends_on >= starts_on`),
  ],
);

/**
 * Sunday templates (guide/sunday-planning.md#sunday-templates): a named set of one-off tasks a
 * coordinator applies to a Sunday (Easter, Baptism Sunday...). Each task lands on its runway's plan
 * of that Sunday, due its days before the Sunday, assigned to its default assignee if any.
 */
export const sundayTemplates = pgTable(
  'sunday_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sunday_templates_name_key').on(sql`lower(${t.name})`)],
);

export const sundayTemplateTasks = pgTable(
  'sunday_template_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => sundayTemplates.id, { onDelete: 'cascade' }),
    runwayId: uuid('runway_id')
      .notNull()
      .references(() => runways.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind').$type<TaskKind>().notNull().default('text'),
    /** Due this many days before the Sunday it is applied to, as a recurring task is. */
    daysBefore: integer('days_before').notNull().default(0),
    defaultAssigneeId: uuid('default_assignee_id').references(() => users.id, { onDelete: 'set null' }),
    orderIndex: integer('order_index').notNull().default(0),
  },
  (t) => [
    index('sunday_template_tasks_template_idx').on(t.templateId, t.orderIndex),
    check('sunday_template_tasks_kind_check', oneOf('kind', TASK_KINDS)),
    check('sunday_template_tasks_days_before_check', sql`days_before between 0 and 365`),
  ],
);

/**
 * Which template task a Sunday has received: the key (sunday, template task) makes applying a
 * template twice add nothing the second time (insert ... on conflict do nothing). The plan item
 * it made is kept while it exists; deleting the item by hand does not bring the task back.
 */
export const sundayTemplateUses = pgTable(
  'sunday_template_uses',
  {
    sundayDate: date('sunday_date').notNull(),
    templateTaskId: uuid('template_task_id')
      .notNull()
      .references(() => sundayTemplateTasks.id, { onDelete: 'cascade' }),
    planItemId: uuid('plan_item_id').references(() => sundayPlanItems.id, { onDelete: 'set null' }),
    appliedById: uuid('applied_by_id').references(() => users.id, { onDelete: 'set null' }),
    appliedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sundayDate, t.templateTaskId] }),
    index('sunday_template_uses_task_idx').on(t.templateTaskId),
    index('sunday_template_uses_item_idx')
      .on(t.planItemId)
      .where(sql`plan_item_id is not null`),
  ],
);

/**
 * Files of Sunday planning (plan items' file tasks, social posts' assets): stored in the blob
 * store like request assets and served only through the authorized route (guide/requests.md#files-on-a-request).
 */
export const planningFiles = pgTable(
  'planning_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sundayDate: date('sunday_date').notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    fileSize: integer('file_size').notNull(),
    fileType: text('file_type').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('planning_files_sunday_idx').on(t.sundayDate), check('planning_files_size_check', sql`file_size >= 0`)],
);

export const series = pgTable(
  'series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    tagline: text('tagline'),
    description: text('description'),
    startSunday: date('start_sunday'),
    endSunday: date('end_sunday'),
    themeColor: text('theme_color').notNull().default('#4f46e5'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('series_start_idx').on(t.startSunday),
    check('series_dates_check', sql`start_sunday is null or end_sunday is null or start_sunday <= end_sunday`),
  ],
);

export const seriesWeeks = pgTable(
  'series_weeks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seriesId: uuid('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    sundayDate: date('sunday_date').notNull(),
    weekTitle: text('week_title').notNull(),
    scripture: text('scripture'),
    blurb: text('blurb'),
  },
  (t) => [unique('series_weeks_series_date_key').on(t.seriesId, t.sundayDate), index('series_weeks_date_idx').on(t.sundayDate)],
);

export const sermonDetails = pgTable(
  'sermon_details',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sundayId: uuid('sunday_id')
      .notNull()
      .unique()
      .references(() => sundayPlans.id, { onDelete: 'cascade' }),
    seriesId: uuid('series_id').references(() => series.id, { onDelete: 'set null' }),
    sermonTitle: text('sermon_title'),
    teachingPastorId: uuid('teaching_pastor_id').references(() => users.id, { onDelete: 'set null' }),
    scriptureReference: text('scripture_reference'),
    mainIdea: text('main_idea'),
    slidesNeeded: jsonb('slides_needed').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('Planned'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Each sermon role's answer (guide/sunday-planning.md#answering-an-assignment), as a runway
     * task's: the teaching pastor's and the owner's, each started over by the database when its
     * person changes (triggers of their migration).
     */
    pastorResponse: text('pastor_response').notNull().default('pending'),
    pastorResponseReason: text('pastor_response_reason'),
    pastorRespondedAt: ts('pastor_responded_at'),
    ownerResponse: text('owner_response').notNull().default('pending'),
    ownerResponseReason: text('owner_response_reason'),
    ownerRespondedAt: ts('owner_responded_at'),
  },
  () => [
    check('sermon_details_status_check', oneOf('status', SERMON_STATUSES)),
    check('sermon_details_pastor_response_check', oneOf('pastor_response', ASSIGNMENT_RESPONSES)),
    check('sermon_details_owner_response_check', oneOf('owner_response', ASSIGNMENT_RESPONSES)),
  ],
);

export const sundayVideoItems = pgTable(
  'sunday_video_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sundayId: uuid('sunday_id')
      .notNull()
      .references(() => sundayPlans.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type').notNull().default('announcement'),
    ministryId: uuid('ministry_id').references(() => ministries.id, { onDelete: 'set null' }),
    description: text('description'),
    status: text('status').notNull().default('planned'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    durationSeconds: integer('duration_seconds'),
    orderInService: integer('order_in_service').notNull().default(0),
    /** The owner's answer (guide/sunday-planning.md#answering-an-assignment), as a runway task's. */
    response: text('response').notNull().default('pending'),
    responseReason: text('response_reason'),
    respondedAt: ts('responded_at'),
  },
  (t) => [
    index('sunday_video_items_sunday_idx').on(t.sundayId, t.orderInService),
    // A person's unfinished videos (decision 0058): not yet ready, scheduled or played.
    index('sunday_video_items_open_owner_idx')
      .on(t.ownerId)
      .where(sql`status in ('planned', 'in_production', 'review') and owner_id is not null`),
    check('sunday_video_items_type_check', oneOf('type', VIDEO_TYPES)),
    check('sunday_video_items_status_check', oneOf('status', VIDEO_STATUSES)),
    check('sunday_video_items_duration_check', sql`duration_seconds is null or duration_seconds >= 0`),
    check('sunday_video_items_response_check', oneOf('response', ASSIGNMENT_RESPONSES)),
  ],
);

export const slides = pgTable(
  'slides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    type: text('type').notNull(),
    sundayId: uuid('sunday_id').references(() => sundayPlans.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    orderIndex: integer('order_index').notNull().default(0),
    /** Who makes this week's slide (Sunday work, decision 0058); recurring slides are shared and have no one. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The owner has finished it. */
    isComplete: boolean('is_complete').notNull().default(false),
  },
  (t) => [
    index('slides_type_sunday_idx').on(t.type, t.sundayId, t.orderIndex),
    // A person's unfinished slides (decision 0058): not yet complete.
    index('slides_open_owner_idx')
      .on(t.ownerId)
      .where(sql`not is_complete and owner_id is not null`),
    check('slides_type_check', oneOf('type', SLIDE_TYPES)),
    check('slides_sunday_check', sql`(type = 'recurring' and sunday_id is null) or (type = 'weekly' and sunday_id is not null)`),
    check('slides_owner_check', sql`owner_id is null or type = 'weekly'`),
  ],
);

export const socialMediaPosts = pgTable(
  'social_media_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sundayId: uuid('sunday_id')
      .notNull()
      .references(() => sundayPlans.id, { onDelete: 'cascade' }),
    platform: text('platform').notNull().default('Instagram'),
    postType: text('post_type').notNull().default('Static Image'),
    postDatetime: ts('post_datetime').notNull(),
    status: text('status').notNull().default('Planned'),
    campaignTag: text('campaign_tag').notNull().default(''),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    caption: text('caption'),
    hashtags: text('hashtags'),
    assets: jsonb('assets').$type<Array<{ url: string; type: string }>>().notNull().default([]),
    /** The owner's answer (guide/sunday-planning.md#answering-an-assignment), as a runway task's. */
    response: text('response').notNull().default('pending'),
    responseReason: text('response_reason'),
    respondedAt: ts('responded_at'),
  },
  (t) => [
    index('social_media_posts_sunday_idx').on(t.sundayId, t.postDatetime),
    // A person's unfinished posts (decision 0058): not yet scheduled, posted or canceled.
    index('social_media_posts_open_owner_idx')
      .on(t.ownerId)
      .where(sql`status in ('Planned', 'Draft') and owner_id is not null`),
    check('social_media_posts_platform_check', oneOf('platform', SOCIAL_PLATFORMS)),
    check('social_media_posts_type_check', oneOf('post_type', SOCIAL_POST_TYPES)),
    check('social_media_posts_status_check', oneOf('status', SOCIAL_STATUSES)),
    check('social_media_posts_response_check', oneOf('response', ASSIGNMENT_RESPONSES)),
  ],
);

export const futureNotes = pgTable(
  'future_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    category: text('category').notNull().default('sunday'),
    status: text('status').notNull().default('draft'),
    targetDate: date('target_date'),
    ministryId: uuid('ministry_id').references(() => ministries.id, { onDelete: 'set null' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description'),
    /** The Sunday plan item 'Move to Runway Now' placed it on (ARCHITECTURE.md#readings-that-still-hold); null until then. */
    planItemId: uuid('plan_item_id').references(() => sundayPlanItems.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('future_notes_status_target_idx').on(t.status, t.targetDate),
    index('future_notes_target_idx').on(t.targetDate),
    check('future_notes_title_check', sql`length(btrim(title)) > 0`),
    check('future_notes_category_check', oneOf('category', FUTURE_NOTE_CATEGORIES)),
    check('future_notes_status_check', oneOf('status', FUTURE_NOTE_STATUSES)),
  ],
);

export const systemHealthLog = pgTable(
  'system_health_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id').notNull(),
    dateRun: ts('date_run').notNull().defaultNow(),
    automationName: text('automation_name').notNull(),
    status: text('status').notNull(),
    summary: text('summary').notNull(),
    details: text('details'),
    severity: text('severity').notNull().default('Info'),
    durationMs: integer('duration_ms').notNull().default(0),
    checkedBy: uuid('checked_by').references(() => users.id, { onDelete: 'set null' }),
    resolved: boolean('resolved').notNull().default(false),
  },
  (t) => [
    index('system_health_log_date_idx').on(t.dateRun),
    index('system_health_log_run_idx').on(t.runId),
    check('system_health_log_status_check', oneOf('status', HEALTH_STATUSES)),
    check('system_health_log_severity_check', oneOf('severity', HEALTH_SEVERITIES)),
  ],
);

// ---------------------------------------------------------------- calendar feeds

/**
 * A person's calendar subscriptions (decision 0033): at most one feed of each kind per
 * person. Only the SHA-256 of the token is kept, as for sessions: the URL is shown when the feed is
 * made or regenerated, and a leaked row cannot be used to read the calendar. Whether the feed
 * answers, and what it holds, is decided at each fetch from the owner's current role and active flag.
 */
/** Bytes (bytea): a Buffer in and out, on PostgreSQL and PGlite alike. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The team feed's ministry filter; null for every ministry (and always for a personal feed). */
    ministryId: uuid('ministry_id').references(() => ministries.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    /** The ETag of the text last served, and when the text last changed: Last-Modified, If-Modified-Since. */
    bodyEtag: text('body_etag'),
    bodyChangedAt: ts('body_changed_at'),
    /**
     * The feed's text as last built, gzip-compressed, when it was built and for which role of its
     * owner: polls within FEED_FRESH_MS answer it without reading the rows (decision 0064).
     * Regenerating the link or changing the team feed's filter clears it; revoking deletes the row.
     */
    bodyGzip: bytea('body_gzip'),
    bodyBuiltAt: ts('body_built_at'),
    bodyRole: text('body_role'),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash),
    uniqueIndex('calendar_feeds_user_kind_key').on(t.userId, t.kind),
    check('calendar_feeds_kind_check', oneOf('kind', ['personal', 'team'])),
  ],
);

// ---------------------------------------------------------------- e-mail preferences

/** A person's choice for one kind of e-mail; no row means the kind's default (decision 0034). */
export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    mode: text('mode').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('email_preferences_kind_check', oneOf('kind', EMAIL_KINDS)),
    check('email_preferences_mode_check', oneOf('mode', EMAIL_MODES)),
  ],
);

/**
 * What waits for a person's next daily digest: one row per e-mail they chose to get in the digest,
 * written in the transaction that would have queued the e-mail. `digest_date` is set when a digest
 * lists it (in that digest's transaction).
 */
export const digestEntries = pgTable(
  'digest_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    requestTitle: text('request_title').notNull(),
    summary: text('summary').notNull(),
    link: text('link').notNull(),
    digestDate: date('digest_date'),
    createdAt: createdAt(),
  },
  (t) => [
    index('digest_entries_pending_idx')
      .on(t.userId, t.createdAt)
      .where(sql`digest_date is null`),
    check('digest_entries_kind_check', oneOf('kind', EMAIL_KINDS)),
  ],
);

/** One digest per person per church day: the claim two instances or a restart cannot repeat. */
/**
 * One nudge summary per person per church day (decision 0066): the nudge run claims (person, day)
 * with INSERT ... ON CONFLICT DO NOTHING in the transaction that writes the summary, so two
 * instances or a restart never send twice. Kept a week.
 */
export const nudgeLog = pgTable(
  'nudge_log',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    items: integer('items').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The last complete nudge run of each church day (decision 0071): the run's instant (the waits
 * crossed since), the database's clock when it began reading (the changes made since) and the
 * rules it read by (time zone and the church's waits: a change reads the whole day again).
 */
export const nudgeRuns = pgTable('nudge_runs', {
  day: date('day').primaryKey(),
  readUntil: ts('read_until').notNull(),
  touchedUntil: ts('touched_until').notNull(),
  rules: text('rules').notNull(),
});

export const digestsSent = pgTable(
  'digests_sent',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    digestDate: date('digest_date').notNull(),
    entries: integer('entries').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.digestDate] })],
);

/**
 * Server secrets made on first use and shared by every instance through the database (the HMAC key
 * of the links that turn an e-mail kind off, decision 0034). No API reads this table.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});
