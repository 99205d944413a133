import { z } from 'zod';
import { HELP_ARTICLE_IDS } from '../domain/landing';

export const faqSchema = z.object({ id: z.string(), question: z.string(), answer: z.string(), orderIndex: z.number() });
export const landingResponse = z.object({ content: z.record(z.string(), z.string()), faqs: z.array(faqSchema) });
export type LandingResponse = z.infer<typeof landingResponse>;

export const helpFeedbackBody = z.object({ article: z.enum(HELP_ARTICLE_IDS), helpful: z.boolean() });
export const helpFeedbackSummary = z.object({
  articles: z.array(z.object({ article: z.string(), yes: z.number(), no: z.number() })),
});
