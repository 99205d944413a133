// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { RootLayout } from './root-layout';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(path: string, session: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session'], session);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route path="*" element={<Where />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
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

  it('without a reason, a signed-in screen goes to / as the route table says', async () => {
    renderAt('/my-requests', { user: null, csrfToken: null });
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/$/);
  });
});
