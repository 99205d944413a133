// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Component as IntakePage } from '@web/features/intake/pages/intake-page';
import { Component as ArchivePage } from '@web/features/archive/pages/archive-page';
import { renderWithClient, testQueryClient } from '@web/test/test-utils';

/** 'Export CSV': a keyboard-reachable download link whose address follows the filters on screen. */

configure({ asyncUtilTimeout: 5000 });

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const user = { id: 'u1', fullName: 'Caleb', email: 'c@example.org', role: 'coordinator', ministryId: null, passwordResetRequired: false };
const empty = { rows: [], nextCursor: null, total: { count: 0, more: false }, limit: 50 };

function mockApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/auth/session')) return json({ user, csrfToken: 'x' });
      if (url.startsWith('/api/ministries'))
        return json([{ id: '0b6f5a52-8d0a-4a8e-9a53-6f1b7b0f1c11', name: 'Youth', defaultTier: 'B', active: true }]);
      if (url.startsWith('/api/intake') || url.startsWith('/api/archive')) return json(empty);
      return new Response('{}', { status: 404 });
    }),
  );
}

function renderPage(page: React.ReactNode) {
  const client = testQueryClient();
  return renderWithClient(<MemoryRouter>{page}</MemoryRouter>, { client });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Export CSV', () => {
  it("on the intake queue downloads with the screen's search, status and ministry", async () => {
    mockApi();
    renderPage(<IntakePage />);
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link).toHaveAttribute('href', '/api/intake/export.csv');
    expect(link).toHaveAttribute('download');
    await userEvent.type(screen.getByLabelText('Search'), 'picnic, "big"');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'approved');
    await screen.findByRole('option', { name: 'Youth' });
    await userEvent.selectOptions(screen.getByLabelText('Ministry'), 'Youth');
    await waitFor(() => {
      const url = new URL(link.getAttribute('href')!, 'http://x');
      expect(url.pathname).toBe('/api/intake/export.csv');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        search: 'picnic, "big"',
        status: 'approved',
        ministryId: '0b6f5a52-8d0a-4a8e-9a53-6f1b7b0f1c11',
      });
    });
    // Reachable by keyboard: the next stop after Refresh.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
    screen.getByRole('button', { name: 'Refresh' }).focus();
    await userEvent.tab();
    expect(link).toHaveFocus();
  });

  it('on the archive follows the tab on screen', async () => {
    mockApi();
    renderPage(<ArchivePage />);
    const link = await screen.findByRole('link', { name: 'Export CSV: Recurring Events' });
    expect(link).toHaveAttribute('href', '/api/archive/export.csv?kind=recurring');
    await userEvent.click(screen.getByRole('tab', { name: 'One-Time Events' }));
    expect(await screen.findByRole('link', { name: 'Export CSV: One-Time Events' })).toHaveAttribute(
      'href',
      '/api/archive/export.csv?kind=onetime',
    );
  });
});
