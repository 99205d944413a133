// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, mockFetch, renderWithClient, type Answer } from '@web/test/test-utils';
import { TwoFactorSection } from './two-factor-section';

configure({ asyncUtilTimeout: 5000 });

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-${String(i).padStart(5, 'k')}`);
const NEW_CODES = Array.from({ length: 10 }, (_, i) => `fghij-${String(i).padStart(5, 'm')}`);

/** A small stand-in for the server: the right code is 123456; enabling and disabling change the status. */
function setup(initial: { enabled: boolean; required?: boolean }) {
  let enabled = initial.enabled;
  const wrongCode = apiError(400, 'wrong_code', 'That code is not right. Check the time on your phone and try again.');
  const withCode = (body: unknown, apply: () => Answer) => ((body as { code: string }).code === '123456' ? apply() : wrongCode);
  const api = mockFetch({
    'GET /api/account/two-factor': () => ({
      body: {
        enabled,
        enabledAt: enabled ? '2026-11-20T15:00:00.000Z' : null,
        recoveryCodesLeft: enabled ? 10 : 0,
        required: !!initial.required,
      },
    }),
    'POST /api/account/two-factor/enroll': {
      body: { secret: SECRET, otpauthUri: `otpauth://totp/Lampstand:me?secret=${SECRET}`, qrCode: 'data:image/svg+xml;base64,PHN2Zy8+' },
    },
    'POST /api/account/two-factor/confirm': (body) =>
      withCode(body, () => {
        enabled = true;
        return { body: { recoveryCodes: CODES } };
      }),
    'POST /api/account/two-factor/disable': (body) =>
      withCode(body, () => {
        enabled = false;
        return { body: { ok: true } };
      }),
    'POST /api/account/two-factor/recovery-codes': (body) => withCode(body, () => ({ body: { recoveryCodes: NEW_CODES } })),
    'GET /api/auth/session': { body: { user: null, csrfToken: null } },
  });
  renderWithClient(<TwoFactorSection />, { toaster: true });
  return api;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Two-step verification on the account page', () => {
  it('sets up an app: QR code and setup key, a wrong code refused, the right one shows the ten recovery codes once', async () => {
    const user = userEvent.setup();
    const api = setup({ enabled: false });
    const setUp = await screen.findByRole('button', { name: 'Set up two-step verification' });
    expect(screen.getByText('Two-step verification is off.')).toBeInTheDocument();
    expect(screen.queryByText(/Your role requires/)).not.toBeInTheDocument();
    await user.click(setUp);

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
    expect(api.calls.some((c) => c.url.endsWith('/confirm'))).toBe(false);

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
    await screen.findByRole('button', { name: 'Copied' });

    // Once dismissed they are gone for good; the status shows instead.
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    await screen.findByText(/Recovery codes left: 10/);
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('tells a person whose role requires it', async () => {
    setup({ enabled: false, required: true });
    expect(await screen.findByText(/Your role requires two-step verification\./)).toHaveAttribute('role', 'status');
  });

  it('turns it off only with a current code', async () => {
    const user = userEvent.setup();
    const api = setup({ enabled: true });
    await screen.findByText(/Recovery codes left: 10/);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const input = screen.getByLabelText('To turn it off, enter a current code from the app');
    await user.type(input, '000000');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(screen.queryByText('Two-step verification is off.')).not.toBeInTheDocument();

    await user.clear(input);
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    // Said twice once it is off: by the toast and by the section's status line.
    expect(await screen.findAllByText('Two-step verification is off.')).not.toHaveLength(0);
    await waitFor(() =>
      expect(api.sent('POST', '/api/account/two-factor/disable').map((c) => c.body)).toEqual([{ code: '000000' }, { code: '123456' }]),
    );
  });

  it('says beside the field, before anything is sent, that a code to turn it off is not six digits', async () => {
    const user = userEvent.setup();
    const api = setup({ enabled: true });
    await screen.findByText(/Recovery codes left: 10/);
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const input = screen.getByLabelText('To turn it off, enter a current code from the app');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).not.toHaveAttribute('aria-describedby');

    await user.type(input, '12a456');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Enter the 6-digit code from your authenticator app.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', alert.id);
    expect(input).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.');
    // The message stays while the code is corrected, until the next try.
    await user.clear(input);
    await user.type(input, '123 456');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app.');
    expect(api.sent('POST', '/api/account/two-factor/disable')).toEqual([]);

    // Cancel and open again: an empty field, without the last message.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    expect(screen.getByLabelText('To turn it off, enter a current code from the app')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('makes new recovery codes only with a current code, shows them once, and Cancel gives focus back', async () => {
    const user = userEvent.setup();
    const api = setup({ enabled: true });
    await screen.findByText(/Recovery codes left: 10/);
    const opener = screen.getByRole('button', { name: 'New recovery codes' });
    await user.click(opener);
    const input = screen.getByLabelText('To make new recovery codes, enter a current code from the app');
    expect(input).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'New recovery codes' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const field = screen.getByLabelText('To make new recovery codes, enter a current code from the app');
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app.');
    expect(api.sent('POST', '/api/account/two-factor/recovery-codes')).toEqual([]);
    await user.type(field, '000000');
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(field).toHaveValue('000000');

    await user.clear(field);
    await user.type(field, '123456');
    await user.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(NEW_CODES);
    expect(screen.getByText('New recovery codes made: the old ones no longer work.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
  });
});
