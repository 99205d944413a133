// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@shared/api/auth';
import { detailItem, requestDetail } from '@web/test/request-detail';
import { mockFetch, renderWithClient, testQueryClient } from '@web/test/test-utils';
import { ItemsTab } from './items-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MINE = '22222222-2222-4222-8222-222222222221';
const THEIRS = '22222222-2222-4222-8222-222222222222';
const session = {
  user: { id: 'c1', fullName: 'Chloe Creative', email: 'c@example.org', role: 'creative', ministryId: null, passwordResetRequired: false },
  csrfToken: 'x',
} as SessionResponse;

describe("the Items tab's answers", () => {
  it('the assignee accepts or declines their item here; everyone else sees its state and a decline its reason', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'POST /api/assignments/:kind/:id/response': (body, _url, params) => ({
        body: { kind: params.kind, id: params.id, response: (body as { response: string }).response, responseReason: null },
      }),
    });
    const detail = requestDetail({
      items: [
        detailItem({ id: MINE, channel: 'sunday_slide', response: 'pending' }),
        detailItem({
          id: THEIRS,
          channel: 'social_media',
          assignee: { id: 'd1', fullName: 'Dan Designer', isExternal: false },
          response: 'declined',
          responseReason: 'On leave',
        }),
        detailItem({ id: '22222222-2222-4222-8222-222222222223', channel: 'email', assignee: null, response: 'pending' }),
      ],
    });
    renderWithClient(<ItemsTab detail={detail} />, { client: testQueryClient({ session }), toaster: true });
    const items = screen.getAllByRole('listitem').filter((li) => li.hasAttribute('data-item-id'));
    const [mine, theirs, open] = items;
    expect(within(mine).getByText('Pending')).toBeInTheDocument();
    expect(within(theirs).getByText('Declined')).toHaveAttribute('title', 'On leave');
    expect(within(theirs).queryByRole('button', { name: /^Accept/ })).toBeNull();
    expect(within(open).queryByText('Pending')).toBeNull();

    await user.click(within(mine).getByRole('button', { name: /^Decline / }));
    await user.type(within(mine).getByLabelText(/Why you decline/), 'Too much that week');
    await user.click(within(mine).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(api.sent('POST', `/api/assignments/item/${MINE}/response`)).toHaveLength(1));
    expect(api.sent('POST', `/api/assignments/item/${MINE}/response`)[0].body).toEqual({
      response: 'declined',
      reason: 'Too much that week',
    });
  });
});
