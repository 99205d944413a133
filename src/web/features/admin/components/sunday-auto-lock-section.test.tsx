// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';
import { SundayAutoLockSection } from './sunday-auto-lock-section';

configure({ asyncUtilTimeout: 5000 });

const LABEL = "Lock each Sunday's plan on the Thursday before at 12:00 (church time)";

const SETTING = '/api/admin/settings/sunday-auto-lock';

function setup(putStatus = 200) {
  let enabled = true;
  const setting = () => ({ body: { enabled, timeZone: 'America/New_York', updatedAt: null, updatedByName: null } });
  const api = mockFetch({
    [`GET ${SETTING}`]: setting,
    [`PUT ${SETTING}`]: (body) => {
      if (putStatus !== 200) return apiError(putStatus, 'forbidden', 'You do not have permission to do that.');
      enabled = (body as { enabled: boolean }).enabled;
      return setting();
    },
  });
  renderWithClient(<SundayAutoLockSection />, { toaster: true });
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Sunday auto-lock on Admin settings', () => {
  it('shows the labelled switch (on by default) with the explanation and the church time zone, and turns it off', async () => {
    const user = userEvent.setup();
    const api = setup();
    const toggle = await screen.findByRole('switch', { name: LABEL });
    expect(toggle).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Sunday auto-lock' })).toBeInTheDocument();
    expect(screen.getByText(/Church time zone: America\/New_York/)).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    await screen.findByText('Changes saved successfully!');
    expect(api.sent('PUT', SETTING).map((c) => c.body)).toEqual([{ enabled: false }]);
  });

  it("a refused change says 'Error saving changes' and shows the stored value again", async () => {
    const user = userEvent.setup();
    setup(403);
    const toggle = await screen.findByRole('switch', { name: LABEL });
    await user.click(toggle);
    await screen.findByText('Error saving changes');
    await waitFor(() => expect(toggle).toBeChecked());
  });
});
