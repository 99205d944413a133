import { bookedWeeks } from '../../../shared/domain/capacity';
import { DEMO_CHANNELS } from '../../../shared/domain/church-config';
import { sql } from 'drizzle-orm';
import { TIER_DEFINITIONS } from '../../../shared/domain/tiers';
import { writeDemoChurchConfig } from '../church-config';
import type { Channel } from '../../../shared/domain/channels';
import type { ItemStatus, RequestStatus, Tier } from '../../../shared/domain/statuses';
import { addDaysIso, todayIn, upcomingSundays } from '../../../shared/domain/dates';
import { RUNWAY_WEEKS } from '../../../shared/domain/constants';
import { deflateSync } from 'node:zlib';
import { hashPassword } from '../auth/passwords';
import type { BlobStore } from '../files/blob-store';
import { rowsOf, type Db, type Tx } from './client';
import * as t from './schema';
import { insertRunways } from './runway-rows';
import { STANDARD_RUNWAYS } from '../../../shared/domain/runway-setup';

/**
 * The demo church: users for every role, ministries, requests in every state with their items,
 * five runways with requirement items, six Sundays of plans, a series, future notes and
 * notifications, so a new user can sign in and see every screen populated.
 */
export const DEMO_PASSWORD = 'Lampstand-demo-1';

export const DEMO_USERS = [
  { key: 'admin', email: 'admin@example.org', fullName: 'Grace Admin', role: 'admin' },
  { key: 'coordinator', email: 'coordinator@example.org', fullName: 'Caleb Coordinator', role: 'coordinator' },
  { key: 'approver', email: 'approver@example.org', fullName: 'Abigail Approver', role: 'approver' },
  { key: 'creative', email: 'creative@example.org', fullName: 'Chloe Creative', role: 'creative' },
  { key: 'requester', email: 'requester@example.org', fullName: 'Ruth Requester', role: 'requester' },
  { key: 'viewer', email: 'viewer@example.org', fullName: 'Victor Viewer', role: 'viewer' },
  { key: 'newhire', email: 'newhire@example.org', fullName: 'Nathan Newhire', role: 'requester', passwordResetRequired: true },
  { key: 'inactive', email: 'inactive@example.org', fullName: 'Ida Inactive', role: 'requester', active: false },
  { key: 'creative2', email: 'designer@example.org', fullName: 'Daniel Designer', role: 'creative' },
] as const;

const MINISTRIES = [
  { name: 'Worship', defaultTier: 'A' },
  { name: 'Youth', defaultTier: 'B' },
  { name: "Women's Ministry", defaultTier: 'C' },
  { name: 'The Landing', defaultTier: 'L1' },
  { name: 'Landing Young Adults', defaultTier: 'L2' },
  { name: 'Missions', defaultTier: 'B' },
  { name: 'Kids', defaultTier: 'C' },
] as const;

interface DemoRequest {
  title: string;
  status: RequestStatus;
  tier: Tier;
  ministry: number;
  eventInDays: number;
  priority?: 'low' | 'medium' | 'high' | 'urgent';
  coordinated?: boolean;
  itemStatuses?: ItemStatus[];
  extras?: Array<{ channel: Channel; state: 'pending' | 'approved' | 'rejected' }>;
  shareWithViewer?: boolean;
}

