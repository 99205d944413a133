// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithClient } from '@web/test/test-utils';
import { PasswordSignInSection } from './password-sign-in-section';

configure({ asyncUtilTimeout: 5000 });

const SETTING = '/api/admin/settings/password-sign-in';

function setup(ssoLabel: string | null) {
  let enabled = true;
  const setting = () => ({ body: { enabled, ssoLabel, updatedAt: null, updatedByName: null } });
  const api = mockFetch({
    [`GET ${SETTING}`]: setting,
    [`PUT ${SETTING}`]: (body) => {
      enabled = (body as { enabled: boolean }).enabled;
      return setting();
    },
  });
  renderWithClient(<PasswordSignInSection />, { toaster: true });
  const puts = () => api.sent('PUT', SETTING).map((c) => c.body);
  return { puts };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Allow password sign-in on Admin settings', () => {
  it('asks before turning it off; Cancel keeps it on, Turn Off saves', async () => {
    const user = userEvent.setup();
    const { puts } = setup('Google');
    const toggle = await screen.findByRole('switch', { name: 'Allow password sign-in' });
    expect(toggle).toBeChecked();
    expect(screen.getByText(/Single sign-on: Sign in with Google\./)).toBeInTheDocument();
    await user.click(toggle);
    const dialog = await screen.findByRole('alertdialog', { name: 'Turn off password sign-in?' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(toggle).toBeChecked();
    expect(puts()).toEqual([]);
    await user.click(toggle);
    await user.click(await screen.findByRole('button', { name: 'Turn Off' }));
    await waitFor(() => expect(toggle).not.toBeChecked());
    await screen.findByText('Changes saved successfully!');
    expect(puts()).toEqual([{ enabled: false }]);
    // Back on needs no confirmation.
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(puts()).toEqual([{ enabled: false }, { enabled: true }]);
  });

  it('stays on, and says why, without single sign-on', async () => {
    setup(null);
    const toggle = await screen.findByRole('switch', { name: 'Allow password sign-in' });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(screen.getByText(/Single sign-on is not configured/)).toBeInTheDocument();
  });
});
