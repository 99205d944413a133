import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  channelCreateBody,
  channelUpdateBody,
  churchSettingsBody,
  tierCreateBody,
  tierUpdateBody,
} from '../../../shared/api/church-config';
import {
  channelErrors,
  churchErrors,
  CONFIG_MESSAGES,
  isCompleteOrder,
  tierErrors,
  type ChurchConfig,
  type FieldErrors,
} from '../../../shared/domain/church-config';
import type { SessionUser } from '../../platform/auth/sessions';
import { churchConfig, churchConfigChanged, readChurchConfig } from '../../platform/church-config';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { activityLog, channels, churchSettings, tiers } from '../../platform/db/schema';
import { badRequest, notFound } from '../../platform/errors';

/**
 * Changes to the church's configuration (decision 0056), each ONE transaction: the configuration is
 * read under a lock, the change checked against it (a clear error and nothing written otherwise),
 * written, logged in the activity log, and announced so every instance reads it again. Nothing here
 * touches requests or items: they keep the tier, channels and lead time they were submitted with.
 */
type TierCreate = z.output<typeof tierCreateBody>;
type TierUpdate = z.output<typeof tierUpdateBody>;
type ChannelCreate = z.output<typeof channelCreateBody>;
type ChannelUpdate = z.output<typeof channelUpdateBody>;
type ChurchUpdate = z.output<typeof churchSettingsBody>;

function refuse(errors: FieldErrors): void {
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

/** Runs a change with the configuration as it stands, locked against other changes until commit. */
async function change(
  ctx: AppContext,
  user: SessionUser,
  write: (tx: Tx, current: ChurchConfig) => Promise<string>,
): Promise<ChurchConfig> {
  await inTransaction(ctx, async (tx, events) => {
    await tx.execute(sql`select pg_advisory_xact_lock(56, 0)`);
    const current = await readChurchConfig(tx, ctx.config.churchTimeZone);
    const notes = await write(tx, current);
    await tx.insert(activityLog).values({ requestId: null, userId: user.id, actionType: 'church_config_changed', notes });
    events.push(churchConfigChanged());
  });
  return churchConfig(ctx);
}

const nextPosition = (rows: readonly { position: number }[]) => rows.reduce((max, r) => Math.max(max, r.position + 1), 0);

export function createTier(ctx: AppContext, user: SessionUser, body: TierCreate) {
  return change(ctx, user, async (tx, current) => {
    refuse(
      tierErrors(
        body,
        current.tiers.map((t) => t.code),
        current.channels.map((c) => c.code),
      ),
    );
    await tx.insert(tiers).values({ ...body, position: nextPosition(current.tiers) });
    return `Added tier ${body.code} (${body.name})`;
  });
}

export function updateTier(ctx: AppContext, user: SessionUser, code: string, body: TierUpdate) {
  return change(ctx, user, async (tx, current) => {
    const before = current.tiers.find((t) => t.code === code);
    if (!before) throw notFound(CONFIG_MESSAGES.notFound);
    const others = current.tiers.filter((t) => t.code !== code).map((t) => t.code);
    refuse(
      tierErrors(
        { ...body, code },
        others,
        current.channels.map((c) => c.code),
      ),
    );
    await tx
      .update(tiers)
      .set({ ...body, updatedAt: sql`now()` })
      .where(eq(tiers.code, code));
    return `${describe(before.archived, body.archived)} tier ${code} (${body.name})`;
  });
}

export function updateChannel(ctx: AppContext, user: SessionUser, code: string, body: ChannelUpdate) {
  return change(ctx, user, async (tx, current) => {
    const before = current.channels.find((c) => c.code === code);
    if (!before) throw notFound(CONFIG_MESSAGES.notFound);
    const others = current.channels.filter((c) => c.code !== code).map((c) => c.code);
    refuse(channelErrors({ ...body, code }, others));
    await tx
      .update(channels)
      .set({ ...body, updatedAt: sql`now()` })
      .where(eq(channels.code, code));
    return `${describe(before.archived, body.archived)} channel ${code} (${body.label})`;
  });
}

export function createChannel(ctx: AppContext, user: SessionUser, body: ChannelCreate) {
  return change(ctx, user, async (tx, current) => {
    refuse(
      channelErrors(
        body,
        current.channels.map((c) => c.code),
      ),
    );
    await tx.insert(channels).values({ ...body, position: nextPosition(current.channels) });
    return `Added channel ${body.code} (${body.label})`;
  });
}

const describe = (was: boolean, is: boolean) => (was === is ? 'Changed' : is ? 'Archived' : 'Restored');

export function reorder(ctx: AppContext, user: SessionUser, kind: 'tiers' | 'channels', codes: string[]) {
  return change(ctx, user, async (tx, current) => {
    if (!isCompleteOrder(codes, current[kind])) throw badRequest(CONFIG_MESSAGES.order, { codes: CONFIG_MESSAGES.order });
    const table = kind === 'tiers' ? tiers : channels;
    for (const [position, code] of codes.entries()) await tx.update(table).set({ position }).where(eq(table.code, code));
    return `Reordered the ${kind === 'tiers' ? 'tiers' : 'channels'}: ${codes.join(', ')}`;
  });
}

export function updateChurch(ctx: AppContext, user: SessionUser, body: ChurchUpdate) {
  return change(ctx, user, async (tx) => {
    refuse(churchErrors(body));
    await tx
      .insert(churchSettings)
      .values({ id: 1, ...body })
      .onConflictDoUpdate({ target: churchSettings.id, set: { ...body, updatedAt: sql`now()` } });
    return 'Changed the church settings';
  });
}