const REQUESTS: DemoRequest[] = [
  {
    title: 'Easter Family Picnic',
    status: 'submitted',
    tier: 'B',
    ministry: 1,
    eventInDays: 35,
    extras: [{ channel: 'banner', state: 'pending' }],
  },
  {
    title: 'Missions Sunday Lunch',
    status: 'needs_approval',
    tier: 'C',
    ministry: 5,
    eventInDays: 28,
    extras: [{ channel: 'mass_email', state: 'pending' }],
  },
  { title: 'Marriage Retreat', status: 'approved', tier: 'A', ministry: 0, eventInDays: 42, coordinated: true, shareWithViewer: true },
  {
    title: 'Youth Winter Camp',
    status: 'in_production',
    tier: 'B',
    ministry: 1,
    eventInDays: 21,
    coordinated: true,
    priority: 'high',
    itemStatuses: ['in_progress', 'not_started', 'proof_ready', 'changes_requested', 'approved', 'in_progress'],
  },
  {
    title: "Women's Brunch",
    status: 'in_review',
    tier: 'C',
    ministry: 2,
    eventInDays: 14,
    coordinated: true,
    itemStatuses: ['proof_ready', 'approved', 'in_progress'],
    extras: [{ channel: 'promotional_video', state: 'rejected' }],
  },
  {
    title: 'Christmas Choir Auditions',
    status: 'revisions_needed',
    tier: 'B',
    ministry: 0,
    eventInDays: 10,
    coordinated: true,
    itemStatuses: ['changes_requested', 'approved', 'in_progress', 'published', 'approved', 'complete'],
  },
  {
    title: 'Landing Worship Night',
    status: 'final_approval',
    tier: 'L1',
    ministry: 3,
    eventInDays: 12,
    coordinated: true,
    itemStatuses: ['approved', 'approved', 'proof_ready', 'approved', 'published'],
  },
  {
    title: 'Serve Day',
    status: 'scheduled',
    tier: 'A',
    ministry: 5,
    eventInDays: 30,
    coordinated: true,
    priority: 'urgent',
    itemStatuses: [
      'approved',
      'published',
      'approved',
      'in_progress',
      'approved',
      'proof_ready',
      'not_started',
      'approved',
      'approved',
      'published',
    ],
  },
  {
    title: 'Baptism Sunday',
    status: 'published',
    tier: 'C',
    ministry: 0,
    eventInDays: 5,
    coordinated: true,
    itemStatuses: ['published', 'published', 'complete'],
  },
  {
    title: 'Kids VBS Registration',
    status: 'complete',
    tier: 'B',
    ministry: 6,
    eventInDays: -3,
    coordinated: true,
    itemStatuses: ['complete', 'complete', 'complete', 'complete', 'complete', 'complete'],
  },
  { title: 'Fall Festival', status: 'on_hold', tier: 'B', ministry: 6, eventInDays: 60, priority: 'low' },
  { title: 'Parking Lot Prayer Walk', status: 'cancelled', tier: 'C', ministry: 2, eventInDays: 20 },
  {
    title: 'Landing Game Night',
    status: 'proof_ready',
    tier: 'L2',
    ministry: 4,
    eventInDays: 16,
    coordinated: true,
    itemStatuses: ['proof_ready', 'approved'],
  },
  {
    title: 'Men’s Breakfast',
    status: 'in_progress',
    tier: 'C',
    ministry: 5,
    eventInDays: 18,
    coordinated: true,
    itemStatuses: ['in_progress', 'not_started', 'in_progress'],
  },
  {
    title: 'Summer Block Party',
    status: 'archived_recurring',
    tier: 'A',
    ministry: 5,
    eventInDays: -120,
    coordinated: true,
    itemStatuses: Array(10).fill('complete'),
  },
  {
    title: 'Building Dedication',
    status: 'archived_onetime',
    tier: 'A',
    ministry: 0,
    eventInDays: -200,
    coordinated: true,
    itemStatuses: Array(10).fill('complete'),
  },
];

/** The standard runways (the pre-fill an admin adds in one action) with their tasks' names. */
const RUNWAYS = STANDARD_RUNWAYS.map((r) => ({ ...r, items: r.tasks.map((task) => task.name) }));

export async function isEmpty(db: Db): Promise<boolean> {
  const res = await db.execute(sql`select count(*)::int as n from users`);
  return Number(rowsOf<{ n: number }>(res)[0].n) === 0;
}

/** A plain proof image (a PNG of one colour) for the demo's items waiting for review. */
export function demoProofPng(width = 320, height = 180, rgb: [number, number, number] = [79, 70, 229]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What every step of the demo seed works in: the one transaction, the church's today and time zone, and the file store. */
interface SeedContext {
  tx: Tx;
  today: string;
  timeZone: string;
  files: BlobStore;
}
type UserRow = typeof t.users.$inferSelect;
type DemoUserKey = (typeof DEMO_USERS)[number]['key'];
/** The demo church's people: its ministries, a user per demo key, and the outside design studio. */
interface DemoPeople {
  ministries: Array<typeof t.ministries.$inferSelect>;
  users: Record<DemoUserKey, UserRow>;
  squad: UserRow;
}

/**
 * Seeds the demo church, one step after another in one transaction. `files` stores the proofs of
 * the items waiting for review: an item in Proof Ready always has a proof to approve.
 */
export async function seedDemo(db: Db, timeZone: string, files: BlobStore): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const today = todayIn(timeZone);
  await db.transaction(async (tx) => {
    const ctx: SeedContext = { tx, today, timeZone, files };
    // The demo church's own tiers, channels and words over the migration's general defaults (decision 0056).
    await writeDemoChurchConfig(tx);
    const people = await seedPeople(ctx, passwordHash);
    for (const [i, r] of REQUESTS.entries()) await seedRequest(ctx, people, r, i);
    await seedWelcomeNotifications(ctx, people);
    await seedSundays(ctx, people);
    await seedFutureNotes(ctx, people);
    await seedLandingFaqs(ctx);
  });
}

