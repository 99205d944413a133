// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderWithClient } from '@web/test/test-utils';
import { SecondFactorRequirementSection } from './second-factor-requirement-section';

configure({ asyncUtilTimeout: 5000 });

const LABEL = 'Require a second factor for admins and coordinators';

const SETTING = '/api/admin/settings/second-factor-requirement';

function setup() {
  let enabled = false;
  const api = mockFetch({
    [`GET ${SETTING}`]: () => ({ body: { enabled, updatedAt: null, updatedByName: null } }),
    [`PUT ${SETTING}`]: (body) => {
      enabled = (body as { enabled: boolean }).enabled;
      return { body: { enabled, updatedAt: '2026-11-25T10:00:00.000Z', updatedByName: 'Ann Admin' } };
    },
    'GET /api/auth/session': { body: { user: null, csrfToken: null } },
  });
  renderWithClient(<SecondFactorRequirementSection />, { toaster: true });
  return () => api.sent('PUT', SETTING).map((c) => c.body);
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
    await screen.findByText('Changes saved successfully!');
    expect(screen.getByText(/by Ann Admin/)).toBeInTheDocument();
    expect(puts()).toEqual([{ enabled: true }]);
  });
});
