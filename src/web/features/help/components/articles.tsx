import type { ReactNode } from 'react';
import type { HelpArticleId } from '@shared/domain/landing';
import { DataTable } from '@web/components/ui/data-table';

/** The promotion levels as the Promotion Tiers article tabulates them. */
const PROMOTION_LEVELS = [
  { name: 'Full promotion', lead: '3+ weeks ahead', graphics: '10-12 items' },
  { name: 'Part promotion', lead: '2+ weeks ahead', graphics: '6-8 items' },
  { name: 'Basic promotion', lead: '1+ week ahead', graphics: '2-3 items' },
];

/** The five help articles (guide/roles-and-access.md#public-pages): guidance only, nothing here is enforced. */
export interface HelpArticle {
  id: HelpArticleId;
  title: string;
  summary: string;
  body: ReactNode;
}

const P = ({ children }: { children: ReactNode }) => <p className="leading-relaxed text-slate-700">{children}</p>;
const H = ({ children }: { children: ReactNode }) => <h3 className="pt-2 text-base font-semibold text-slate-900">{children}</h3>;
const UL = ({ children }: { children: ReactNode }) => (
  <ul className="list-disc space-y-1.5 pl-5 leading-relaxed text-slate-700 marker:text-slate-400">{children}</ul>
);

const STATUSES: Array<[string, string]> = [
  ['Submitted', 'Your request has arrived and is waiting in the intake queue.'],
  ['In Review', 'A coordinator is reading it, may ask you questions and assigns the work.'],
  ['Approved', 'The plan and channels are agreed; any extra items you asked for have been approved.'],
  ['In Progress', 'Creatives are designing and writing each piece.'],
  ['Ready for Review', 'A proof is waiting for you: approve it or ask for changes.'],
  ['Complete', 'Everything is published and delivered.'],
  ['Archived', 'The event is over and the request is kept in the Archive for reference or to duplicate next time.'],
];

const TIERS: Array<[string, string, string]> = [
  ['A', 'Major Event', '5 business days'],
  ['B', 'Standard Event', '4 business days'],
  ['C', 'Simple Announcement', '3 business days'],
  ['L1', 'The Landing - Full Promo', '4 business days'],
  ['L2', 'The Landing - Internal', '3 business days'],
];

