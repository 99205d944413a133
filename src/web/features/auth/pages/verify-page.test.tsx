// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { Component as VerifyPage } from './verify-page';

configure({ asyncUtilTimeout: 5000 });

const USER = { id: 'u1', fullName: 'Ann', email: 'a@example.org', role: 'approver', ministryId: null, passwordResetRequired: false };

function setup() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { code?: string; recoveryCode?: string };
      bodies.push(body);
      const ok = body.code === '123456' || body.recoveryCode === 'abcde-fghjk';
      const data = ok
        ? { user: { ...USER, secondStep: null }, csrfToken: 't' }
        : {
            error: {
              code: 'wrong_code',
              message: body.code ? 'That code is not right.' : 'That recovery code is not right or was used already.',
            },
          };
      return new Response(JSON.stringify(data), { status: ok ? 200 : 400, headers: { 'content-type': 'application/json' } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['session'], { user: { ...USER, secondStep: 'verify' }, csrfToken: 't' });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/verify']}>
        <Routes>
          <Route path="/verify" element={<VerifyPage />} />
          <Route path="/admin/intake" element={<p>Intake</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
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
    expect(bodies).toEqual([]);

    await user.type(input, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    await user.clear(input);
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Intake')).toBeInTheDocument();
    expect(bodies).toEqual([{ code: '111111' }, { code: '123456' }]);
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
    expect(await screen.findByText('Intake')).toBeInTheDocument();
    expect(bodies).toEqual([{ recoveryCode: 'abcde-fghjk' }]);
  });
});
