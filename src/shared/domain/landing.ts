import { leadTimeText, type TierConfig } from './church-config';
import { LANDING_TIER_DEFAULTS } from './tiers';

/**
 * Landing page content fields with their built-in defaults (guide/administration.md#the-landing-page). Stored as
 * rows of section, content, content_type; a missing row falls back to the default here. Besides
 * these page sections, each of the church's tiers has a card of its own (tierCardDefaults).
 */

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
  benefits_heading: 'Why use Lampstand',
  benefits_subheading: 'One place for every request, every proof and every Sunday.',
  faq_heading: 'Frequently asked questions',
  footer_contact: 'Questions? Contact the Communications Team at communications@example.org',
};

/** The words of a tier's card on the landing page; `features` is one per line, `shown` 'yes' or 'no'. */
export const TIER_CARD_FIELDS = ['name', 'lead_time', 'description', 'features', 'shown'] as const;
export type TierCardField = (typeof TIER_CARD_FIELDS)[number];
export type TierCard = Record<TierCardField, string>;

/** The key of a tier's card sections: its code in lower case (codes are unique without regard to case). */
export const tierCardKey = (code: string) => code.toLowerCase();
export const tierSection = (key: string, field: TierCardField) => `tier_${key}_${field}`;

/** The tier key and field of a card section ('tier_l1_lead_time' is l1's lead_time), or null. */
export function parseTierSection(section: string): { key: string; field: TierCardField } | null {
  const match = /^tier_([a-z0-9_]{1,32})_(name|lead_time|description|features|shown)$/.exec(section);
  return match ? { key: match[1], field: match[2] as TierCardField } : null;
}

/**
 * The built-in landing copy of the spec's tier cards (guide/administration.md#the-landing-page), the default of the
 * tiers with these codes; a feature that begins with "No " is shown struck out.
 */
const BUILT_IN_CARDS: Record<string, Omit<TierCard, 'shown'>> = {
  a: {
    ...LANDING_TIER_DEFAULTS.a,
    description: 'Church-wide events that need every channel.',
    features: [
      'Sunday stage announcement',
      '3-week Sunday slide deck',
      'Website feature page',
      'Email newsletter feature',
      'Print posters',
    ].join('\n'),
  },
  b: {
    ...LANDING_TIER_DEFAULTS.b,
    description: 'Ministry and department events with a broad audience.',
    features: [
      '2-week Sunday slide deck',
      'Website event page',
      'Instagram story and posts',
      'Email newsletter mention',
      'No stage announcement',
    ].join('\n'),
  },
  c: {
    ...LANDING_TIER_DEFAULTS.c,
    description: 'Small or targeted announcements.',
    features: ['1-week Sunday slide deck', 'Instagram story', 'Website calendar listing', 'No email feature', 'No stage announcement'].join(
      '\n',
    ),
  },
  l1: {
    ...LANDING_TIER_DEFAULTS.l1,
    description: 'The Landing with a church-wide crossover.',
    features: [
      'Sunday slide deck',
      'Landing slide deck',
      'Landing and church social',
      'Both website calendars',
      'No stage announcement',
    ].join('\n'),
  },
  l2: {
    ...LANDING_TIER_DEFAULTS.l2,
    description: 'The Landing only, for its own audience.',
    features: ['Landing slide deck', 'Landing social media', 'Landing website', 'No Sunday promotion'].join('\n'),
  },
};

/** Tier D (private events, no channels of its own) is not promoted: the built-in copy has no card for it. */
const HIDDEN_BY_DEFAULT = ['d'];

/**
 * A tier's card by default: the built-in copy for the spec's tiers that have one, else built from
 * the tier's configuration: its name, examples (or description), lead time and its channels' names.
 */
export function tierCardDefaults(tier: TierConfig, channelLabel: (code: string) => string): TierCard {
  const key = tierCardKey(tier.code);
  const shown = HIDDEN_BY_DEFAULT.includes(key) ? 'no' : 'yes';
  const builtIn = BUILT_IN_CARDS[key];
  if (builtIn) return { ...builtIn, shown };
  return {
    name: tier.name,
    lead_time: leadTimeText(tier),
    description: tier.examples.trim() || tier.description,
    features: tier.channels.map(channelLabel).join('\n'),
    shown,
  };
}

/** The lines of a card's features, blank lines left out. */
export const featureLines = (features: string) =>
  features
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

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

/** The page's own editable sections in the order of guide/administration.md#the-landing-page; the tier cards come after tiers_subheading. */
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
  'benefits_heading',
  'benefits_subheading',
  'faq_heading',
  'footer_contact',
];

/** Every editable section with the cards of `tierKeys`, in page order (the editor's form and its save). */
export function landingSections(tierKeys: readonly string[]): string[] {
  const at = LANDING_SECTIONS.indexOf('tiers_subheading') + 1;
  const cards = tierKeys.flatMap((key) => TIER_CARD_FIELDS.map((field) => tierSection(key, field)));
  return [...LANDING_SECTIONS.slice(0, at), ...cards, ...LANDING_SECTIONS.slice(at)];
}

/** Whether `section` is one the editor saves: a page section or a field of some tier's card. */
export const isLandingSection = (section: string) => LANDING_SECTIONS.includes(section) || parseTierSection(section) !== null;

/** Headings, titles, names and lead times are one line; the rest are short paragraphs. */
export const LANDING_LINE_MAX = 200;
export const LANDING_TEXT_MAX = 1000;
export const FAQ_QUESTION_MAX = 300;
export const FAQ_ANSWER_MAX = 5000;
export const FAQS_MAX = 100;

export function isLongSection(section: string): boolean {
  return /(_description|_subheading|_features|footer_contact)$/.test(section);
}

export const sectionMax = (section: string) => (isLongSection(section) ? LANDING_TEXT_MAX : LANDING_LINE_MAX);
