import { notInArray, sql } from 'drizzle-orm';
import type { LandingEditor, LandingSaveBody } from '../../../shared/api/landing';
import { LANDING_MESSAGES } from '../../../shared/api/landing';
import { parseTierSection, tierCardKey } from '../../../shared/domain/landing';
import type { ChurchConfig } from '../../../shared/domain/church-config';
import { badRequest } from '../../platform/errors';
import { inTransaction, type AppContext } from '../../platform/context';
import type { Tx } from '../../platform/db/client';
import { landingPageContent, landingPageFaqs } from '../../platform/db/schema';
import { readLandingEditor } from './queries';
import { churchConfig } from '../../platform/church-config';

/** Everyone signed in hears of a save (viewer is the lowest rank); signed-out visitors read afresh on load. */
export const LANDING_EVENT = { topic: 'landing', audience: { minRole: 'viewer' } } as const;

/** A card section of a tier the church does not have is refused (400), naming the field. */
function checkTierSections(content: LandingSaveBody['content'], config: ChurchConfig) {
  const keys = new Set(config.tiers.map((t) => tierCardKey(t.code)));
  const unknown = Object.keys(content).filter((section) => {
    const card = parseTierSection(section);
    return card && !keys.has(card.key);
  });
  if (unknown.length > 0) {
    throw badRequest(LANDING_MESSAGES.unknownTier, Object.fromEntries(unknown.map((s) => [`content.${s}`, LANDING_MESSAGES.unknownTier])));
  }
}

async function upsertContent(tx: Tx, content: LandingSaveBody['content']) {
  const rows = Object.entries(content).map(([section, text]) => ({ section, content: text, contentType: 'text' }));
  await tx
    .insert(landingPageContent)
    .values(rows)
    .onConflictDoUpdate({
      target: landingPageContent.section,
      set: { content: sql`excluded.content`, contentType: sql`excluded.content_type`, updatedAt: sql`now()` },
    });
}

/** The list as sent becomes the list stored: ids left out are deleted, the rest upserted in their order. */
async function replaceFaqs(tx: Tx, faqs: LandingSaveBody['faqs']) {
  const ids = faqs.map((f) => f.id);
  if (ids.length === 0) await tx.delete(landingPageFaqs);
  else await tx.delete(landingPageFaqs).where(notInArray(landingPageFaqs.id, ids));
  if (faqs.length === 0) return;
  await tx
    .insert(landingPageFaqs)
    .values(faqs.map((f, orderIndex) => ({ id: f.id, question: f.question, answer: f.answer, active: f.active, orderIndex })))
    .onConflictDoUpdate({
      target: landingPageFaqs.id,
      set: {
        question: sql`excluded.question`,
        answer: sql`excluded.answer`,
        active: sql`excluded.active`,
        orderIndex: sql`excluded.order_index`,
      },
    });
}

/**
 * The editor's one Save (guide/administration.md#the-landing-page): the content rows and the FAQ list in one
 * transaction, so a failing FAQ write leaves the content as it was. Saves run one at a time
 * (a transaction-scoped advisory lock): two admins saving at once each leave a whole page, the
 * later one's, never a mix of both FAQ lists. The sections sent are stored (a tier card's fields only
 * for the church's tiers); the others keep what they hold. Answers the saved state.
 */
export async function saveLanding(ctx: AppContext, body: LandingSaveBody): Promise<LandingEditor> {
  const config = await churchConfig(ctx);
  checkTierSections(body.content, config);
  return inTransaction(ctx, async (tx, events) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('landing_editor_save'))`);
    await upsertContent(tx, body.content);
    await replaceFaqs(tx, body.faqs);
    events.push(LANDING_EVENT);
    return readLandingEditor(tx, config);
  });
}
