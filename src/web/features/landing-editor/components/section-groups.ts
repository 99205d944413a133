import { LANDING_TIER_KEYS, type LandingTierKey } from '@shared/domain/landing';

export interface SectionField {
  section: string;
  label: string;
  /** Paragraph fields get a text area. */
  multiline?: boolean;
}

export interface SectionGroup {
  id: string;
  title: string;
  fields: SectionField[];
}

const line = (section: string, label: string): SectionField => ({ section, label });
const text = (section: string, label: string): SectionField => ({ section, label, multiline: true });

const TIER_LABELS: Record<LandingTierKey, string> = { a: 'Tier A', b: 'Tier B', c: 'Tier C', l1: 'Tier L1', l2: 'Tier L2' };

/** The editor's form, one group per section of the landing page (spec 000 section 3), in page order. */
export const SECTION_GROUPS: SectionGroup[] = [
  { id: 'hero', title: 'Hero', fields: [line('hero_heading', 'Heading'), text('hero_subheading', 'Subheading')] },
  {
    id: 'how-it-works',
    title: 'How it works',
    fields: [
      line('how_it_works_heading', 'Heading'),
      ...[1, 2, 3].flatMap((n) => [line(`step_${n}_title`, `Step ${n} title`), text(`step_${n}_description`, `Step ${n} description`)]),
    ],
  },
  { id: 'tiers', title: 'Promotion tiers', fields: [line('tiers_heading', 'Heading'), text('tiers_subheading', 'Subheading')] },
  ...LANDING_TIER_KEYS.map((key) => ({
    id: `tier-${key}`,
    title: TIER_LABELS[key],
    fields: [line(`tier_${key}_name`, 'Name'), line(`tier_${key}_lead_time`, 'Lead time'), text(`tier_${key}_description`, 'Description')],
  })),
  { id: 'benefits', title: 'Benefits', fields: [line('benefits_heading', 'Heading'), text('benefits_subheading', 'Subheading')] },
  { id: 'faq', title: 'FAQ', fields: [line('faq_heading', 'Heading')] },
  { id: 'footer', title: 'Footer', fields: [text('footer_contact', 'Contact line')] },
];
