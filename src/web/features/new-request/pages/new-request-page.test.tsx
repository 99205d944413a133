// @vitest-environment jsdom
// Runs long: the whole request form, filled field by field.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DRAFT_AUTOSAVE_MS } from '@shared/domain/constants';
import { addDaysIso } from '@shared/domain/dates';
import { Toaster } from '@web/components/ui/toaster';
import { churchToday } from '../lib/form-values';
import { draftKey } from '../hooks/use-draft';
import { draftTime } from '../components/banners';
import { UNSAVED_MESSAGES } from '@web/components/ui/unsaved-guard';
import { Component as NewRequestPage } from './new-request-page';
import { DEMO_CONFIG, renderWithClient, testQueryClient } from '@web/test/test-utils';

const MINISTRY = { id: '0b7f3c9e-8a51-4a5e-9d7b-2f1e6c3a4b5d', name: 'Worship', defaultTier: 'B', active: true };

function mockApi(role = 'requester', extra: (url: string) => Response | null = () => null) {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const hit = extra(url);
      if (hit) return hit;
      if (url.startsWith('/api/auth/session')) {
        return json({
          user: { id: 'u1', fullName: 'Ruth', email: 'r@example.org', role, ministryId: null, passwordResetRequired: false },
          csrfToken: 'x',
        });
      }
      if (url.startsWith('/api/ministries')) return json([MINISTRY]);
      if (url.startsWith('/api/church-config')) return json(DEMO_CONFIG);
      return json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    }),
  );
}

function renderPage(path = '/request/new') {
  const client = testQueryClient();
  return renderWithClient(
    <>
      <RouterProvider
        router={createMemoryRouter(
          [
            { path: '/request/new', element: <NewRequestPage /> },
            { path: '/request/:id', element: <p>Request page</p> },
            { path: '/dashboard', element: <p>Dashboard page</p> },
          ],
          { initialEntries: [path] },
        )}
      />
      <Toaster />
    </>,
    { client },
  );
}

