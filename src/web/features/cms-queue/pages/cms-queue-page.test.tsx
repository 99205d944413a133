// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CMS_QUEUE_MESSAGES, type CmsQueueItem, type CmsQueuePage } from '@shared/api/cms-queue';
import { dismissToast } from '@web/components/ui/toaster';
import { cmsQueueQuery } from '../api/get-cms-queue';
import { Component as CmsQueuePageScreen } from './cms-queue-page';
import { mockFetch, renderWithClient } from '@web/test/test-utils';

const TODAY = '2030-03-10';
const item = (n: number, over: Partial<CmsQueueItem> = {}): CmsQueueItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  requestId: 'aaaaaaaa-0000-4000-8000-000000000001',
  channel: 'website_event_page',
  status: 'approved',
  dueDate: '2030-03-08',
  eventTitle: `Event ${n}`,
  ministryName: 'Youth',
  assigneeName: null,
  ...over,
});

function setup(pages: CmsQueuePage[], { publishStatus = 200 }: { publishStatus?: number } = {}) {
  const api = mockFetch({
    'POST /api/cms-queue/:id/publish':
      publishStatus === 200
        ? { body: { id: 'x', status: 'published', publishedDate: TODAY, publishedUrl: 'https://example.org', requestStatus: 'complete' } }
        : {
            status: publishStatus,
            body: {
              error: {
                code: 'rule_broken',
                message: CMS_QUEUE_MESSAGES.dateInFuture,
                fields: { publishedDate: CMS_QUEUE_MESSAGES.dateInFuture },
              },
            },
          },
    'GET /api/cms-queue': (_body, url) => ({ body: new URL(url, 'http://x').searchParams.get('cursor') ? pages[1] : pages[0] }),
  });
  const router = createMemoryRouter([{ path: '/cms-queue', element: <CmsQueuePageScreen /> }], { initialEntries: ['/cms-queue'] });
  renderWithClient(<RouterProvider router={router} />, { toaster: true });
  return { api };
}

afterEach(() => {
  cleanup();
  act(() => dismissToast());
  vi.unstubAllGlobals();
});

/** The posts sent, in order: where to and what. */
const posts = (api: ReturnType<typeof mockFetch>) => api.calls.filter((c) => c.method === 'POST').map(({ url, body }) => ({ url, body }));

describe('CMS Queue', () => {
  it('reloads live: its query key starts with requests', () => {
    expect(cmsQueueQuery.queryKey[0]).toBe('requests');
  });

  it('says so when nothing waits', async () => {
    setup([{ items: [], nextCursor: null, total: 0, today: TODAY }]);
    await screen.findByText(CMS_QUEUE_MESSAGES.empty);
    expect(screen.getByRole('heading', { name: 'CMS Queue' })).toBeInTheDocument();
  });

  it('lists the items with channel, due date and overdue label, and loads the next page', async () => {
    const user = userEvent.setup();
    setup([
      { items: [item(1), item(2, { dueDate: null, channel: 'email_feature' })], nextCursor: 'none|x', total: 3, today: TODAY },
      { items: [item(3)], nextCursor: null, total: 3, today: TODAY },
    ]);
    const list = await screen.findByRole('list', { name: 'Items waiting to be published' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Overdue by 2 days')).toBeInTheDocument();
    expect(within(list).getByText('Email Newsletter Feature')).toBeInTheDocument();
    expect(within(list).getByText('No due date')).toBeInTheDocument();
    expect(screen.getByText('3 waiting')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('Mark Published checks the URL, then sends the date and URL and says so', async () => {
    const user = userEvent.setup();
    const { api } = setup([{ items: [item(1)], nextCursor: null, total: 1, today: TODAY }]);
    await user.click(await screen.findByRole('button', { name: /Mark Published: Website Event Page for Event 1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Published' });
    expect(within(dialog).getByLabelText('Published date')).toHaveValue(TODAY);
    await user.type(within(dialog).getByLabelText('Live URL'), 'http://insecure.example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Mark Published' }));
    await within(dialog).findByText(CMS_QUEUE_MESSAGES.urlInvalid);
    expect(posts(api)).toEqual([]);
    await user.clear(within(dialog).getByLabelText('Live URL'));
    await user.type(within(dialog).getByLabelText('Live URL'), 'https://example.org/events/1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark Published' }));
    await screen.findByText(CMS_QUEUE_MESSAGES.published);
    expect(posts(api)).toEqual([
      { url: `/api/cms-queue/${item(1).id}/publish`, body: { publishedDate: TODAY, publishedUrl: 'https://example.org/events/1' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal on the field and in a toast, and keeps the dialog open', async () => {
    const user = userEvent.setup();
    setup([{ items: [item(1)], nextCursor: null, total: 1, today: TODAY }], { publishStatus: 422 });
    await user.click(await screen.findByRole('button', { name: /Mark Published: / }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Published' });
    await user.type(within(dialog).getByLabelText('Live URL'), 'https://example.org/x');
    await user.click(within(dialog).getByRole('button', { name: 'Mark Published' }));
    await screen.findByText(CMS_QUEUE_MESSAGES.publishFailed);
    expect(
      within(dialog).getByText(CMS_QUEUE_MESSAGES.dateInFuture, { selector: '[id="published-date-error"], [id="published-date-error"] *' }),
    ).toBeInTheDocument();
  });
});
