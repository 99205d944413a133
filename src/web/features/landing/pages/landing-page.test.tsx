// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { configChannelLabel, type TierConfig } from '@shared/domain/church-config';
import { FAQ_EMPTY, LANDING_DEFAULTS, tierCardDefaults, tierCardKey, tierSection } from '@shared/domain/landing';
import { DEMO_CONFIG, renderWithClient, testQueryClient } from '@web/test/test-utils';
import { Component as LandingPage } from './landing-page';

configure({ asyncUtilTimeout: 5000 });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The cards of `tiers` as the server sends them: their sections by default, and their keys in order. */
function cardsOf(tiers: TierConfig[]) {
  const content: Record<string, string> = {};
  for (const tier of tiers) {
    const card = tierCardDefaults(tier, (code) => configChannelLabel(DEMO_CONFIG, code));
    for (const [field, text] of Object.entries(card)) content[tierSection(tierCardKey(tier.code), field as keyof typeof card)] = text;
  }
  return { content, tierKeys: tiers.filter((t) => tierCardKey(t.code) !== 'd').map((t) => tierCardKey(t.code)) };
}
const demoCards = cardsOf(DEMO_CONFIG.tiers);

function renderLanding(
  faqs: Array<{ id: string; question: string; answer: string; orderIndex: number }>,
  churchName?: string,
  cards = demoCards,
) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      json({
        content: { ...LANDING_DEFAULTS, ...cards.content, hero_heading: 'Welcome to Grace Church' },
        faqs,
        churchName,
        tierKeys: cards.tierKeys,
      }),
    ),
  );
  const client = testQueryClient();
  return renderWithClient(
    <MemoryRouter>
      <LandingPage />
    </MemoryRouter>,
    { client },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Landing page', () => {
  it('renders the content, the tiers with struck-out exclusions, help links and the footer year', async () => {
    renderLanding([]);
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Grace Church' });
    expect(screen.getAllByRole('link', { name: 'Login' }).some((a) => a.getAttribute('href') === '/login')).toBe(true);
    for (const name of ['Major Event', 'Standard Event', 'Simple Announcement', 'The Landing - Full Promo', 'The Landing - Internal']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    const tierB = screen.getByRole('article', { name: 'Standard Event' });
    const struck = within(tierB).getByText('No stage announcement', { exact: false }).closest('s');
    expect(struck).not.toBeNull();
    expect(struck).toHaveTextContent('Not included: No stage announcement');
    for (const id of ['getting-started', 'submitting-requests', 'promotion-tiers', 'tracking-progress', 'best-practices']) {
      expect(document.querySelector(`a[href="/help#${id}"]`)).not.toBeNull();
    }
    expect(screen.getByRole('link', { name: /View All Articles/ })).toHaveAttribute('href', '/help');
    expect(screen.getByText(LANDING_DEFAULTS.footer_contact)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(String(new Date().getFullYear())))).toBeInTheDocument();
    expect(screen.getByText(FAQ_EMPTY)).toBeInTheDocument();
  });

  it('gives a tier the church made a card of its own, in the church’s order, from its configuration', async () => {
    const youth: TierConfig = {
      ...DEMO_CONFIG.tiers[0],
      code: 'Y1',
      name: 'Youth Night',
      examples: 'Student events on Friday nights',
      leadTimeDays: 10,
      leadTimeLabel: null,
      channels: ['sunday_slide', 'banner'],
    };
    renderLanding([], 'Grace Chapel', cardsOf([DEMO_CONFIG.tiers[0], youth]));
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Grace Church' });
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Major Event',
      'Youth Night',
    ]);
    const card = within(screen.getByRole('article', { name: 'Youth Night' }));
    expect(card.getByText('Y1')).toBeInTheDocument();
    expect(card.getByText('10 days')).toBeInTheDocument();
    expect(card.getByText('Student events on Friday nights')).toBeInTheDocument();
    expect(card.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Sunday Slide Deck', 'Banner']);
  });

  it('names the church in the header and the footer once it is configured, the product until then', async () => {
    renderLanding([], 'Grace Chapel');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Grace Church' });
    const year = new Date().getFullYear();
    expect(within(screen.getByRole('banner')).getByText('Grace Chapel')).toBeInTheDocument();
    expect(within(screen.getByRole('contentinfo')).getByText(`© ${year} Grace Chapel`)).toBeInTheDocument();
    cleanup();

    renderLanding([], '');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Grace Church' });
    expect(within(screen.getByRole('contentinfo')).getByText(`© ${year} Lampstand`)).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByText('Grace Chapel')).not.toBeInTheDocument();
  });

  it('lists the FAQs in order as disclosures', async () => {
    renderLanding([
      { id: 'f1', question: 'How far ahead?', answer: 'Two weeks.', orderIndex: 0 },
      { id: 'f2', question: 'Who approves?', answer: 'A coordinator.', orderIndex: 1 },
    ]);
    const first = await screen.findByRole('button', { name: 'How far ahead?' });
    const buttons = screen.getAllByRole('button', { name: /\?$/ });
    expect(buttons.map((b) => b.textContent)).toEqual(['How far ahead?', 'Who approves?']);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Two weeks.')).toBeVisible();
  });

  it('renders editor text as text, never as markup', async () => {
    const markup = '<img src=x onerror="window.__pwned=1">';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          content: { ...LANDING_DEFAULTS, hero_heading: markup, footer_contact: markup },
          faqs: [{ id: 'f1', question: markup, answer: markup, orderIndex: 0 }],
          tierKeys: [],
        }),
      ),
    );
    const client = testQueryClient();
    renderWithClient(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
      { client },
    );
    await screen.findByRole('heading', { level: 1, name: markup });
    expect(screen.getByRole('button', { name: markup })).toBeInTheDocument();
    expect(screen.getByText(markup, { selector: 'footer p' })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});
