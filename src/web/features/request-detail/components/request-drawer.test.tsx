// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@shared/api/auth';
import type { RequestDetail } from '@shared/api/request-detail';
import { RequestDrawer } from './request-drawer';
import { detailItem, NO_ITEM_ACTIONS, REQUEST_ID, requestDetail } from '@web/test/request-detail';
import { apiError, mockFetch, renderWithClient, testQueryClient, type Call } from '@web/test/test-utils';

const ID = REQUEST_ID;
const item = detailItem;

/** This file's request: coordinated, with its details filled in, a first message, and one item. */
const detail = (over: Partial<RequestDetail> = {}) =>
  requestDetail({
    version: 3,
    coordinator: { id: 'k1', fullName: 'Caleb Coordinator' },
    eventEndDate: '2030-02-22',
    expectedAttendance: 100,
    descriptionLong: 'Long',
    targetAudience: 'Couples',
    items: [item()],
    messages: [
      { id: 'msg1', body: 'We are on it.', author: { id: 'k1', fullName: 'Caleb Coordinator' }, createdAt: '2030-01-02T12:00:00.000Z' },
    ],
    ...over,
  });

/** The drawer's API: the request as given (missing: 404; null: a failure), the pickers' people, and every change accepted. */
function mockApi(data: RequestDetail | null | 'missing') {
  const saved = { body: { id: ID, version: 4, status: 'approved' } };
  return mockFetch({
    'GET /api/requests/:id':
      data === 'missing' ? apiError(404, 'not_found', 'Request not found.') : data ? { body: data } : apiError(500, 'internal', 'boom'),
    'GET /api/users/viewers': { body: { users: [{ id: 'v1', fullName: 'Victor Viewer', email: 'v@x' }] } },
    'GET /api/users/assignees': { body: { items: [] } },
    'POST /api/requests/:id/messages': { status: 201, body: { id: 'new' } },
    'PATCH /api/requests/:id': saved,
    'DELETE /api/requests/:id': saved,
    'POST /api/items/:id/request-changes': saved,
    'POST /api/items/:id/approve-proof': saved,
    'POST /api/notifications/read-for-request': { body: { updated: 1 } },
  }).calls;
}

function renderDrawer(role?: string, path = '/') {
  const user = role ? { id: 'me', fullName: 'Me', email: 'me@x', role, ministryId: null, passwordResetRequired: false } : null;
  const client = testQueryClient({ session: user ? ({ user, csrfToken: 'tok' } as SessionResponse) : undefined });
  renderWithClient(<RequestDrawer requestId={ID} onClose={() => {}} onDeleted={() => {}} />, { client, route: path });
}

afterEach(() => vi.unstubAllGlobals());

