import { asc, eq } from 'drizzle-orm';
import type { LandingEditor, LandingResponse } from '../../../shared/api/landing';
import { LANDING_DEFAULTS, LANDING_SECTIONS, LANDING_TIER_KEYS } from '../../../shared/domain/landing';
import type { ChurchConfig } from '../../../shared/domain/church-config';
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

/** The built-in defaults under the church's configuration and lock rule. */
function defaultsFor(config: ChurchConfig | null, rule: LockRule): Record<string, string> {
  const defaults = { ...LANDING_DEFAULTS, tiers_subheading: tiersSubheadingDefault(rule) };
  return config ? { ...defaults, footer_contact: footerContactDefault(config.church.contactEmail) } : defaults;
}

/**
 * The built-in defaults, and the stored sections overlaid on them; a blank stored section keeps its
 * default.
 */
async function mergedContent(db: Executor, config: ChurchConfig | null) {
  const [rows, rule] = await readTogether(
    db,
    () => db.select().from(landingPageContent),
    () => sundayLockRule(db),
  );
  const builtIn = defaultsFor(config, rule);
  const content = { ...builtIn };
  for (const row of rows) if (Object.hasOwn(LANDING_DEFAULTS, row.section) && row.content.trim()) content[row.section] = row.content;
  return { builtIn, content };
}

/** The public landing page: the content and the active FAQs by order_index (spec 002 section 7). */
export async function readPublicLanding(db: Executor, config: ChurchConfig | null = null): Promise<LandingResponse> {
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
  const offeredCodes = new Set((config?.tiers ?? []).filter((t) => !t.archived).map((t) => t.code.toLowerCase()));
  return {
    content,
    faqs: faqs.map((f) => ({ id: f.id, question: f.question, answer: f.answer, orderIndex: f.orderIndex })),
    ...(config ? { tierKeys: LANDING_TIER_KEYS.filter((key) => offeredCodes.has(key)), churchName: config.church.churchName } : {}),
  };
}

/** The editor's view: every section (stored or default), the defaults, and every FAQ, active or not, in order. */
export async function readLandingEditor(db: Executor, config: ChurchConfig | null = null): Promise<LandingEditor> {
  const [{ content, builtIn }, faqs] = await readTogether(
    db,
    () => mergedContent(db, config),
    () => db.select().from(landingPageFaqs).orderBy(asc(landingPageFaqs.orderIndex), asc(landingPageFaqs.id)),
  );
  const defaults = Object.fromEntries(LANDING_SECTIONS.map((s) => [s, builtIn[s]]));
  return {
    content: Object.fromEntries(LANDING_SECTIONS.map((s) => [s, content[s]])),
    defaults,
    faqs: faqs.map((f) => ({ id: f.id, question: f.question, answer: f.answer, active: f.active, orderIndex: f.orderIndex })),
  };
}
