import { z } from 'zod';
import { FAQ_ANSWER_MAX, FAQ_EMPTY, FAQ_QUESTION_MAX, FAQS_MAX, HELP_ARTICLE_IDS, LANDING_SECTIONS, sectionMax } from '../domain/landing';

/** The landing editor's words, verbatim from spec 002 sections 2 and 8 and spec 000 section 8. */
export const LANDING_MESSAGES = {
  title: 'Edit Landing Page',
  saveFailed: 'Failed to save content.',
  saved: 'Changes saved successfully!',
  noFaqs: FAQ_EMPTY,
} as const;

export const faqSchema = z.object({ id: z.string(), question: z.string(), answer: z.string(), orderIndex: z.number() });
export const landingResponse = z.object({
  content: z.record(z.string(), z.string()),
  faqs: z.array(faqSchema),
  /** The tier cards to show: the landing sections' tier keys whose tier the church offers (decision 0056). */
  tierKeys: z.array(z.string()).optional(),
  /** The church's name from its configuration; empty until an admin sets it. */
  churchName: z.string().optional(),
});
export type LandingResponse = z.infer<typeof landingResponse>;

/** Every editable section, each a string within its length; a blank one shows the built-in default. */
export const landingContentBody = z
  .object(
    Object.fromEntries(
      LANDING_SECTIONS.map((section) => [
        section,
        z.string().max(sectionMax(section), `Keep this under ${sectionMax(section)} characters.`),
      ]),
    ) as Record<string, z.ZodString>,
  )
  .strict();

/** One FAQ as the editor holds it; a new one carries an id the browser made (the save upserts on id). */
export const editorFaq = z.object({
  id: z.uuid(),
  question: z.string().trim().min(1, 'Enter a question.').max(FAQ_QUESTION_MAX, `Keep the question under ${FAQ_QUESTION_MAX} characters.`),
  answer: z.string().trim().min(1, 'Enter an answer.').max(FAQ_ANSWER_MAX, `Keep the answer under ${FAQ_ANSWER_MAX} characters.`),
  active: z.boolean(),
});
export type EditorFaq = z.infer<typeof editorFaq>;

/** The one save of the editor: all sections and the whole FAQ list in its order (ids absent are deleted). */
export const landingSaveBody = z.object({
  content: landingContentBody,
  faqs: z
    .array(editorFaq)
    .max(FAQS_MAX, `At most ${FAQS_MAX} FAQs.`)
    .refine((faqs) => new Set(faqs.map((f) => f.id)).size === faqs.length, 'Each FAQ appears once.'),
});
export type LandingSaveBody = z.infer<typeof landingSaveBody>;

/** What the editor reads and each save answers: the sections (stored or default), the defaults, every FAQ in order. */
export const landingEditorResponse = z.object({
  content: z.record(z.string(), z.string()),
  defaults: z.record(z.string(), z.string()),
  faqs: z.array(editorFaq.extend({ orderIndex: z.number() })),
});
export type LandingEditor = z.infer<typeof landingEditorResponse>;

export const helpFeedbackBody = z.object({ article: z.enum(HELP_ARTICLE_IDS), helpful: z.boolean() });
export const helpFeedbackSummary = z.object({
  articles: z.array(z.object({ article: z.string(), yes: z.number(), no: z.number() })),
});
