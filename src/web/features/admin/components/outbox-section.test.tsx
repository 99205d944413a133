// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAIL_DELIVERY_MESSAGES, OUTBOX_MESSAGES, type OutboxEmail, type OutboxPage } from '@shared/api/outbox';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';
import { OutboxSection } from './outbox-section';

configure({ asyncUtilTimeout: 5000 });

const MASK = '••••••••';
const LIST = '/api/admin/outbox';
const email = (over: Partial<OutboxEmail> = {}): OutboxEmail => ({
  id: '00000000-0000-4000-8000-000000000001',
  recipient: 'ivy@example.org',
  subject: 'Your Lampstand account',
  body: `Hello Ivy,\n\nE-mail: ivy@example.org\nTemporary password: ${MASK}`,
  actionUrl: 'http://localhost:3000/login',
  actionText: 'Sign in',
  sent: false,
  sentAt: null,
  attempts: 0,
  lastError: null,
  createdAt: '2026-11-20T15:00:00.000Z',
  canReveal: true,
  revealedAt: null,
  canResend: false,
  ...over,
});
const page = (items: OutboxEmail[]): OutboxPage => ({ items, nextCursor: null, queued: items.filter((e) => !e.sent).length });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('E-mail Outbox', () => {
  it('shows the body as the server masked it', async () => {
    mockFetch({ [`GET ${LIST}`]: { body: page([email({ canReveal: false })]) } });
    const user = userEvent.setup();
    renderWithClient(<OutboxSection />);
    await user.click(await screen.findByRole('button', { name: 'Your Lampstand account' }));
    expect(screen.getByText(/Temporary password: ••••••••/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show password once' })).not.toBeInTheDocument();
  });

  it('reveals an invitation’s password only after a confirmation, once, then says it was shown', async () => {
    let revealed = false;
    const api = mockFetch({
      [`GET ${LIST}`]: () => ({ body: page([email(revealed ? { canReveal: false, revealedAt: '2026-11-21T10:00:00.000Z' } : {})]) }),
      [`POST ${LIST}/:id/reveal`]: () => {
        revealed = true;
        return { body: { password: 'Quiet-Harbor-42' } };
      },
    });
    const user = userEvent.setup();
    renderWithClient(<OutboxSection />);
    await user.click(await screen.findByRole('button', { name: 'Your Lampstand account' }));
    await user.click(screen.getByRole('button', { name: 'Show password once' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Show the temporary password?' });
    expect(within(confirm).getByText(OUTBOX_MESSAGES.revealConfirm('ivy@example.org'))).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('POST', `${LIST}/${email().id}/reveal`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Show password once' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Show password' }));
    const shown = await screen.findByRole('alertdialog', { name: 'Temporary password for ivy@example.org' });
    expect(within(shown).getByText('Quiet-Harbor-42')).toBeInTheDocument();
    expect(api.sent('POST', `${LIST}/${email().id}/reveal`)).toHaveLength(1);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('Quiet-Harbor-42')).not.toBeInTheDocument();
    expect(await screen.findByText(/it cannot be shown again/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show password once' })).not.toBeInTheDocument();
  });

  it('a refused reveal says why and shows no password', async () => {
    mockFetch({
      [`GET ${LIST}`]: { body: page([email()]) },
      [`POST ${LIST}/:id/reveal`]: apiError(422, 'rule_broken', OUTBOX_MESSAGES.noLongerValid),
    });
    const user = userEvent.setup();
    renderWithClient(<OutboxSection />, { toaster: true });
    await user.click(await screen.findByRole('button', { name: 'Your Lampstand account' }));
    await user.click(screen.getByRole('button', { name: 'Show password once' }));
    const question = await screen.findByRole('alertdialog');
    await user.click(within(question).getByRole('button', { name: 'Show password' }));
    // Said once, in the question, which stays open.
    expect(await within(question).findByText(OUTBOX_MESSAGES.noLongerValid)).toBeInTheDocument();
    expect(screen.getAllByText(OUTBOX_MESSAGES.noLongerValid)).toHaveLength(1);
    expect(screen.queryByRole('alertdialog', { name: /Temporary password for/ })).not.toBeInTheDocument();
  });

  it('without a mail relay says e-mails are not delivered, how to fix it, and counts what waits', async () => {
    mockFetch({
      [`GET ${LIST}`]: { body: page([email()]) },
      [`GET ${LIST}/delivery`]: { body: { relayConfigured: false, queued: 3, failed: 0 } },
    });
    renderWithClient(<OutboxSection />);
    expect(await screen.findByText(MAIL_DELIVERY_MESSAGES.notDelivering)).toBeInTheDocument();
    expect(screen.getByText('3 e-mails are waiting.')).toBeInTheDocument();
    expect(screen.getByText(MAIL_DELIVERY_MESSAGES.fix)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send test e-mail' })).not.toBeInTheDocument();
  });

  it('resends a failed e-mail after a confirmation', async () => {
    const failed = email({ canReveal: false, canResend: true, attempts: 8, lastError: 'Mailbox unavailable' });
    const api = mockFetch({
      [`GET ${LIST}`]: { body: page([failed]) },
      [`GET ${LIST}/delivery`]: { body: { relayConfigured: true, queued: 1, failed: 1 } },
      [`POST ${LIST}/:id/resend`]: { body: { ...failed, attempts: 0, canResend: false } },
    });
    const user = userEvent.setup();
    renderWithClient(<OutboxSection />, { toaster: true });
    expect(await screen.findByText('1 e-mail failed to send.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Your Lampstand account' }));
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Resend this e-mail?' });
    expect(within(dialog).getByText(OUTBOX_MESSAGES.resendConfirm('ivy@example.org'))).toBeInTheDocument();
    expect(api.sent('POST', `${LIST}/${failed.id}/resend`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('E-mail queued again')).toBeInTheDocument();
    expect(api.sent('POST', `${LIST}/${failed.id}/resend`)).toHaveLength(1);
  });

  it('with a relay, Send test e-mail shows the answer, or the relay’s error', async () => {
    let refuse = false;
    mockFetch({
      [`GET ${LIST}`]: { body: page([]) },
      [`GET ${LIST}/delivery`]: { body: { relayConfigured: true, queued: 0, failed: 0 } },
      [`POST ${LIST}/test-email`]: () =>
        refuse
          ? apiError(422, 'relay_error', OUTBOX_MESSAGES.relayRefused('550 Mailbox unavailable'))
          : { body: { message: OUTBOX_MESSAGES.testSent('admin@example.org') } },
    });
    const user = userEvent.setup();
    renderWithClient(<OutboxSection />, { toaster: true });
    await user.click(await screen.findByRole('button', { name: 'Send test e-mail' }));
    expect(await screen.findByText(OUTBOX_MESSAGES.testSent('admin@example.org'))).toBeInTheDocument();
    expect(screen.queryByText(MAIL_DELIVERY_MESSAGES.notDelivering)).not.toBeInTheDocument();
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Send test e-mail' }));
    expect(await screen.findByText(OUTBOX_MESSAGES.relayRefused('550 Mailbox unavailable'))).toBeInTheDocument();
  });
});
