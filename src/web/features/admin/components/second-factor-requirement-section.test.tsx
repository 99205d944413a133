// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@web/components/ui/toaster';
import { SecondFactorRequirementSection } from './second-factor-requirement-section';

configure({ asyncUtilTimeout: 5000 });

const LABEL = 'Require a second factor for admins and coordinators';

function setup() {
  let enabled = false;
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (String(input) === '/api/auth/session') return json({ user: null, csrfToken: null });
      if (init?.method === 'PUT') {
        enabled = (JSON.parse(String(init.body)) as { enabled: boolean }).enabled;
        puts.push(JSON.parse(String(init.body)));
        return json({ enabled, updatedAt: '2026-11-25T10:00:00.000Z', updatedByName: 'Ann Admin' });
      }
      return json({ enabled, updatedAt: null, updatedByName: null });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SecondFactorRequirementSection />
      <Toaster />
    </QueryClientProvider>,
  );
  return puts;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('The second-factor requirement on Admin settings', () => {
  it('is off by default, says whom it confines, and turns on with who changed it', async () => {
    const user = userEvent.setup();
    const puts = setup();
    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/you included/)).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(await screen.findByText('Changes saved successfully!')).toBeInTheDocument();
    expect(screen.getByText(/by Ann Admin/)).toBeInTheDocument();
    expect(puts).toEqual([{ enabled: true }]);
  });
});