export const HELP_ARTICLES: HelpArticle[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    summary: 'Sign in, find your way around and stay informed.',
    body: (
      <>
        <P>
          Lampstand is where ministry staff ask the communications team to promote an event, and where the team plans, designs and publishes
          everything that goes with it. Accounts are created by an administrator: there is no self-sign-up, so if you cannot sign in,
          contact your administrator to be added.
        </P>
        <H>Signing in</H>
        <UL>
          <li>Go to the Login page and enter the e-mail address and password your administrator gave you.</li>
          <li>The first time you sign in you may be asked to choose a new password of at least 8 characters.</li>
          <li>
            Forgot your password? Type your e-mail address on the Login page and choose Forgot Password. We will e-mail you a link to set a
            new one.
          </li>
        </UL>
        <H>Finding your way around</H>
        <UL>
          <li>
            <strong>My Work</strong> holds My Requests (everything you have submitted) and My Tasks (work assigned to you).
          </li>
          <li>
            <strong>Planning</strong> holds the Calendar and Event Promotions, so you can see what is coming up.
          </li>
          <li>The bell at the top shows your latest notifications; choose one to open the request it is about.</li>
          <li>What you see in the menu depends on your role; ask an administrator if something you need is missing.</li>
        </UL>
      </>
    ),
  },
  {
    id: 'submitting-requests',
    title: 'Submitting Requests',
    summary: 'When to submit and what to include.',
    body: (
      <>
        <P>
          Submit your request <strong>at least 2 weeks before</strong> promotion should start, and{' '}
          <strong>3-4 weeks ahead for major events</strong>. Early requests get more channels, better design time and a place on the Sunday
          slides.
        </P>
        <H>What to include</H>
        <UL>
          <li>The event title, your ministry and the date promotion should start.</li>
          <li>The event details: dates, times, location and expected attendance.</li>
          <li>A short description (up to 150 characters) and a longer one, plus who the event is for.</li>
          <li>The promotion tier, which decides the channels included (see Promotion Tiers).</li>
          <li>Registration or information links, and any design direction you have in mind.</li>
          <li>Up to 5 files of 10 MB each (JPG, PNG, PDF, DOCX or XLSX): logos, photos, flyers or schedules.</li>
        </UL>
        <H>After you submit</H>
        <P>
          The completeness bar shows how much the team has to work with; the more you fill in, the fewer questions you will get. Your
          request goes to the intake queue and you are notified as it moves along. Your work-in-progress is saved as a draft in your
          browser, so you can come back to an unfinished request.
        </P>
      </>
    ),
  },
  {
    id: 'promotion-tiers',
    title: 'Promotion Tiers',
    summary: 'Choose the level of promotion that fits your event.',
    body: (
      <>
        <P>Every request has a tier. The tier sets which channels are included and how much lead time the team needs.</P>
        <H>Promotion levels</H>
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <DataTable
            caption="Promotion levels, lead times and graphics package sizes"
            headClassName="bg-slate-50 text-slate-600"
            headerCellClassName="px-4 py-2 font-medium"
            bodyClassName="divide-y divide-slate-100 text-slate-700"
            cellClassName="px-4 py-2"
            rows={PROMOTION_LEVELS}
            rowKey={(level) => level.name}
            columns={[
              { key: 'level', header: 'Level', rowHeader: true, className: 'font-medium', cell: (level) => level.name },
              { key: 'lead', header: 'Submit at least', cell: (level) => level.lead },
              { key: 'package', header: 'Graphics package', cell: (level) => level.graphics },
            ]}
          />
        </div>
        <H>Tiers on the request form</H>
        <UL>
          {TIERS.map(([key, name, lead]) => (
            <li key={key}>
              <strong>
                {key} - {name}
              </strong>
              : production lead time of {lead}.
            </li>
          ))}
        </UL>
        <P>
          Tier A suits church-wide events that need every channel; B suits ministry and department events; C is for small or targeted
          announcements. L1 and L2 are for The Landing: L1 crosses over to church-wide channels, L2 stays with The Landing&apos;s own
          audience. Extra channels beyond your tier can be requested and need approval.
        </P>
      </>
    ),
  },
  {
    id: 'tracking-progress',
    title: 'Tracking Progress',
    summary: 'What each status means and where to follow your request.',
    body: (
      <>
        <P>
          Open <strong>My Requests</strong> to see everything you have submitted. Choose a request to see its details, each channel&apos;s
          progress, the files, and messages with the team.
        </P>
        <H>Request statuses</H>
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr]">
          {STATUSES.map(([status, meaning]) => (
            <div key={status} className="contents">
              <dt className="font-medium text-slate-900">{status}</dt>
              <dd className="text-slate-700">{meaning}</dd>
            </div>
          ))}
        </dl>
        <H>Staying informed</H>
        <P>
          You get a notification, and an e-mail, when a proof is ready for you, when your request changes status and when the team sends you
          a message. Proofs wait for you: the sooner you approve or ask for changes, the sooner your promotion can go live.
        </P>
      </>
    ),
  },
  {
    id: 'best-practices',
    title: 'Best Practices',
    summary: 'Tips for requests that are easy to promote well.',
    body: (
      <>
        <UL>
          <li>
            <strong>Plan ahead.</strong> Submit at least 2 weeks ahead, 3-4 weeks for major events. Late requests may get fewer channels.
          </li>
          <li>
            <strong>Mind the Sunday deadline.</strong> Sunday slide decks lock on Thursday at noon; anything later waits for the following
            Sunday.
          </li>
          <li>
            <strong>Write the short description first.</strong> One clear sentence about who, what and why is what appears on slides and
            social posts.
          </li>
          <li>
            <strong>Attach good source files.</strong> High-resolution logos and photos (not screenshots) make better designs.
          </li>
          <li>
            <strong>Review proofs promptly</strong> and give specific feedback: what to change and why.
          </li>
          <li>
            <strong>Reuse past requests.</strong> For a recurring event, duplicate last year&apos;s request from the Archive and update the
            dates.
          </li>
        </UL>
      </>
    ),
  },
];