/** The ministries (one archived), a user for every role, and the outside studio that takes some items. */
async function seedPeople({ tx }: SeedContext, passwordHash: string): Promise<DemoPeople> {
  const ministries = await tx
    .insert(t.ministries)
    .values([...MINISTRIES.map((m) => ({ ...m })), { name: 'Facilities (archived)', defaultTier: 'C', active: false }])
    .returning();
  const users = {} as Record<DemoUserKey, UserRow>;
  for (const demo of DEMO_USERS) {
    const [row] = await tx
      .insert(t.users)
      .values({
        email: demo.email,
        fullName: demo.fullName,
        role: demo.role,
        passwordHash,
        passwordResetRequired: 'passwordResetRequired' in demo ? demo.passwordResetRequired : false,
        active: 'active' in demo ? demo.active : true,
        ministryId: demo.role === 'requester' ? ministries[1].id : null,
      })
      .returning();
    users[demo.key] = row;
  }
  const [squad] = await tx
    .insert(t.users)
    .values({ email: 'squad@churchmediasquad.example', fullName: 'Church Media Squad', role: 'creative', isExternal: true })
    .returning();
  return { ministries, users, squad };
}

/** One demo request (the `i`th) with its items and their proofs, its history, and its notification. */
async function seedRequest(ctx: SeedContext, people: DemoPeople, r: DemoRequest, i: number): Promise<void> {
  const { tx, today } = ctx;
  const u = people.users;
  const eventStart = addDaysIso(today, r.eventInDays);
  const archived = r.status.startsWith('archived');
  const requester = i % 4 === 3 ? u.coordinator : u.requester;
  const [req] = await tx
    .insert(t.requests)
    .values({
      eventTitle: r.title,
      ministryId: people.ministries[r.ministry].id,
      requesterId: requester.id,
      promotionStartDate: addDaysIso(eventStart, -21),
      eventStartDate: eventStart,
      eventEndDate: eventStart,
      startTime: '18:00',
      endTime: '20:00',
      location: 'Main Campus',
      expectedAttendance: 50 + i * 25,
      descriptionShort: `${r.title}: join us for a great time together.`,
      descriptionLong: `Everything you need to know about ${r.title}.`,
      targetAudience: 'Whole church',
      tier: r.tier,
      planningCenterAdded: true,
      status: r.status,
      priority: r.priority ?? 'medium',
      currentCoordinatorId: r.coordinated ? u.coordinator.id : null,
      contentCompleteScore: 85,
      submittedAt: new Date(Date.now() - (REQUESTS.length - i) * 86_400_000 * 2),
      archivedAt: archived ? new Date(Date.now() - i * 86_400_000) : null,
      archivedBy: archived ? u.coordinator.id : null,
      additionalChannels: Object.fromEntries((r.extras ?? []).map((e) => [e.channel, true])),
    })
    .returning();
  await seedRequestItems(ctx, people, r, req.id, eventStart, req.promotionStartDate ?? eventStart);
  await seedRequestHistory(ctx, people, r, req, requester);
  if (i < 6) {
    await tx.insert(t.notifications).values({
      userId: i % 2 ? u.requester.id : u.coordinator.id,
      title: i % 2 ? 'Proof ready for review' : 'New request submitted',
      body: `${r.title} needs your attention.`,
      type: i % 2 ? 'review_ready' : 'assignment',
      requestId: req.id,
      link: `/request/${req.id}`,
      read: i > 3,
      createdAt: new Date(Date.now() - i * 3_600_000),
    });
  }
}

