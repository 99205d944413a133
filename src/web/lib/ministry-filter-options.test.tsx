// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { mockFetch, renderWithClient } from '@web/test/test-utils';
import { MinistryFilterOptions } from './ministry-filter-options';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('offers All Ministries and the active ministries only: an archived one leaves the filters', async () => {
  const active = { id: 'm1', name: 'Youth', defaultTier: 'B', active: true };
  const archived = { id: 'm2', name: 'Facilities', defaultTier: 'C', active: false };
  mockFetch({ 'GET /api/ministries': (_body, url) => ({ body: url.includes('all=1') ? [active, archived] : [active] }) });
  renderWithClient(
    <label>
      Ministry
      <select>
        <MinistryFilterOptions />
      </select>
    </label>,
  );
  await screen.findByRole('option', { name: 'Youth' });
  expect(screen.getByRole('option', { name: 'All Ministries' })).toBeTruthy();
  expect(screen.queryByRole('option', { name: 'Facilities' })).toBeNull();
});
