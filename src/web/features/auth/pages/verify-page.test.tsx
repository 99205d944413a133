// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { apiError, mockFetch, renderWithClient, testQueryClient } from '@web/test/test-utils';
import { Component as VerifyPage } from './verify-page';

configure({ asyncUtilTimeout: 5000 });

const USER = { id: 'u1', fullName: 'Ann', email: 'a@example.org', role: 'approver', ministryId: null, passwordResetRequired: false };

const SECOND_FACTOR = '/api/auth/second-factor';

/** The right code is 123456, the right recovery code abcde-fghjk. */
function setup() {
  const api = mockFetch({
    [`POST ${SECOND_FACTOR}`]: (body) => {
      const { code, recoveryCode } = body as { code?: string; recoveryCode?: string };
      if (code === '123456' || recoveryCode === 'abcde-fghjk') return { body: { user: { ...USER, secondStep: null }, csrfToken: 't' } };
      return apiError(400, 'wrong_code', code ? 'That code is not right.' : 'That recovery code is not right or was used already.');
    },
  });
  const client = testQueryClient();
  client.setQueryData(['session'], { user: { ...USER, secondStep: 'verify' }, csrfToken: 't' });
  renderWithClient(
    <MemoryRouter initialEntries={['/verify']}>
      <Routes>
        <Route path="/verify" element={<VerifyPage />} />
        <Route path="/admin/intake" element={<p>Intake</p>} />
      </Routes>
    </MemoryRouter>,
    { client },
  );
  // What was sent as the second step (a read the screen or another test's client makes is not).
  const bodies = () => api.sent('POST', SECOND_FACTOR).map((c) => c.body);
  return { bodies, client };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Two-step verification screen', () => {
  it('asks for the app code with a one-time-code numeric input, and goes on once it is right', async () => {
    const user = userEvent.setup();
    const { bodies, client } = setup();
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    const input = screen.getByLabelText('Code');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app.');
    expect(bodies()).toEqual([]);

    await user.type(input, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    await user.clear(input);
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Intake');
    expect(bodies()).toEqual([{ code: '111111' }, { code: '123456' }]);
    expect((client.getQueryData(['session']) as { user: { secondStep: null } }).user.secondStep).toBeNull();
  });

  it('takes a recovery code instead', async () => {
    const user = userEvent.setup();
    const { bodies } = setup();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const input = screen.getByLabelText('Recovery code');
    expect(input).not.toHaveAttribute('inputmode');
    expect(input).toHaveFocus();
    await user.type(input, 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Intake');
    expect(bodies()).toEqual([{ recoveryCode: 'abcde-fghjk' }]);
  });
});