const ONE_WEEK_RUN = { capacityPer: 'week' as const, runWeeks: 1 };

/** A request's items: its tier's channels in the demo's statuses, then its additional items; a proof for each one in Proof Ready. */
async function seedRequestItems(
  ctx: SeedContext,
  people: DemoPeople,
  r: DemoRequest,
  requestId: string,
  eventStart: string,
  promotionStart: string,
) {
  const { tx, today, files } = ctx;
  const u = people.users;
  const channels = TIER_DEFINITIONS[r.tier].channels;
  const items = channels.map((channel, j) => {
    const status = r.itemStatuses?.[j] ?? 'submitted';
    return {
      requestId,
      channel,
      status,
      priority: r.priority ?? 'medium',
      dueDate: addDaysIso(eventStart, -7 + (j % 5)),
      assigneeId: status === 'submitted' ? null : j % 3 === 2 ? people.squad.id : j % 2 ? u.creative2.id : u.creative.id,
      isAdditionalRequest: false,
      additionalRequestStatus: null,
    };
  });
  for (const extra of r.extras ?? []) {
    items.push({
      requestId,
      channel: extra.channel,
      status: 'submitted',
      priority: r.priority ?? 'medium',
      dueDate: addDaysIso(eventStart, -5),
      assigneeId: null,
      isAdditionalRequest: true,
      additionalRequestStatus: extra.state as never,
    });
  }
  if (!items.length) return;
  const itemRows = await tx
    .insert(t.requestItems)
    .values(
      items.map((it, j) => ({
        ...it,
        // The weeks each runs in as planned, so the capacity view shows the demo's load (decision 0067).
        bookedWeeks: bookedWeeks(
          { start: promotionStart, end: eventStart },
          DEMO_CHANNELS.find((c) => c.code === it.channel) ?? ONE_WEEK_RUN,
        ),
        rejectionReason: it.additionalRequestStatus === ('rejected' as never) ? 'Insufficient lead time for this type of promotion' : null,
        dueDate: j === 0 && r.status === 'in_production' ? addDaysIso(today, -2) : it.dueDate,
      })),
    )
    .returning();
  // Every item waiting for review carries the proof its creative uploaded.
  for (const item of itemRows.filter((row) => row.status === 'proof_ready')) {
    const png = demoProofPng();
    await tx.insert(t.requestAssets).values({
      requestId,
      itemId: item.id,
      fileName: `${item.channel}-proof-v1.png`,
      storageKey: await files.put(png, 'png'),
      fileSize: png.length,
      fileType: 'image/png',
      uploadedBy: item.assigneeId,
      versionNumber: 1,
    });
  }
}

/** A request's history: submitted; when coordinated, the coordinator assigned and their first message; the viewer it is shared with. */
async function seedRequestHistory(
  { tx }: SeedContext,
  people: DemoPeople,
  r: DemoRequest,
  req: typeof t.requests.$inferSelect,
  requester: UserRow,
) {
  const u = people.users;
  await tx.insert(t.activityLog).values({
    requestId: req.id,
    userId: requester.id,
    actionType: 'request_submitted',
    newValue: 'submitted',
    notes: 'Request submitted',
    createdAt: req.submittedAt,
  });
  if (r.coordinated) {
    await tx.insert(t.activityLog).values({
      requestId: req.id,
      userId: u.admin.id,
      actionType: 'Coordinator Assigned',
      oldValue: 'Unassigned',
      newValue: u.coordinator.fullName,
    });
    await tx.insert(t.requestMessages).values({
      requestId: req.id,
      authorId: u.coordinator.id,
      body: `Thanks for the details on ${r.title}. We are on it.`,
    });
  }
  if (r.shareWithViewer) {
    await tx.insert(t.requestViewers).values({ requestId: req.id, userId: u.viewer.id, addedBy: u.coordinator.id });
  }
}

/** The notifications not about one request: a welcome, an assignment, a shared request. */
async function seedWelcomeNotifications({ tx }: SeedContext, { users: u }: DemoPeople) {
  await tx.insert(t.notifications).values([
    { userId: u.admin.id, title: 'Welcome to Lampstand', body: 'Your demo church is ready to explore.', type: 'status_change' },
    { userId: u.creative.id, title: 'You were assigned a task', body: 'Youth Winter Camp: Landing Slide Deck', type: 'assignment' },
    { userId: u.viewer.id, title: 'A request was shared with you', body: 'Marriage Retreat', type: 'status_change' },
  ]);
}

