// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DetailItem, RequestDetail } from '@shared/api/request-detail';
import { ARCHIVED_READ_ONLY } from '@shared/domain/request-permissions';
import { RequestDrawer } from './request-drawer';
import { testQueryClient } from '@web/test/test-utils';

/** Archiving asks to confirm and counts unfinished items; an archived request is read-only (decision 0007). */
const ID = '33333333-3333-4333-8333-333333333333';
const ADMIN = { canEdit: true, canAdmin: true, canMessage: true, canUpload: true, isViewOnly: false };
const READ_ONLY = { canEdit: false, canAdmin: false, canMessage: false, canUpload: false, isViewOnly: true };
const NO_ITEM_ACTIONS = {
  canUploadProof: false,
  canMarkProofReady: false,
  canReviewProof: false,
  canSetStatus: false,
  nextStatuses: [],
  canReassign: false,
};

let n = 0;
function item(status: DetailItem['status'], over: Partial<DetailItem> = {}): DetailItem {
  n += 1;
  return {
    id: `44444444-4444-4444-8444-${String(n).padStart(12, '0')}`,
    channel: 'sunday_slide',
    status,
    priority: 'medium',
    dueDate: null,
    assignee: null,
    isAdditionalRequest: false,
    additionalRequestStatus: null,
    rejectionReason: null,
    publishedUrl: null,
    latestProofVersion: null,
    allowedActions: NO_ITEM_ACTIONS,
    proofs: [],
    ...over,
  };
}

function detail(over: Partial<RequestDetail>): RequestDetail {
  return {
    id: ID,
    version: 7,
    eventTitle: 'Fall Festival',
    status: 'in_production',
    priority: 'medium',
    tier: 'B',
    ministry: null,
    requester: { id: 'r1', fullName: 'Ruth Requester', role: 'requester', email: 'requester@example.org' },
    coordinator: null,
    promotionStartDate: null,
    eventStartDate: null,
    eventEndDate: null,
    startTime: null,
    endTime: null,
    location: null,
    expectedAttendance: null,
    descriptionShort: null,
    descriptionLong: null,
    targetAudience: null,
    ctaType: 'url',
    ctaUrl: null,
    isImpactInOne: false,
    planningCenterAdded: null,
    planningCenterLink: null,
    infoLink: null,
    registrationLink: null,
    websiteDescription: null,
    designDirection: 'template',
    designNotes: null,
    otherChannelText: null,
    contentCompleteScore: 50,
    submittedAt: '2030-01-01T12:00:00.000Z',
    archivedAt: null,
    items: [],
    pages: {
      assets: { hasMore: false, nextCursor: null },
      activity: { hasMore: false, nextCursor: null },
      messages: { hasMore: false, nextCursor: null },
    },
    assets: [],
    activity: [],
    messages: [],
    viewers: [],
    coordinatorCandidates: [],
    allowedActions: ADMIN,
    ...over,
  };
}

function mockApi(data: RequestDetail) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const body = url === `/api/requests/${ID}` && method === 'GET' ? data : { id: ID, version: 8 };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderDrawer() {
  const client = testQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <RequestDrawer requestId={ID} onClose={() => {}} onDeleted={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
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
    const first = renderDrawer();
    await userEvent.click(await screen.findByRole('button', { name: 'Archive as Recurring' }));
    await screen.findByText('1 item is not finished yet (not approved, published or complete).');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    first.unmount();

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
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    expect(screen.queryByText(ARCHIVED_READ_ONLY)).not.toBeInTheDocument();
  });
});
