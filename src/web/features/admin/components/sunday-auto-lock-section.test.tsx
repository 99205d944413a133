// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@web/components/ui/toaster';
import { SundayAutoLockSection } from './sunday-auto-lock-section';

configure({ asyncUtilTimeout: 5000 });

const LABEL = "Lock each Sunday's plan on the Thursday before at 12:00 (church time)";

function setup(putStatus = 200) {
  let enabled = true;
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (init?.method === 'PUT') {
      if (putStatus !== 200) return json({ error: { code: 'forbidden', message: 'You do not have permission to do that.' } }, putStatus);
      enabled = (JSON.parse(String(init.body)) as { enabled: boolean }).enabled;
    }
    return json({ enabled, timeZone: 'America/New_York', updatedAt: null, updatedByName: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SundayAutoLockSection />
      <Toaster />
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Sunday auto-lock on Admin settings', () => {
  it('shows the labelled switch (on by default) with the explanation and the church time zone, and turns it off', async () => {
    const user = userEvent.setup();
    const fetchMock = setup();
    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect(toggle).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Sunday auto-lock' })).toBeInTheDocument();
    expect(screen.getByText(/Church time zone: America\/New_York/)).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect([String(put[0]), JSON.parse(String(put[1]!.body))]).toEqual(['/api/admin/settings/sunday-auto-lock', { enabled: false }]);
  });

  it("a refused change says 'Error saving changes' and shows the stored value again", async () => {
    const user = userEvent.setup();
    setup(403);
    const toggle = await screen.findByRole('switch', { name: LABEL });
    await user.click(toggle);
    expect(await screen.findByText('Error saving changes')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