/** The standard runways, the Sunday templates, the series over the first four Sundays, the recurring slides, then the next six Sundays' plans. */
async function seedSundays(ctx: SeedContext, people: DemoPeople) {
  const { tx, timeZone } = ctx;
  const runwayRows = await insertRunways(
    tx,
    STANDARD_RUNWAYS.map((r, i) => ({ ...r, orderIndex: i })),
  );
  await seedSundayTemplates(ctx, people, runwayRows);
  const sundays = upcomingSundays(timeZone, RUNWAY_WEEKS);
  const [seriesRow] = await tx
    .insert(t.series)
    .values({
      title: 'Rooted',
      tagline: 'Growing deep in faith',
      description: 'A series on spiritual roots.',
      startSunday: sundays[0],
      endSunday: sundays[3],
      ownerId: people.users.coordinator.id,
    })
    .returning();
  await tx
    .insert(t.seriesWeeks)
    .values(sundays.slice(0, 4).map((d, i) => ({ seriesId: seriesRow.id, sundayDate: d, weekTitle: `Week ${i + 1}` })));
  await tx.insert(t.slides).values([
    { title: 'Welcome', type: 'recurring', orderIndex: 0 },
    { title: 'Giving', type: 'recurring', orderIndex: 1 },
    { title: 'Next Steps', type: 'recurring', orderIndex: 2 },
  ]);
  for (const [w, sunday] of sundays.entries()) await seedSunday(ctx, people, { w, sunday, seriesId: seriesRow.id, runwayRows });
}

/** Sunday templates for the Sundays that come back every year (guide/sunday-planning.md#sunday-templates). */
async function seedSundayTemplates({ tx }: SeedContext, { users: u }: DemoPeople, runwayRows: Array<{ id: string; code: string }>) {
  const runwayId = (code: string) => runwayRows.find((r) => r.code === code)!.id;
  const templates = await tx
    .insert(t.sundayTemplates)
    .values([
      { name: 'Easter', createdById: u.coordinator.id },
      { name: 'Baptism Sunday', createdById: u.coordinator.id },
      { name: 'Christmas Eve', createdById: u.coordinator.id },
    ])
    .returning();
  const templateTask = (templateId: string, code: string, title: string, kind: 'text' | 'file' | 'check', daysBefore: number) => ({
    templateId,
    runwayId: runwayId(code),
    title,
    kind,
    daysBefore,
  });
  await tx.insert(t.sundayTemplateTasks).values([
    { ...templateTask(templates[0].id, 'media', 'Easter invite video', 'file', 21), defaultAssigneeId: u.creative.id, orderIndex: 0 },
    { ...templateTask(templates[0].id, 'announcements', 'Easter service times in the bulletin', 'text', 14), orderIndex: 1 },
    { ...templateTask(templates[0].id, 'logistics', 'Extra parking team', 'check', 7), orderIndex: 2 },
    { ...templateTask(templates[1].id, 'logistics', 'Baptism tank filled and heated', 'check', 1), orderIndex: 0 },
    { ...templateTask(templates[1].id, 'media', 'Baptism stories video', 'file', 10), defaultAssigneeId: u.creative.id, orderIndex: 1 },
    { ...templateTask(templates[1].id, 'announcements', 'Names of those being baptized', 'text', 5), orderIndex: 2 },
    { ...templateTask(templates[2].id, 'media', 'Christmas Eve countdown', 'file', 14), defaultAssigneeId: u.creative.id, orderIndex: 0 },
    { ...templateTask(templates[2].id, 'logistics', 'Candles and lighters', 'check', 7), orderIndex: 1 },
    { ...templateTask(templates[2].id, 'message', 'Christmas Eve readings', 'text', 10), orderIndex: 2 },
  ]);
}

