import {
  BellRing,
  BookOpen,
  CalendarCheck,
  ChevronRight,
  ClipboardList,
  LayoutDashboard,
  MessageSquareText,
  Smartphone,
} from 'lucide-react';
import { Link } from 'react-router';
import { TierCard } from './tier-card';

type Content = Record<string, string>;

export function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {subtitle && <p className="mt-3 text-lg text-slate-600">{subtitle}</p>}
    </div>
  );
}

export function Hero({ content }: { content: Content }) {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-4xl px-4 pb-16 pt-14 text-center sm:px-6 sm:pb-20 sm:pt-24">
        <h1 id="hero-heading" className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          {content.hero_heading}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-slate-600">{content.hero_subheading}</p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
          <Link
            to="/login"
            className="inline-flex h-11 items-center justify-center gap-2 rounded-md bg-brand-600 px-8 text-base font-medium text-white shadow-sm hover:bg-brand-700"
          >
            Login
          </Link>
          <Link
            to="/help"
            className="inline-flex h-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-6 text-base font-medium text-slate-800 hover:bg-slate-50"
          >
            <BookOpen className="h-4 w-4" aria-hidden />
            Read the guide
          </Link>
        </div>
        <p className="mt-6 text-sm text-slate-500">Don&apos;t have an account? Contact your administrator for access.</p>
      </div>
    </section>
  );
}

export function HowItWorks({ content }: { content: Content }) {
  const steps = [1, 2, 3].map((n) => ({
    n,
    title: content[`step_${n}_title`],
    description: content[`step_${n}_description`],
  }));
  return (
    <section aria-labelledby="how-heading" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="how-heading" title={content.how_it_works_heading} />
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map((step) => (
            <li key={step.n} className="rounded-xl border border-slate-200 bg-slate-50/60 p-6">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-100 text-base font-bold text-brand-700">
                {step.n}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.description}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** A card for each tier the church offers and shows (`tierKeys`, in its order, decision 0056). */
export function Tiers({ content, tierKeys }: { content: Content; tierKeys: readonly string[] }) {
  return (
    <section aria-labelledby="tiers-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="tiers-heading" title={content.tiers_heading} subtitle={content.tiers_subheading} />
        {/* Flex rather than grid so a last row that is not full sits centred. */}
        <div className="flex flex-wrap justify-center gap-6">
          {tierKeys.map((key) => (
            <div key={key} className="flex w-full sm:w-[calc(50%-0.75rem)] lg:w-[calc(33.333%-1rem)]">
              <TierCard tierKey={key} content={content} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

const HELP_LINKS = [
  { id: 'getting-started', title: 'Getting Started', blurb: 'Sign in and find your way around.' },
  { id: 'submitting-requests', title: 'Submitting Requests', blurb: 'What to include and when to submit.' },
  { id: 'promotion-tiers', title: 'Promotion Tiers', blurb: 'Which tier fits your event.' },
  { id: 'tracking-progress', title: 'Tracking Progress', blurb: 'What each status means.' },
  { id: 'best-practices', title: 'Best Practices', blurb: 'Tips for great promotion.' },
];

export function HelpLinks() {
  return (
    <section aria-labelledby="help-heading" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="help-heading" title="Help and guides" subtitle="Everything you need to know before you submit." />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {HELP_LINKS.map((link) => (
            <li key={link.id}>
              <Link
                to={`/help#${link.id}`}
                className="group flex h-full flex-col rounded-xl border border-slate-200 p-5 transition-colors hover:border-brand-500 hover:bg-brand-50/40"
              >
                <span className="font-semibold text-slate-900 group-hover:text-brand-700">{link.title}</span>
                <span className="mt-1 text-sm text-slate-600">{link.blurb}</span>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-8 text-center">
          <Link to="/help" className="inline-flex items-center gap-1 rounded font-medium text-brand-600 hover:text-brand-700">
            View All Articles
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Link>
        </div>
      </div>
    </section>
  );
}

const BENEFITS = [
  { icon: ClipboardList, title: 'One simple form', text: 'Every request carries the details, files and deadlines the team needs.' },
  { icon: LayoutDashboard, title: 'See where things stand', text: 'Follow each request and every deliverable from intake to publishing.' },
  { icon: MessageSquareText, title: 'Approve with confidence', text: 'Review every proof, approve it or ask for changes in one click.' },
  { icon: BellRing, title: 'Never miss an update', text: 'In-app notifications and e-mails tell you when something needs you.' },
  { icon: CalendarCheck, title: 'Sunday-ready', text: 'Slides, announcements and social posts are planned six weeks ahead.' },
  { icon: Smartphone, title: 'Works wherever you are', text: 'Submit, follow and approve from your phone, tablet or computer.' },
];

export function Benefits({ content }: { content: Content }) {
  return (
    <section aria-labelledby="benefits-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="benefits-heading" title={content.benefits_heading} subtitle={content.benefits_subheading} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
