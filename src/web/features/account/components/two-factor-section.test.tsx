// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@web/components/ui/toaster';
import { TwoFactorSection } from './two-factor-section';

configure({ asyncUtilTimeout: 5000 });

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-${String(i).padStart(5, 'k')}`);

/** A small stand-in for the server: the right code is 123456; enabling and disabling change the status. */
function setup(initial: { enabled: boolean; required?: boolean }) {
  let enabled = initial.enabled;
  const calls: Array<[string, unknown]> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push([url, body]);
      const json = (data: unknown, status = 200) =>
        new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      const wrongCode = () =>
        json({ error: { code: 'wrong_code', message: 'That code is not right. Check the time on your phone and try again.' } }, 400);
      if (url === '/api/account/two-factor/enroll') {
        return json({
          secret: SECRET,
          otpauthUri: `otpauth://totp/Lampstand:me?secret=${SECRET}`,
          qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
        });
      }
      if (url === '/api/account/two-factor/confirm') {
        if (body.code !== '123456') return wrongCode();
        enabled = true;
        return json({ recoveryCodes: CODES });
      }
      if (url === '/api/account/two-factor/disable') {
        if (body.code !== '123456') return wrongCode();
        enabled = false;
        return json({ ok: true });
      }
      if (url === '/api/auth/session') return json({ user: null, csrfToken: null });
      return json({
        enabled,
        enabledAt: enabled ? '2026-11-20T15:00:00.000Z' : null,
        recoveryCodesLeft: enabled ? 10 : 0,
        required: !!initial.required,
      });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TwoFactorSection />
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Two-step verification on the account page', () => {
  it('sets up an app: QR code and setup key, a wrong code refused, the right one shows the ten recovery codes once', async () => {
    const user = userEvent.setup();
    const calls = setup({ enabled: false });
    expect(await screen.findByText('Two-step verification is off.')).toBeInTheDocument();
    expect(screen.queryByText(/Your role requires/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-step verification' }));

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toHaveAttribute('data-secret', SECRET);
    const input = screen.getByLabelText('Code from the app');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');

    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app.');
    expect(calls.some(([url]) => url.endsWith('/confirm'))).toBe(false);

    await user.clear(input);
    await user.type(input, '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);

    // Copy puts all ten on the clipboard, one a line.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(writeText).toHaveBeenCalledWith(CODES.join('\n'));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // Once dismissed they are gone for good; the status shows instead.
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText(/Recovery codes left: 10/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('tells a person whose role requires it', async () => {
    setup({ enabled: false, required: true });
    expect(await screen.findByText(/Your role requires two-step verification\./)).toHaveAttribute('role', 'status');
  });

  it('turns it off only with a current code', async () => {
    const user = userEvent.setup();
    const calls = setup({ enabled: true });
    expect(await screen.findByText(/Recovery codes left: 10/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const input = screen.getByLabelText('To turn it off, enter a current code from the app');
    await user.type(input, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(screen.queryByText('Two-step verification is off.')).not.toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    expect(await screen.findByText('Two-step verification is off.')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter(([url]) => url.endsWith('/disable')).map(([, b]) => b)).toEqual([{ code: '000000' }, { code: '123456' }]),
    );
  });
});
