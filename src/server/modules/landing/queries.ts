import { asc, eq } from 'drizzle-orm';
import type { LandingEditor, LandingResponse } from '../../../shared/api/landing';
import { LANDING_DEFAULTS, LANDING_SECTIONS } from '../../../shared/domain/landing';
import { readTogether, type Executor } from '../../platform/db/client';
import { landingPageContent, landingPageFaqs } from '../../platform/db/schema';

/** The stored sections overlaid on the built-in defaults; a blank stored section keeps its default. */
async function mergedContent(db: Executor): Promise<Record<string, string>> {
  const rows = await db.select().from(landingPageContent);
  const content = { ...LANDING_DEFAULTS };
  for (const row of rows) if (Object.hasOwn(LANDING_DEFAULTS, row.section) && row.content.trim()) content[row.section] = row.content;
  return content;
}

/** The public landing page: the content and the active FAQs by order_index (spec 002 section 7). */
export async function readPublicLanding(db: Executor): Promise<LandingResponse> {
  const [content, faqs] = await readTogether(
    db,
    () => mergedContent(db),
    () =>
      db
        .select()
        .from(landingPageFaqs)
        .where(eq(landingPageFaqs.active, true))
        .orderBy(asc(landingPageFaqs.orderIndex), asc(landingPageFaqs.id)),
  );
  return { content, faqs: faqs.map((f) => ({ id: f.id, question: f.question, answer: f.answer, orderIndex: f.orderIndex })) };
}

/** The editor's view: every section (stored or default), the defaults, and every FAQ, active or not, in order. */
export async function readLandingEditor(db: Executor): Promise<LandingEditor> {
  const [content, faqs] = await readTogether(
    db,
    () => mergedContent(db),
    () => db.select().from(landingPageFaqs).orderBy(asc(landingPageFaqs.orderIndex), asc(landingPageFaqs.id)),
  );
  const defaults = Object.fromEntries(LANDING_SECTIONS.map((s) => [s, LANDING_DEFAULTS[s]]));
  return {
    content: Object.fromEntries(LANDING_SECTIONS.map((s) => [s, content[s]])),
    defaults,
    faqs: faqs.map((f) => ({ id: f.id, question: f.question, answer: f.answer, active: f.active, orderIndex: f.orderIndex })),
  };
}
