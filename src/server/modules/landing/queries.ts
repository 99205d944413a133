import { asc, eq } from 'drizzle-orm';
import type { LandingEditor, LandingResponse } from '../../../shared/api/landing';
import { LANDING_DEFAULTS, landingSections, tierCardDefaults, tierCardKey, tierSection } from '../../../shared/domain/landing';
import { configChannelLabel, offered, type ChurchConfig } from '../../../shared/domain/church-config';
import { lockRuleSentence, type LockRule } from '../../../shared/domain/sunday-lock';
import { readTogether, type Executor } from '../../platform/db/client';
import { sundayLockRule } from '../../platform/settings';
import { landingPageContent, landingPageFaqs } from '../../platform/db/schema';

/** The footer's default: the church's contact e-mail when it has one (decision 0056). */
export function footerContactDefault(contactEmail: string | null): string {
  return contactEmail ? `Questions? Contact the Communications Team at ${contactEmail}` : 'Questions? Contact the Communications Team.';
}

/**
 * The tiers' subheading by default: the church's lock rule in words, or no word of a lock when it is
 * off, spoken as the public copy reads ('Thursday at noon').
 */
export function tiersSubheadingDefault(rule: LockRule): string {
  const when = lockRuleSentence(rule, 'spoken');
  return `Each tier comes with its own channels and lead time.${when ? ` Sunday slide decks lock on ${when}.` : ''}`;
}

/** The built-in defaults under the church's configuration and lock rule, with a card for each of its tiers. */
function defaultsFor(config: ChurchConfig, rule: LockRule): Record<string, string> {
  const defaults: Record<string, string> = {
    ...LANDING_DEFAULTS,
    tiers_subheading: tiersSubheadingDefault(rule),
    footer_contact: footerContactDefault(config.church.contactEmail),
  };
  for (const tier of config.tiers) {
    const key = tierCardKey(tier.code);
    const card = tierCardDefaults(tier, (code) => configChannelLabel(config, code));
    for (const [field, text] of Object.entries(card)) defaults[tierSection(key, field as keyof typeof card)] = text;
  }
  return defaults;
}

/**
 * The built-in defaults, and the stored sections overlaid on them; a blank stored section keeps its
 * default, and a stored card of a tier the church no longer has is left out.
 */
async function mergedContent(db: Executor, config: ChurchConfig) {
  const [rows, rule] = await readTogether(
    db,
    () => db.select().from(landingPageContent),
    () => sundayLockRule(db),
  );
  const builtIn = defaultsFor(config, rule);
  const content = { ...builtIn };
  for (const row of rows) if (Object.hasOwn(builtIn, row.section) && row.content.trim()) content[row.section] = row.content;
  return { builtIn, content };
}

/** The keys of the live tiers' cards, in the church's order. */
const liveTierKeys = (config: ChurchConfig) => offered(config.tiers).map((t) => tierCardKey(t.code));

/**
 * The public landing page (guide/administration.md#the-landing-page): the page sections, a card for each live tier whose
 * card is shown, in the church's order, and the active FAQs by order_index.
 */
export async function readPublicLanding(db: Executor, config: ChurchConfig): Promise<LandingResponse> {
  const [{ content }, faqs] = await readTogether(
    db,
    () => mergedContent(db, config),
    () =>
      db
        .select()
        .from(landingPageFaqs)
        .where(eq(landingPageFaqs.active, true))
        .orderBy(asc(landingPageFaqs.orderIndex), asc(landingPageFaqs.id)),
  );
  const tierKeys = liveTierKeys(config).filter((key) => content[tierSection(key, 'shown')] !== 'no');
  const sections = landingSections(tierKeys).filter((s) => !s.endsWith('_shown'));
  return {
    content: Object.fromEntries(sections.map((s) => [s, content[s]])),
    faqs: faqs.map((f) => ({ id: f.id, question: f.question, answer: f.answer, orderIndex: f.orderIndex })),
    tierKeys,
    churchName: config.church.churchName,
  };
}

/**
 * The editor's view: the live tiers, every section with their cards (stored or default), the
 * defaults, and every FAQ, active or not, in order.
 */
export async function readLandingEditor(db: Executor, config: ChurchConfig): Promise<LandingEditor> {
  const [{ content, builtIn }, faqs] = await readTogether(
    db,
    () => mergedContent(db, config),
    () => db.select().from(landingPageFaqs).orderBy(asc(landingPageFaqs.orderIndex), asc(landingPageFaqs.id)),
  );
  const sections = landingSections(liveTierKeys(config));
  const defaults = Object.fromEntries(sections.map((s) => [s, builtIn[s]]));
  return {
    tiers: offered(config.tiers).map((t) => ({ key: tierCardKey(t.code), code: t.code, name: t.name })),
    content: Object.fromEntries(sections.map((s) => [s, content[s]])),
    defaults,
    faqs: faqs.map((f) => ({ id: f.id, question: f.question, answer: f.answer, active: f.active, orderIndex: f.orderIndex })),
  };
}