/** The `w`th Sunday: its plan, sermon, videos, weekly slide and post, and each runway's plan with its saved tasks. */
async function seedSunday(
  { tx }: SeedContext,
  { users: u }: DemoPeople,
  { w, sunday, seriesId, runwayRows }: { w: number; sunday: string; seriesId: string; runwayRows: Array<{ id: string }> },
) {
  // The first Sunday is locked as a whole (decision 0014: every plan of the date), by the
  // coordinator; readiness is computed from the items by the server, not stored.
  const locked = w === 0;
  const lock = locked ? { isLocked: true, status: 'locked', lockedById: u.coordinator.id, lockedAt: new Date() } : {};
  const [plan] = await tx
    .insert(t.sundayPlans)
    .values({ sundayDate: sunday, ...lock })
    .returning();
  await tx.insert(t.sermonDetails).values({
    sundayId: plan.id,
    seriesId: w < 4 ? seriesId : null,
    sermonTitle: w < 4 ? `Rooted, week ${w + 1}` : null,
    teachingPastorId: u.approver.id,
    scriptureReference: w < 3 ? `Colossians 2:${w + 6}` : null,
    status: w === 0 ? 'Finalized' : 'Planned',
    slidesNeeded: ['Title Slide', 'Scripture Slide'],
  });
  await tx.insert(t.sundayVideoItems).values([
    { sundayId: plan.id, title: 'Announcements', type: 'announcement', status: w === 0 ? 'ready' : 'planned', orderInService: 0 },
    {
      sundayId: plan.id,
      title: 'Serve Day promo',
      type: 'promo',
      status: w < 2 ? 'in_production' : 'planned',
      orderInService: 1,
      durationSeconds: 90,
    },
  ]);
  await tx.insert(t.slides).values({ title: `Week of ${sunday}`, type: 'weekly', sundayId: plan.id, orderIndex: 0 });
  await tx.insert(t.socialMediaPosts).values({
    sundayId: plan.id,
    postDatetime: new Date(`${sunday}T17:00:00Z`),
    caption: 'See you Sunday!',
    ownerId: u.creative.id,
  });
  for (const [ri, runway] of runwayRows.entries()) {
    const [rp] = await tx
      .insert(t.sundayPlans)
      .values({ sundayDate: sunday, runwayId: runway.id, ...lock })
      .returning();
    // Mixed states: the locked Sunday done; later Sundays fewer tasks saved, some assigned,
    // some with details only (needs assignee), the rest left as unsaved requirement items.
    const saved = RUNWAYS[ri].items.slice(0, Math.max(0, RUNWAYS[ri].items.length - Math.floor(w / 2)));
    if (saved.length === 0) continue;
    await tx.insert(t.sundayPlanItems).values(
      saved.map((task, j) => ({
        sundayPlanId: rp.id,
        taskName: task,
        isComplete: w === 0 || j < Math.max(0, 2 - Math.floor((w + ri) / 3)),
        assignedToId: j % 2 ? u.creative.id : null,
        taskDetails: j === 2 && w > 0 ? 'Draft in the shared folder' : null,
      })),
    );
  }
}

/** Future notes in each state, months ahead. */
async function seedFutureNotes({ tx, today }: SeedContext, { users: u, ministries }: DemoPeople) {
  await tx.insert(t.futureNotes).values([
    {
      title: 'Advent series planning',
      category: 'sunday',
      status: 'planned',
      targetDate: addDaysIso(today, 60),
      ownerId: u.coordinator.id,
    },
    { title: 'Spring campaign video', category: 'videos', status: 'draft', targetDate: addDaysIso(today, 90), ownerId: u.creative.id },
    {
      title: 'Easter social media push',
      category: 'social',
      status: 'draft',
      targetDate: addDaysIso(today, 120),
      ministryId: ministries[0].id,
    },
    { title: 'Missions month', category: 'campaign', status: 'moved_to_runway', targetDate: addDaysIso(today, 50) },
  ]);
}

/** The public page's questions and answers. */
async function seedLandingFaqs({ tx }: SeedContext) {
  await tx.insert(t.landingPageFaqs).values([
    { question: 'How far ahead should I submit?', answer: 'At least 2 weeks ahead, and 3-4 weeks for major events.', orderIndex: 0 },
    {
      question: 'Who approves my request?',
      answer: 'The communications team reviews every request within 1-3 business days.',
      orderIndex: 1,
    },
    {
      question: 'Can I change my request after submitting?',
      answer: 'Yes, while it is still submitted. After that, message the team from the request.',
      orderIndex: 2,
    },
  ]);
}