const user = () => userEvent.setup({ applyAccept: false });
/** Pastes text into a field: as real as typing for these tests, and much faster. */
async function fill(u: ReturnType<typeof user>, el: HTMLElement, text: string) {
  await u.click(el);
  await u.paste(text);
}
async function chooseMinistry(u: ReturnType<typeof user>) {
  await screen.findByRole('option', { name: MINISTRY.name });
  await u.selectOptions(screen.getByLabelText(/Ministry/), MINISTRY.id);
}
const completeness = () => screen.getByRole('progressbar', { name: 'Content completeness' });
const reason = () => screen.getByTestId('submit-reason');
const file = (name: string, size = 10) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('New request form', () => {
  it('updates the completeness bar and names why Submit is disabled', async () => {
    mockApi();
    renderPage();
    const u = user();
    const title = await screen.findByLabelText(/Event title/);
    expect(completeness()).toHaveAttribute('aria-valuenow', '0');
    expect(reason()).toHaveTextContent('Content must be at least 60% complete.');
    expect(screen.getByRole('button', { name: 'Submit Request' })).toHaveAttribute('aria-disabled', 'true');

    await fill(u, title, 'Fall Festival');
    await fill(u, screen.getByLabelText(/Short description/), 'A festival for everyone.');
    expect(screen.getByText('24/150')).toBeInTheDocument();
    await chooseMinistry(u);
    expect(completeness()).toHaveAttribute('aria-valuenow', '50'); // title, short, ministry, tier from the ministry
    await u.type(screen.getByLabelText(/Event start date/), addDaysIso(churchToday(), 60));
    expect(completeness()).toHaveAttribute('aria-valuenow', '70');
    expect(reason()).toHaveTextContent('Event must be on Planning Center calendar.');

    await u.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.getByText('Action Required')).toBeInTheDocument();
    await u.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(completeness()).toHaveAttribute('aria-valuenow', '80');
    expect(reason()).toHaveTextContent('Ready to submit');
    expect(screen.getByRole('button', { name: 'Submit Request' })).not.toHaveAttribute('aria-disabled');
  });

  it('shows Cannot Submit with the reason when Submit is pressed while blocked', async () => {
    mockApi();
    renderPage();
    const u = user();
    await screen.findByLabelText(/Event title/);
    screen.getByRole('button', { name: 'Submit Request' }).focus();
    await u.keyboard('{Enter}');
    await screen.findByText('Cannot Submit');
    expect(screen.getByText('Content must be at least 60% complete.', { selector: '[data-testid="toast"] *' })).toBeInTheDocument();
  });

  it('locks the tier to A for an Impact in One title, and a ministry recommends its tier', async () => {
    mockApi();
    renderPage();
    const u = user();
    await chooseMinistry(u);
    const tier = screen.getByLabelText(/Communication tier/);
    expect(tier).toHaveValue('B');
    expect(screen.getByText('Recommended for Worship: Tier B.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Landing Slide Deck' })).toBeChecked();

    await fill(u, screen.getByLabelText(/Event title/), 'Impact in One Sunday');
    await waitFor(() => expect(tier).toHaveValue('A'));
    expect(tier).toBeDisabled();
    expect(screen.getByText('Impact in One events are always Tier A.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Sunday Stage Announcement' })).toBeChecked();
  });

  it('choosing a tier sets its channels and resets the additional requests; unchecking removes one', async () => {
    mockApi();
    renderPage();
    const u = user();
    const tier = await screen.findByLabelText(/Communication tier/);
    await u.selectOptions(tier, 'C');
    await u.click(screen.getByRole('checkbox', { name: /Banner/ }));
    expect(screen.getByRole('checkbox', { name: /Banner/ })).toBeChecked();
    await u.selectOptions(tier, 'B');
    expect(screen.getByRole('checkbox', { name: /Banner/ })).not.toBeChecked();
    const slide = screen.getByRole('checkbox', { name: 'Sunday Slide Deck' });
    expect(slide).toBeChecked();
    await u.click(slide);
    expect(slide).not.toBeChecked();
  });

  it('sets the promotion start three weeks before the event start', async () => {
    mockApi();
    renderPage();
    const u = user();
    await u.type(await screen.findByLabelText(/Event start date/), '2031-03-10');
    expect(screen.getByLabelText(/Promotion start date/)).toHaveValue('2031-02-17');
  });

  it('requires text for the Other channel', async () => {
    mockApi();
    renderPage();
    const u = user();
    await screen.findByLabelText(/Event title/);
    await u.click(screen.getByRole('checkbox', { name: /^Other/ }));
    const specify = screen.getByLabelText(/Please specify/);
    await u.click(specify);
    await u.tab();
    await screen.findByText('Please specify the other channel.');
    await u.type(specify, 'Bulletin');
    await waitFor(() => expect(screen.queryByText('Please specify the other channel.')).not.toBeInTheDocument());
  });

  it('refuses more than five files and skips a file over 10MB', async () => {
    mockApi();
    renderPage();
    const u = user();
    const input = await screen.findByLabelText('Upload files');
    await u.upload(input, [file('a.pdf'), file('b.pdf'), file('c.pdf'), file('d.pdf'), file('e.pdf'), file('f.pdf')]);
    await screen.findByText('File limit exceeded');
    expect(screen.getByText('You can upload a maximum of 5 files.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Selected files' })).not.toBeInTheDocument();

    await u.upload(input, [file('big.pdf', 10 * 1024 * 1024 + 1), file('ok.png')]);
    await screen.findByText('File too large');
    expect(screen.getByText('big.pdf exceeds the 10MB limit.')).toBeInTheDocument();
    expect(screen.getByText('ok.png')).toBeInTheDocument();
    expect(screen.queryByText('big.pdf')).not.toBeInTheDocument();

    await u.upload(input, [file('virus.exe')]);
    await screen.findByText('File type not allowed');
    await u.click(screen.getByRole('button', { name: 'Remove ok.png' }));
    expect(screen.queryByText('ok.png')).not.toBeInTheDocument();
  });

  it('autosaves a draft and offers it back: Restore', async () => {
    mockApi();
    const first = renderPage();
    const u = user();
    await u.type(await screen.findByLabelText(/Event title/), 'Saved Title');
    await waitFor(() => expect(window.localStorage.getItem(draftKey('u1'))).toContain('Saved Title'), { timeout: 3000 });
    first.unmount();

    renderPage();
    await screen.findByText('You have an unsaved draft. Would you like to restore it?');
    await u.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText(/Event title/)).toHaveValue('Saved Title');
    await screen.findByText('Draft Restored');
    expect(screen.getByText('Your previous work has been loaded.')).toBeInTheDocument();
    expect(screen.queryByText('You have an unsaved draft. Would you like to restore it?')).not.toBeInTheDocument();
  });

  it('Discard removes the draft; a broken draft cannot be restored', async () => {
    mockApi();
    window.localStorage.setItem(draftKey('u1'), JSON.stringify({ eventTitle: 'Old' }));
    const first = renderPage();
    const u = user();
    await u.click(await screen.findByRole('button', { name: 'Discard' }));
    await screen.findByText('Draft Discarded');
    expect(window.localStorage.getItem(draftKey('u1'))).toBeNull();
    first.unmount();

    window.localStorage.setItem(draftKey('u1'), '{not json');
    renderPage();
    await u.click(await screen.findByRole('button', { name: 'Restore' }));
    await screen.findByText('Could not restore draft');
  });

  it('offers the draft with the time it was saved and says picked files are not kept', async () => {
    mockApi();
    const first = renderPage();
    const u = user();
    await u.type(await screen.findByLabelText(/Event title/), 'With files');
    await u.upload(screen.getByLabelText('Upload files'), [file('poster.png'), file('notes.pdf')]);
    await waitFor(() => expect(window.localStorage.getItem(draftKey('u1'))).toContain('"fileCount":2'), { timeout: 3000 });
    const stored = JSON.parse(window.localStorage.getItem(draftKey('u1'))!) as { savedAt: string; values: { eventTitle: string } };
    expect(stored.values.eventTitle).toBe('With files');
    expect(JSON.stringify(stored)).not.toContain('poster.png');
    first.unmount();

    renderPage();
    const offer = await screen.findByRole('region', { name: 'Saved draft' });
    expect(offer).toHaveTextContent(`Restore your draft from ${draftTime(stored.savedAt)}?`);
    expect(offer).toHaveTextContent('The 2 files you picked are not kept in a draft: add them again.');
    await u.click(screen.getByRole('button', { name: 'Restore' }));
    expect(screen.getByLabelText(/Event title/)).toHaveValue('With files');
  });

  it("never offers another person's draft on the same browser", async () => {
    mockApi();
    window.localStorage.setItem(
      draftKey('someone-else'),
      JSON.stringify({ savedAt: new Date().toISOString(), fileCount: 0, values: { eventTitle: 'Theirs' } }),
    );
    renderPage();
    await screen.findByLabelText(/Event title/);
    expect(screen.queryByRole('region', { name: 'Saved draft' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Event title/)).toHaveValue('');
  });

  it('asks before leaving with typed text, keeps the draft when the person leaves', async () => {
    mockApi();
    renderPage();
    const u = user();
    await u.type(await screen.findByLabelText(/Event title/), 'Half done');
    await u.click(screen.getByRole('link', { name: /Back to Dashboard/ }));
    const ask = await screen.findByRole('alertdialog', { name: UNSAVED_MESSAGES.title });
    expect(ask).toHaveTextContent('Your draft stays on this device for when you come back.');
    await u.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText(/Event title/)).toHaveValue('Half done');

    await u.click(screen.getByRole('link', { name: /Back to Dashboard/ }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Dashboard page');
    expect(window.localStorage.getItem(draftKey('u1'))).toContain('Half done');
  });

  it('leaves an untouched form without asking', async () => {
    mockApi();
    renderPage();
    const u = user();
    await screen.findByLabelText(/Event title/);
    await u.click(screen.getByRole('link', { name: /Back to Dashboard/ }));
    await screen.findByText('Dashboard page');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the on-behalf-of block to approvers only', async () => {
    mockApi('approver');
    const r = renderPage();
    await screen.findByLabelText('Requester name');
    r.unmount();
    mockApi('requester');
    renderPage();
    await screen.findByLabelText(/Event title/);
    expect(screen.queryByLabelText('Requester name')).not.toBeInTheDocument();
  });

  it('loads a request for duplication without its dates', async () => {
    const sourceId = '5d5b1b0e-7b1a-4c1e-9f0a-1a2b3c4d5e6f';
    mockApi('requester', (url) =>
      url.startsWith(`/api/requests/${sourceId}/duplicate-source`)
        ? new Response(
            JSON.stringify({
              id: sourceId,
              sourceTitle: 'Marriage Retreat',
              sourceEventStartDate: '2030-02-14',
              values: {
                eventTitle: 'Marriage Retreat',
                ministryId: MINISTRY.id,
                location: 'Lodge',
                descriptionShort: 'Time away',
                descriptionLong: '',
                targetAudience: 'Couples',
                tier: 'C',
                additionalChannels: { banner: true },
                otherChannelText: '',
                infoLink: '',
                websiteDescription: '',
                registrationLink: '',
                designDirection: 'reference',
                designNotes: '',
              },
            }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          )
        : null,
    );
    window.localStorage.setItem(draftKey('u1'), JSON.stringify({ eventTitle: 'Old' }));
    renderPage(`/request/new?duplicate=${sourceId}`);
    await screen.findByText('Request Loaded for Duplication');
    expect(screen.getByText('Duplicating Request')).toBeInTheDocument();
    expect(screen.getByText('Please review and update all dates and details before submitting.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Event title/)).toHaveValue('Marriage Retreat');
    expect(screen.getByLabelText(/Event start date/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /Banner/ })).toBeChecked();
    expect(screen.queryByText('You have an unsaved draft. Would you like to restore it?')).not.toBeInTheDocument();
  });

  it('says Error loading request when the duplicate cannot be loaded', async () => {
    mockApi();
    renderPage('/request/new?duplicate=5d5b1b0e-7b1a-4c1e-9f0a-1a2b3c4d5e6f');
    await screen.findByText('Error loading request');
  });
});

describe('submitting', () => {
  class FakeXhr {
    static last: FakeXhr | null = null;
    static respond: (xhr: FakeXhr) => void = () => {};
    headers: Record<string, string> = {};
    upload = { onprogress: null as null | ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) };
    status = 0;
    responseText = '';
    onload: null | (() => void) = null;
    onerror: null | (() => void) = null;
    withCredentials = false;
    body: FormData | null = null;
    open() {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: FormData) {
      this.body = body;
      FakeXhr.last = this;
      setTimeout(() => FakeXhr.respond(this), 0);
    }
  }

  async function fillValidForm() {
    const u = user();
    await fill(u, await screen.findByLabelText(/Event title/), 'Fall Festival');
    await chooseMinistry(u);
    await u.type(screen.getByLabelText(/Event start date/), addDaysIso(churchToday(), 60));
    await fill(u, screen.getByLabelText(/Short description/), 'Fun.');
    await u.click(screen.getByRole('radio', { name: 'Yes' }));
    return u;
  }

  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));

  it('uploads with an Idempotency-Key, toasts and opens the request', async () => {
    // The draft's autosave timer is faked (running with the clock until the end), so the test can
    // move past the autosave delay at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    mockApi();
    FakeXhr.respond = (xhr) => {
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      xhr.status = 201;
      xhr.responseText = JSON.stringify({ id: 'abc' });
      xhr.onload?.();
    };
    window.localStorage.setItem(draftKey('u1'), '{}');
    renderPage();
    const u = await fillValidForm();
    await u.click(screen.getByRole('button', { name: 'Discard' }));
    await u.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Request page');
    expect(screen.getByText('Request submitted!')).toBeInTheDocument();
    expect(FakeXhr.last!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(String(FakeXhr.last!.body!.get('request'))).eventTitle).toBe('Fall Festival');
    // No autosave pending from the typing brings the draft back after the submission.
    act(() => vi.advanceTimersByTime(DRAFT_AUTOSAVE_MS));
    expect(window.localStorage.getItem(draftKey('u1'))).toBeNull();
  });

  it('keeps the key for a retry of the same content and shows the server message', async () => {
    mockApi();
    FakeXhr.respond = (xhr) => {
      xhr.status = 422;
      xhr.responseText = JSON.stringify({ error: { code: 'rule_broken', message: 'Promotion must start at least 2 weeks from today.' } });
      xhr.onload?.();
    };
    renderPage();
    const u = await fillValidForm();
    await u.click(screen.getByRole('button', { name: 'Submit Request' }));
    await screen.findByText('Submission failed');
    expect(
      screen.getByText('Promotion must start at least 2 weeks from today.', { selector: '[data-testid="toast"] *' }),
    ).toBeInTheDocument();
    const firstKey = FakeXhr.last!.headers['Idempotency-Key'];
    const submitButton = screen.getByRole('button', { name: 'Submit Request' });
    await waitFor(() => expect(submitButton).toBeEnabled());

    FakeXhr.respond = (xhr) => {
      xhr.status = 200;
      xhr.responseText = 'null';
      xhr.onload?.();
    };
    fireEvent.click(submitButton);
    await screen.findByText('Could not retrieve request details after submission.');
    expect(FakeXhr.last!.headers['Idempotency-Key']).toBe(firstKey);
    await waitFor(() => expect(submitButton).toBeEnabled());

    FakeXhr.respond = (xhr) => {
      xhr.status = 201;
      xhr.responseText = '{"status":"submitted"}';
      xhr.onload?.();
    };
    fireEvent.click(submitButton);
    await screen.findByText('Request submission failed to return a valid request ID.');
    expect(FakeXhr.last!.headers['Idempotency-Key']).toBe(firstKey);
  });
});