describe('request detail drawer', () => {
  it('marks a requester’s notifications about the request read when it opens, not a coordinator’s', async () => {
    const readCalls = (calls: Call[]) => calls.filter((c) => c.url === '/api/notifications/read-for-request');
    const asRequester = mockApi(detail());
    renderDrawer('requester');
    await screen.findByText('We are on it.');
    await waitFor(() =>
      expect(readCalls(asRequester)).toEqual([{ url: '/api/notifications/read-for-request', method: 'POST', body: { requestId: ID } }]),
    );
    cleanup();

    const asCoordinator = mockApi(detail());
    renderDrawer('coordinator');
    await screen.findByText('We are on it.');
    expect(readCalls(asCoordinator)).toEqual([]);
  });

  it('shows a viewer View-Only and no controls', async () => {
    mockApi(detail());
    renderDrawer();
    await screen.findByText('View-Only');
    expect(screen.getByText('We are on it.')).toBeInTheDocument();
    expect(screen.queryByText('Admin Controls')).not.toBeInTheDocument();
    expect(screen.queryByText('Upload Asset')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Details' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Items' }));
    await screen.findByText('Sunday Slide Deck');
    expect(screen.queryByRole('button', { name: 'Approve Proof' })).not.toBeInTheDocument();
  });

  it('gives a coordinator the admin controls, and a status change sends the version', async () => {
    const calls = mockApi(
      detail({
        allowedActions: { canEdit: true, canAdmin: true, canMessage: true, canUpload: true, isViewOnly: false },
        coordinatorCandidates: [
          { id: 'k1', fullName: 'Caleb Coordinator' },
          { id: 'a1', fullName: 'Grace Admin' },
        ],
      }),
    );
    renderDrawer();
    await screen.findByText('Admin Controls');
    expect(screen.queryByText('View-Only')).not.toBeInTheDocument();
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(status.options).toHaveLength(12);
    const coordinator = screen.getByLabelText('Coordinator') as HTMLSelectElement;
    expect([...coordinator.options].map((o) => o.text)).toEqual(['Unassigned', 'Caleb Coordinator', 'Grace Admin']);
    expect([...(screen.getByLabelText('Priority') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'low',
      'medium',
      'high',
      'urgent',
    ]);
    expect(screen.getByRole('button', { name: 'Archive as Recurring' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive as One-Time' })).toBeInTheDocument();
    expect(screen.getByText('Viewers')).toBeInTheDocument();
    await userEvent.selectOptions(status, 'in_review');
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: `/api/requests/${ID}`,
      body: { status: 'in_review', version: 3 },
    });
  });

  it('asks before deleting', async () => {
    const calls = mockApi(
      detail({ allowedActions: { canEdit: true, canAdmin: true, canMessage: true, canUpload: true, isViewOnly: false } }),
    );
    renderDrawer();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Request' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Delete this request?')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
  });

  it('blocks a blank message and sends with Ctrl+Enter', async () => {
    const calls = mockApi(
      detail({ allowedActions: { canEdit: false, canAdmin: false, canMessage: true, canUpload: true, isViewOnly: false } }),
    );
    renderDrawer();
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(box, '   ');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByText('Message cannot be blank.');
    expect(calls.some((c) => c.url.endsWith('/messages'))).toBe(false);
    await userEvent.clear(box);
    await userEvent.type(box, 'Looks great @Chloe Creative');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/messages'))?.body).toEqual({ body: 'Looks great @Chloe Creative' }));
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('lets the requester approve a proof or ask for changes with feedback', async () => {
    const calls = mockApi(
      detail({
        allowedActions: { canEdit: false, canAdmin: false, canMessage: true, canUpload: true, isViewOnly: false },
        items: [item({ allowedActions: { ...NO_ITEM_ACTIONS, canReviewProof: true } })],
      }),
    );
    renderDrawer();
    await userEvent.click(await screen.findByRole('tab', { name: 'Items' }));
    await screen.findByRole('button', { name: 'Approve Proof' });
    await userEvent.click(screen.getByRole('button', { name: 'Request Changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Changes' }));
    await within(dialog).findByText('Please describe the changes you need.');
    await userEvent.type(within(dialog).getByLabelText('Feedback'), 'Bigger date please');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Changes' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/request-changes'))?.body).toEqual({ feedback: 'Bigger date please' }));
  });

  it('opens on the Items tab with the item in view when its address names one (a card or a notification about it)', async () => {
    const second = item({ id: 'item-2', channel: 'banner', allowedActions: { ...NO_ITEM_ACTIONS, canReviewProof: true } });
    mockApi(detail({ items: [item({ allowedActions: NO_ITEM_ACTIONS }), second] }));
    renderDrawer(undefined, '/request/x?tab=items&item=item-2');
    expect(await screen.findByRole('tab', { name: 'Items' })).toHaveAttribute('aria-selected', 'true');
    const card = await screen.findByRole('heading', { name: 'Banner' });
    const li = card.closest('li')!;
    expect(li).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(li).toHaveFocus());
    expect(within(li).getByRole('button', { name: 'Approve Proof' })).toBeInTheDocument();
  });

  it('opens on the Overview without a tab in its address', async () => {
    mockApi(detail({}));
    renderDrawer();
    expect(await screen.findByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says "not found", not that the database is busy, when the request is not there or not shared', async () => {
    mockApi('missing');
    renderDrawer('viewer');
    await screen.findByText('Request not found. It may have been deleted, or it is not shared with you.');
    expect(screen.queryByText(/database might be busy/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows the error state with Retry and Copy ID', async () => {
    mockApi(null);
    renderDrawer();
    await screen.findByText("Couldn't load request details. The database might be busy. Please try again.");
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy ID' })).toBeInTheDocument();
  });
});
