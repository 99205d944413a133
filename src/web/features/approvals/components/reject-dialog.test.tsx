// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPROVAL_MESSAGES, REJECTION_REASONS, type ApprovalItem } from '@shared/api/approvals';
import { RejectDialog } from './reject-dialog';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';

const item: ApprovalItem = {
  id: '11111111-1111-4111-8111-111111111111',
  requestId: '22222222-2222-4222-8222-222222222222',
  eventTitle: 'Marriage Retreat',
  ministryName: 'Worship',
  requesterName: 'Ruth Requester',
  channel: 'mass_email',
  tier: 'C',
  dueDate: '2030-01-01',
  submittedAt: '2029-12-01T10:00:00.000Z',
  suggestedReason: null,
};

function setup(status = 200, shown: ApprovalItem = item) {
  const api = mockFetch({
    'POST /api/approvals/:id/reject':
      status === 200
        ? { body: { id: item.id, additionalRequestStatus: 'rejected', rejectionReason: 'x' } }
        : apiError(status, 'conflict', APPROVAL_MESSAGES.notPending),
  });
  const onOpenChange = vi.fn();
  renderWithClient(<RejectDialog item={shown} onOpenChange={onOpenChange} />, { toaster: true });
  return { api, onOpenChange };
}

/** The body of the first request sent. */
const sentBody = (api: ReturnType<typeof mockFetch>) => api.calls[0].body;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('rejection dialog', () => {
  it('pre-selects the reason the queue suggests for a full week or a passed due date, and sends it', async () => {
    const { api } = setup(200, { ...item, suggestedReason: 'Too many concurrent promotions - scheduling conflict' });
    expect(screen.getByRole('radio', { name: 'Too many concurrent promotions - scheduling conflict' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Reject Item' }));
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(sentBody(api)).toEqual({ reason: 'Too many concurrent promotions - scheduling conflict' });
  });

  it('pre-selects nothing when nothing is suggested', () => {
    setup();
    for (const reason of REJECTION_REASONS) expect(screen.getByRole('radio', { name: reason })).not.toBeChecked();
  });

  it('lists the preset reasons verbatim and Other', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Reject Additional Item' })).toBeInTheDocument();
    for (const reason of REJECTION_REASONS) expect(screen.getByRole('radio', { name: reason })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Other' })).toBeInTheDocument();
  });

  it('needs a chosen reason', async () => {
    const { api } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Reject Item' }));
    await screen.findByText(APPROVAL_MESSAGES.reasonRequired);
    expect(api.calls).toEqual([]);
  });

  it("needs text after trimming when 'Other' is chosen", async () => {
    const { api, onOpenChange } = setup();
    await userEvent.click(screen.getByRole('radio', { name: 'Other' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject Item' }));
    await screen.findByText(APPROVAL_MESSAGES.otherTextRequired);
    await userEvent.type(screen.getByLabelText('Please describe the reason'), '    ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject Item' }));
    expect(screen.getByText(APPROVAL_MESSAGES.otherTextRequired)).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    await userEvent.type(screen.getByLabelText('Please describe the reason'), ' Video team is booked ');
    await userEvent.click(screen.getByRole('button', { name: 'Reject Item' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0].url).toBe(`/api/approvals/${item.id}/reject`);
    expect(sentBody(api)).toEqual({ reason: 'Other', otherText: 'Video team is booked' });
    await screen.findByText('Item rejected');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('sends a preset reason as it is, and shows the failure toast', async () => {
    const { api } = setup(409);
    await userEvent.click(screen.getByRole('radio', { name: REJECTION_REASONS[2] }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject Item' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(sentBody(api)).toEqual({ reason: 'Insufficient lead time for this type of promotion' });
    await screen.findByText('Failed to reject item');
  });
});
