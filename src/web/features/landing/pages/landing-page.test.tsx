// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { FAQ_EMPTY, LANDING_DEFAULTS } from '@shared/domain/landing';
import { Component as LandingPage } from './landing-page';

configure({ asyncUtilTimeout: 5000 });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderLanding(faqs: Array<{ id: string; question: string; answer: string; orderIndex: number }>, churchName?: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ content: { ...LANDING_DEFAULTS, hero_heading: 'Welcome to Grace Church' }, faqs, churchName })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </QueryClientProvider>,
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
        }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LandingPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: markup });
    expect(screen.getByRole('button', { name: markup })).toBeInTheDocument();
    expect(screen.getByText(markup, { selector: 'footer p' })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });
});
