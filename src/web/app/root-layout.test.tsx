// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RootLayout } from './root-layout';
import { SIGNED_OUT_SESSION } from '@web/features/auth/api/session';
import { renderWithClient, stubResizeObserver, testQueryClient } from '@web/test/test-utils';

beforeAll(stubResizeObserver);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string, session: unknown) {
  const client = testQueryClient();
  client.setQueryData(['session'], session);
  renderWithClient(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route path="*" element={<Where />} />
        </Route>
      </Routes>
    </MemoryRouter>,
    { client },
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RootLayout and a session that ended with a reason', () => {
  const ended = { user: null, csrfToken: null, notice: 'Your account has been deactivated.' };

  it('sends the person from a signed-in screen to /login, where the reason is shown', async () => {
    renderAt('/my-requests', ended);
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
  });

  it('leaves the public pages reachable', async () => {
    renderAt('/help', ended);
    expect(await screen.findByTestId('where')).toHaveTextContent('/help');
  });

  it('just signed out in this tab: a signed-in screen goes to /login, where the sign-out is going', async () => {
    renderAt('/production', SIGNED_OUT_SESSION);
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
  });

  it('without a reason, a signed-in screen goes to / as the route table says', async () => {
    renderAt('/my-requests', { user: null, csrfToken: null });
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
  });
});

describe('RootLayout and the header of a signed-in person', () => {
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

  it("holds the header's place with a bar of its height until the header's chunk is there, then shows the header", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/notifications/unread-count') ? json({ count: 0 }) : json({ items: [], nextCursor: null }),
      ),
    );
    const user = {
      id: 'u1',
      fullName: 'Caleb Coordinator',
      email: 'c@example.org',
      role: 'coordinator',
      ministryId: null,
      passwordResetRequired: false,
    };
    renderAt('/my-requests', { user, csrfToken: 'x' });
    const placeholder = () => document.querySelector('div[aria-hidden="true"].h-16');
    expect(placeholder()).not.toBeNull();
    // The screen does not wait for the header.
    expect(screen.getByTestId('where')).toHaveTextContent('/my-requests');
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(placeholder()).toBeNull();
    expect(screen.getByText('Caleb Coordinator')).toBeInTheDocument();
  });
});
