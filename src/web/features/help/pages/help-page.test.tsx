// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionResponse } from '@shared/api/auth';
import { HELP_ARTICLE_IDS } from '@shared/domain/landing';
import { dismissToast } from '@web/components/ui/toaster';
import { mockFetch, renderWithClient, testQueryClient } from '@web/test/test-utils';
import { Component as HelpPage } from './help-page';

configure({ asyncUtilTimeout: 5000 });

function renderHelp() {
  const api = mockFetch({ 'POST /api/help/feedback': { status: 201, body: { ok: true } } });
  renderWithClient(<HelpPage />, {
    client: testQueryClient({ session: { user: null, csrfToken: null } as unknown as SessionResponse }),
    route: '/help',
    toaster: true,
  });
  return api;
}

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
});

describe('Help page', () => {
  it('has the five articles with their anchors, the guidance and a Back to Home button', () => {
    renderHelp();
    for (const id of HELP_ARTICLE_IDS) {
      const article = document.getElementById(id)!;
      expect(within(article).getByText('Was this article helpful?')).toBeInTheDocument();
    }
    expect(screen.getAllByText(/at least 2 weeks/).length).toBeGreaterThan(0);
    expect(screen.getByText(/Thursday at noon/)).toBeInTheDocument();
    expect(screen.getByText('10-12 items')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
  });

  it('points to the product guide kept in the repository', () => {
    renderHelp();
    const guide = screen.getByRole('region', { name: 'The product guide' });
    expect(within(guide).getByText('docs/guide/README.md')).toBeInTheDocument();
    expect(within(guide).getByText(/administrator's copy is in the repository/)).toBeInTheDocument();
  });

  it.each([
    [true, 'Yes', "We're glad this article was helpful."],
    [false, 'No', "We'll use your feedback to improve our articles."],
  ])('stores a %s vote and thanks the reader', async (helpful, button, description) => {
    const api = renderHelp();
    const article = document.getElementById('promotion-tiers')!;
    await userEvent.setup().click(within(article).getByRole('button', { name: button }));
    const toast = await screen.findByTestId('toast');
    expect(within(toast).getByText('Thank you for your feedback!')).toBeInTheDocument();
    expect(within(toast).getByText(description)).toBeInTheDocument();
    expect(api.sent('POST', '/api/help/feedback').map((c) => c.body)).toEqual([{ article: 'promotion-tiers', helpful }]);
    expect(within(article).getByRole('button', { name: button })).toBeDisabled();
  });
});
