// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';
import { SundayAutoLockSection } from './sunday-auto-lock-section';

configure({ asyncUtilTimeout: 5000 });

const LABEL = "Lock each Sunday's plan by itself before the Sunday (church time)";
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const SETTING = '/api/admin/settings/sunday-auto-lock';

function setup(putStatus = 200) {
  let enabled = true;
  let weekday = 4;
  let time = '12:00';
  const setting = () => ({
    body: {
      enabled,
      weekday,
      time,
      sentence: enabled ? `${DAYS[weekday]} at ${time}` : null,
      timeZone: 'America/New_York',
      updatedAt: null,
      updatedByName: null,
    },
  });
  const api = mockFetch({
    [`GET ${SETTING}`]: setting,
    [`PUT ${SETTING}`]: (body) => {
      if (putStatus !== 200) return apiError(putStatus, 'forbidden', 'You do not have permission to do that.');
      const rule = body as { enabled: boolean; weekday?: number; time?: string };
      ({ enabled, weekday = weekday, time = time } = rule);
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
    // Asked first: Cancel leaves it on and sends nothing.
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Turn the Sunday auto-lock off?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(toggle).toBeChecked();
    expect(api.sent('PUT', SETTING)).toEqual([]);
    await user.click(toggle);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Turn Off' }));
    await waitFor(() => expect(toggle).not.toBeChecked());
    await screen.findByText('Changes saved successfully!');
    expect(api.sent('PUT', SETTING).map((c) => c.body)).toEqual([{ enabled: false }]);
  });

  it("a refused change says 'Error saving changes' and shows the stored value again", async () => {
    const user = userEvent.setup();
    setup(403);
    const toggle = await screen.findByRole('switch', { name: LABEL });
    await user.click(toggle);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Turn Off' }));
    await screen.findByText('Error saving changes');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('sets the weekday and time of the lock; a time that is not HH:MM is refused before anything is sent', async () => {
    const user = userEvent.setup();
    const api = setup();
    expect(await screen.findByText(/Sundays lock on Thursday at 12:00/)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Lock on' }), 'Saturday before');
    const time = screen.getByLabelText('At');
    await user.clear(time);
    await user.click(screen.getByRole('button', { name: 'Save lock time' }));
    expect(await screen.findByText('Use a time like 12:00.')).toBeInTheDocument();
    expect(api.sent('PUT', SETTING)).toEqual([]);
    await user.type(time, '18:30');
    await user.click(screen.getByRole('button', { name: 'Save lock time' }));
    expect(await screen.findByText(/Sundays lock on Saturday at 18:30/)).toBeInTheDocument();
    expect(api.sent('PUT', SETTING).map((c) => c.body)).toEqual([{ enabled: true, weekday: 6, time: '18:30' }]);
  });
});
