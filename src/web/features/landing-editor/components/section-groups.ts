import type { LandingEditor } from '@shared/api/landing';
import { tierSection } from '@shared/domain/landing';

export interface SectionField {
  section: string;
  label: string;
  /** Paragraph fields get a text area. */
  multiline?: boolean;
  /** A yes/no field, shown as a checkbox. */
  toggle?: boolean;
  hint?: string;
}

export interface SectionGroup {
  id: string;
  title: string;
  fields: SectionField[];
}

const line = (section: string, label: string): SectionField => ({ section, label });
const text = (section: string, label: string): SectionField => ({ section, label, multiline: true });

/** A tier's card: its name, lead time, description, features (one a line) and whether it is shown. */
function tierGroup(tier: LandingEditor['tiers'][number]): SectionGroup {
  const field = (f: Parameters<typeof tierSection>[1]) => tierSection(tier.key, f);
  return {
    id: `tier-${tier.key}`,
    title: tier.name,
    fields: [
      { section: field('shown'), label: 'Show this card on the landing page', toggle: true },
      line(field('name'), 'Name'),
      line(field('lead_time'), 'Lead time'),
      text(field('description'), 'Description'),
      {
        ...text(field('features'), 'Features'),
        hint: 'One per line. A line that begins with “No ” is shown struck out, as not included.',
      },
    ],
  };
}

/**
 * The editor's form, one group per section of the landing page (guide/administration.md#the-landing-page) in page order,
 * with a card for each of the church's live tiers in its order.
 */
export function sectionGroups(tiers: LandingEditor['tiers']): SectionGroup[] {
  return [
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
    ...tiers.map(tierGroup),
    { id: 'benefits', title: 'Benefits', fields: [line('benefits_heading', 'Heading'), text('benefits_subheading', 'Subheading')] },
    { id: 'faq', title: 'FAQ', fields: [line('faq_heading', 'Heading')] },
    { id: 'footer', title: 'Footer', fields: [text('footer_contact', 'Contact line')] },
  ];
}
