import { z } from 'zod';
import {
  FAQ_ANSWER_MAX,
  FAQ_EMPTY,
  FAQ_QUESTION_MAX,
  FAQS_MAX,
  HELP_ARTICLE_IDS,
  isLandingSection,
  LANDING_SECTIONS,
  parseTierSection,
  sectionMax,
} from '../domain/landing';

/** The landing editor's words, verbatim from guide/administration.md#the-landing-page. */
export const LANDING_MESSAGES = {
  title: 'Edit Landing Page',
  saveFailed: 'Failed to save content.',
  saved: 'Changes saved successfully!',
  noFaqs: FAQ_EMPTY,
  unknownSection: 'This is not a section of the landing page.',
  unknownTier: 'This tier is not one of the church’s tiers.',
  shown: 'Choose yes or no.',
} as const;

export const faqSchema = z.object({ id: z.string(), question: z.string(), answer: z.string(), orderIndex: z.number() });
export const landingResponse = z.object({
  content: z.record(z.string(), z.string()),
  faqs: z.array(faqSchema),
  /** The tier cards to show, in the church's order: the keys of its live tiers whose card is shown. */
  tierKeys: z.array(z.string()),
  /** The church's name from its configuration; empty until an admin sets it. */
  churchName: z.string().optional(),
});
export type LandingResponse = z.infer<typeof landingResponse>;

/**
 * Every page section and any tier card's fields, each a string within its length; a blank one
 * shows the built-in default. Whether a card's tier is the church's the server checks.
 */
export const landingContentBody = z.record(z.string().max(100), z.string()).superRefine((content, ctx) => {
  for (const section of LANDING_SECTIONS) {
    if (typeof content[section] !== 'string') ctx.addIssue({ code: 'custom', path: [section], message: 'Required.' });
  }
  for (const [section, value] of Object.entries(content)) {
    if (!isLandingSection(section)) ctx.addIssue({ code: 'custom', path: [section], message: LANDING_MESSAGES.unknownSection });
    else if (value.length > sectionMax(section)) {
      ctx.addIssue({ code: 'custom', path: [section], message: `Keep this under ${sectionMax(section)} characters.` });
    } else if (parseTierSection(section)?.field === 'shown' && value !== 'yes' && value !== 'no') {
      ctx.addIssue({ code: 'custom', path: [section], message: LANDING_MESSAGES.shown });
    }
  }
});

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
  /** The church's live tiers in order, each with the key of its card's sections. */
  tiers: z.array(z.object({ key: z.string(), code: z.string(), name: z.string() })),
  content: z.record(z.string(), z.string()),
  defaults: z.record(z.string(), z.string()),
  faqs: z.array(editorFaq.extend({ orderIndex: z.number() })),
});
export type LandingEditor = z.infer<typeof landingEditorResponse>;

export const helpFeedbackBody = z.object({ article: z.enum(HELP_ARTICLE_IDS), helpful: z.boolean() });
export const helpFeedbackSummary = z.object({
  articles: z.array(z.object({ article: z.string(), yes: z.number(), no: z.number() })),
});
