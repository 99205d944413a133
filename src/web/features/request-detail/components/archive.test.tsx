// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DetailItem, RequestDetail } from '@shared/api/request-detail';
import { ARCHIVED_READ_ONLY } from '@shared/domain/request-permissions';
import { RequestDrawer } from './request-drawer';
import { ALL_REQUEST_ACTIONS, detailItem, requestDetail, VIEW_ONLY } from '@web/test/request-detail';
import { mockFetch, renderWithClient } from '@web/test/test-utils';

/** Archiving asks to confirm and counts unfinished items; an archived request is read-only (decision 0007). */
const ID = '33333333-3333-4333-8333-333333333333';
const ADMIN = ALL_REQUEST_ACTIONS;
const READ_ONLY = VIEW_ONLY;

let n = 0;
/** An unassigned item in `status`, each with its own id. */
function item(status: DetailItem['status'], over: Partial<DetailItem> = {}): DetailItem {
  n += 1;
  return detailItem({
    id: `44444444-4444-4444-8444-${String(n).padStart(12, '0')}`,
    status,
    dueDate: null,
    assignee: null,
    latestProofVersion: null,
    ...over,
  });
}

/** This file's request: 'Fall Festival' in production, with few details, that the reader may archive. */
const detail = (over: Partial<RequestDetail>) =>
  requestDetail({
    id: ID,
    version: 7,
    eventTitle: 'Fall Festival',
    status: 'in_production',
    tier: 'B',
    ministry: null,
    promotionStartDate: null,
    eventStartDate: null,
    startTime: null,
    endTime: null,
    location: null,
    descriptionShort: null,
    planningCenterAdded: null,
    contentCompleteScore: 50,
    allowedActions: ADMIN,
    ...over,
  });

/** The drawer's API: the request as given, and every change accepted. */
function mockApi(data: RequestDetail) {
  const saved = { body: { id: ID, version: 8 } };
  return mockFetch({
    'GET /api/requests/:id': { body: data },
    'POST /api/requests/:id/archive': saved,
    'PATCH /api/requests/:id': saved,
  }).calls;
}

function renderDrawer() {
  renderWithClient(<RequestDrawer requestId={ID} onClose={() => {}} onDeleted={() => {}} />, { route: '/' });
}

afterEach(() => vi.unstubAllGlobals());

describe('archiving a request', () => {
  it('says how many items are unfinished and asks to archive anyway', async () => {
    const items = [
      item('in_progress'),
      item('proof_ready'),
      item('submitted', { isAdditionalRequest: true, additionalRequestStatus: 'pending' }),
      item('approved'),
      item('complete'),
      // A rejected additional channel is not work, so not unfinished either.
      item('submitted', { isAdditionalRequest: true, additionalRequestStatus: 'rejected' }),
    ];
    const calls = mockApi(detail({ items }));
    renderDrawer();
    await userEvent.click(await screen.findByRole('button', { name: 'Archive as One-Time' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('3 items are not finished yet (not approved, published or complete).')).toBeInTheDocument();
    expect(within(dialog).getByText('Once archived, only an admin can change it.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.endsWith('/archive'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive Anyway' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/archive'))).toMatchObject({ method: 'POST', body: { kind: 'onetime' } }));
  });

  it('says "1 item is" for one, and only confirms when every item is done', async () => {
    mockApi(detail({ items: [item('changes_requested'), item('published')] }));
    renderDrawer();
    await userEvent.click(await screen.findByRole('button', { name: 'Archive as Recurring' }));
    await screen.findByText('1 item is not finished yet (not approved, published or complete).');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    cleanup();

    mockApi(detail({ items: [item('approved'), item('published')] }));
    renderDrawer();
    await userEvent.click(await screen.findByRole('button', { name: 'Archive as Recurring' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).queryByText(/not finished yet/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Archive' })).toBeInTheDocument();
  });
});

describe('an archived request', () => {
  it('shows anyone but an admin why it is read-only, with no message composer or controls', async () => {
    mockApi(
      detail({
        status: 'archived_onetime',
        archivedAt: '2030-02-01T12:00:00.000Z',
        allowedActions: READ_ONLY,
        messages: [{ id: 'm1', body: 'All done here.', author: null, createdAt: '2030-01-30T12:00:00.000Z' }],
      }),
    );
    renderDrawer();
    await screen.findByText(ARCHIVED_READ_ONLY);
    expect(screen.getByText('All done here.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByText('Admin Controls')).not.toBeInTheDocument();
    expect(screen.queryByText('Upload Asset')).not.toBeInTheDocument();
  });

  it('keeps an admin’s controls, without the notice', async () => {
    mockApi(detail({ status: 'archived_onetime', archivedAt: '2030-02-01T12:00:00.000Z' }));
    renderDrawer();
    await screen.findByText('This request is archived.');
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByText(ARCHIVED_READ_ONLY)).not.toBeInTheDocument();
  });
});
