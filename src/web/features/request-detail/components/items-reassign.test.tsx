// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilityAnswer } from '@shared/api/people';
import type { AssigneeOption } from '@shared/api/tasks';
import { detailItem, ITEM_ID, NO_ITEM_ACTIONS, requestDetail } from '@web/test/request-detail';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';
import { ItemsTab } from './items-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DUE = '2030-03-14';
const person = (id: string, fullName: string): AssigneeOption => ({ id, fullName, role: 'creative', isExternal: false });
const chloe = person('c1', 'Chloe Creative');
const dan = person('d1', 'Dan Decliner');
const al = person('a1', 'Al Away');
const availability: AvailabilityAnswer = {
  date: DUE,
  people: [
    { id: chloe.id, fullName: chloe.fullName, role: 'creative', blockout: null, declined: false, weekLoad: 10 },
    { id: dan.id, fullName: dan.fullName, role: 'creative', blockout: null, declined: true, weekLoad: 0 },
    {
      id: al.id,
      fullName: al.fullName,
      role: 'creative',
      blockout: { startsOn: DUE, endsOn: DUE, reason: null },
      declined: false,
      weekLoad: 0,
    },
  ],
  replacements: [],
  openSuggestions: [],
};
const BLOCKED = 'Al Away is blocked out on Mar 14, 2030. Assign them anyway only if you have checked with them.';
const ASSIGN = `/api/tasks/${ITEM_ID}/assign`;

function renderTab() {
  const detail = requestDetail({
    items: [detailItem({ dueDate: DUE, allowedActions: { ...NO_ITEM_ACTIONS, canReassign: true } })],
  });
  renderWithClient(<ItemsTab detail={detail} />, { toaster: true });
}

describe("the Items tab's reassign picker", () => {
  it("marks each person with the due date's availability once reached, and assigns someone blocked out only once confirmed", async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'GET /api/users/assignees': { body: { items: [chloe, dan, al] } },
      'GET /api/availability': { body: availability },
      'POST /api/tasks/:id/assign': (body) =>
        (body as { confirmBlockout?: boolean }).confirmBlockout
          ? { body: { id: ITEM_ID, assignee: { id: al.id, fullName: al.fullName, isExternal: false } } }
          : apiError(409, 'blocked_out', BLOCKED),
    });
    renderTab();
    const picker = await screen.findByRole('combobox', { name: 'Assignee of Sunday Slide Deck' });
    // A drawer of items reads no day until someone is about to choose.
    expect(api.calls.some((c) => c.url.startsWith('/api/availability'))).toBe(false);
    await user.click(picker);
    await within(picker).findByRole('option', { name: 'Al Away (blocked out)' });
    expect(within(picker).getByRole('option', { name: 'Dan Decliner (declined)' })).toBeInTheDocument();
    expect(within(picker).getByRole('option', { name: 'Chloe Creative (10 this week)' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === `/api/availability?date=${DUE}`)).toHaveLength(1);

    await user.selectOptions(picker, al.id);
    const ask = await screen.findByRole('alertdialog', { name: 'Blocked out that day' });
    expect(within(ask).getByText(BLOCKED)).toBeInTheDocument();
    expect(api.sent('POST', ASSIGN)).toHaveLength(1);
    expect(api.sent('POST', ASSIGN)[0].body).toEqual({ assigneeId: al.id });
    // The refusal is the question, not a failure toast.
    expect(screen.queryByText('Reassignment failed')).toBeNull();
    // The select shows the saved assignee until the answer.
    expect(picker).toHaveValue(chloe.id);

    await user.click(within(ask).getByRole('button', { name: 'Assign anyway' }));
    await waitFor(() => expect(api.sent('POST', ASSIGN)).toHaveLength(2));
    expect(api.sent('POST', ASSIGN)[1].body).toEqual({ assigneeId: al.id, confirmBlockout: true });
    expect(await screen.findByText('Reassignment successful!')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Cancel sends nothing more; another refusal is the failure toast with its reason', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'GET /api/users/assignees': { body: { items: [chloe, dan, al] } },
      'GET /api/availability': { body: availability },
      'POST /api/tasks/:id/assign': (body) =>
        (body as { assigneeId: string }).assigneeId === al.id
          ? apiError(409, 'blocked_out', BLOCKED)
          : apiError(409, 'conflict', 'Someone changed this item first.'),
    });
    renderTab();
    const picker = await screen.findByRole('combobox', { name: 'Assignee of Sunday Slide Deck' });
    await user.selectOptions(picker, al.id);
    const ask = await screen.findByRole('alertdialog', { name: 'Blocked out that day' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.sent('POST', ASSIGN)).toHaveLength(1);
    expect(picker).toHaveValue(chloe.id);

    await user.selectOptions(picker, dan.id);
    expect(await screen.findByText('Reassignment failed')).toBeInTheDocument();
    expect(screen.getByText('Someone changed this item first.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(picker).toHaveValue(chloe.id);
  });
});
