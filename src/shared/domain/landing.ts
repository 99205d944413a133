import { LANDING_TIER_DEFAULTS } from './tiers';

/**
 * Landing page content fields with their built-in defaults (spec 000 sections 2, 3). Stored as
 * rows of section, content, content_type; a missing row falls back to the default here.
 */
export const LANDING_TIER_KEYS = ['a', 'b', 'c', 'l1', 'l2'] as const;
export type LandingTierKey = (typeof LANDING_TIER_KEYS)[number];

export const LANDING_DEFAULTS: Record<string, string> = {
  hero_heading: 'Communication requests, made simple',
  hero_subheading:
    'Submit a request to promote your ministry event, follow it from intake to Sunday, and approve the final designs, all in one place.',
  how_it_works_heading: 'How it works',
  step_1_title: 'Submit your request',
  step_1_description: 'Tell us about your event, choose a promotion tier and attach your files.',
  step_2_title: 'We plan and create',
  step_2_description: 'The communications team reviews your request, assigns a coordinator and produces each piece.',
  step_3_title: 'Review and approve',
  step_3_description: 'You approve every proof or ask for changes, then we publish on every channel.',
  tiers_heading: 'Promotion tiers',
  tiers_subheading: 'Each tier comes with its own channels and lead time. Sunday slide decks lock on Thursday at noon.',
  tier_a_description: 'Church-wide events that need every channel.',
  tier_b_description: 'Ministry and department events with a broad audience.',
  tier_c_description: 'Small or targeted announcements.',
  tier_l1_description: 'The Landing with a church-wide crossover.',
  tier_l2_description: 'The Landing only, for its own audience.',
  benefits_heading: 'Why use Lampstand',
  benefits_subheading: 'One place for every request, every proof and every Sunday.',
  faq_heading: 'Frequently asked questions',
  footer_contact: 'Questions? Contact the Communications Team at communications@example.org',
};
for (const key of LANDING_TIER_KEYS) {
  LANDING_DEFAULTS[`tier_${key}_name`] = LANDING_TIER_DEFAULTS[key].name;
  LANDING_DEFAULTS[`tier_${key}_lead_time`] = LANDING_TIER_DEFAULTS[key].lead_time;
}

/** Feature lists of the tier cards; a feature that begins with "No " is shown struck out. */
export const LANDING_TIER_FEATURES: Record<LandingTierKey, string[]> = {
  a: ['Sunday stage announcement', '3-week Sunday slide deck', 'Website feature page', 'Email newsletter feature', 'Print posters'],
  b: ['2-week Sunday slide deck', 'Website event page', 'Instagram story and posts', 'Email newsletter mention', 'No stage announcement'],
  c: ['1-week Sunday slide deck', 'Instagram story', 'Website calendar listing', 'No email feature', 'No stage announcement'],
  l1: ['Sunday slide deck', 'Landing slide deck', 'Landing and church social', 'Both website calendars', 'No stage announcement'],
  l2: ['Landing slide deck', 'Landing social media', 'Landing website', 'No Sunday promotion'],
};

export function isExcludedFeature(feature: string): boolean {
  return feature.startsWith('No ');
}

export const HELP_ARTICLE_IDS = [
  'getting-started',
  'submitting-requests',
  'promotion-tiers',
  'tracking-progress',
  'best-practices',
] as const;
export type HelpArticleId = (typeof HELP_ARTICLE_IDS)[number];

export const FAQ_EMPTY = 'No FAQs available at the moment. Please check back later.';

/** The editable sections in the order of spec 000 section 3 (and of the editor's form). */
export const LANDING_SECTIONS: readonly string[] = [
  'hero_heading',
  'hero_subheading',
  'how_it_works_heading',
  'step_1_title',
  'step_1_description',
  'step_2_title',
  'step_2_description',
  'step_3_title',
  'step_3_description',
  'tiers_heading',
  'tiers_subheading',
  ...LANDING_TIER_KEYS.flatMap((key) => [`tier_${key}_name`, `tier_${key}_lead_time`, `tier_${key}_description`]),
  'benefits_heading',
  'benefits_subheading',
  'faq_heading',
  'footer_contact',
];

/** Headings, titles, names and lead times are one line; the rest are short paragraphs. */
export const LANDING_LINE_MAX = 200;
export const LANDING_TEXT_MAX = 1000;
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 5000;
export const FAQS_MAX = 100;

export function isLongSection(section: string): boolean {
  return /(_description|_subheading|footer_contact)$/.test(section);
}

export const sectionMax = (section: string) => (isLongSection(section) ? LANDING_TEXT_MAX : LANDING_LINE_MAX);
