// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MinistryFilterOptions } from './ministry-filter-options';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('offers All Ministries and the active ministries only: an archived one leaves the filters', async () => {
  const active = { id: 'm1', name: 'Youth', defaultTier: 'B', active: true };
  const archived = { id: 'm2', name: 'Facilities', defaultTier: 'C', active: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => json(String(input).includes('all=1') ? [active, archived] : [active])),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <label>
        Ministry
        <select>
          <MinistryFilterOptions />
        </select>
      </label>
    </QueryClientProvider>,
  );
  await screen.findByRole('option', { name: 'Youth' });
  expect(screen.getByRole('option', { name: 'All Ministries' })).toBeTruthy();
  expect(screen.queryByRole('option', { name: 'Facilities' })).toBeNull();
});
