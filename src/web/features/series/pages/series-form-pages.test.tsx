// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { z } from 'zod';
import type { SeriesDetail, seriesBody } from '@shared/api/series';
import { UNSAVED_MESSAGES } from '@web/components/ui/unsaved-guard';
import { Component as EditSeriesPage } from './edit-series-page';
import { Component as NewSeriesPage } from './new-series-page';
import { mockFetch, renderWithClient, testQueryClient, type Answer } from '@web/test/test-utils';

const ID = '00000000-0000-4000-8000-000000000001';
const owners = [
  { id: '00000000-0000-4000-8000-0000000000a1', fullName: 'Cora Coordinator', role: 'coordinator' },
  { id: '00000000-0000-4000-8000-0000000000a2', fullName: 'Abe Approver', role: 'approver' },
];
const existing: SeriesDetail = {
  id: ID,
  title: 'Genesis',
  tagline: 'Beginnings',
  description: null,
  startSunday: '2030-03-03',
  endSunday: '2030-03-17',
  themeColor: '#0f766e',
  ownerId: '00000000-0000-4000-8000-0000000000a1',
  ownerName: 'Cora Coordinator',
  badge: 'Upcoming',
  weeks: [
    { id: 'w1', sundayDate: '2030-03-03', weekTitle: 'Creation', scripture: 'Genesis 1', blurb: null },
    { id: 'w2', sundayDate: '2030-03-10', weekTitle: 'Week 2', scripture: null, blurb: null },
    { id: 'w3', sundayDate: '2030-03-17', weekTitle: 'Week 3', scripture: null, blurb: null },
  ],
};

/** A save or delete as sent: its address and the series it carries. */
interface Sent {
  url: string;
  body: z.output<typeof seriesBody>;
}

function setup(path: string, answers: { detail?: Answer; save?: Answer; remove?: Answer } = {}) {
  const api = mockFetch({
    'GET /api/series/owners': { body: { items: owners } },
    'GET /api/series/:id': answers.detail ?? { body: existing },
    'POST /api/series': answers.save ?? { status: 201, body: existing },
    'PUT /api/series/:id': answers.save ?? { body: existing },
    'DELETE /api/series/:id': answers.remove ?? { status: 204 },
  });
  const client = testQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/series', element: <p>Series list</p> },
      { path: '/series/new', element: <NewSeriesPage /> },
      { path: '/series/:id', element: <EditSeriesPage /> },
    ],
    { initialEntries: [path] },
  );
  renderWithClient(<RouterProvider router={router} />, { client, toaster: true });
  const sent = (method: string) => api.calls.filter((c) => c.method === method).map(({ url, body }) => ({ url, body }) as Sent);
  return { router, sent };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const weekTitles = () => screen.queryAllByLabelText(/^Week title/).map((i) => (i as HTMLInputElement).value);

describe('New series form', () => {
  it('generates the Weekly Breakdown live from the dates, keeps typed weeks, and saves them in one call', async () => {
    const user = userEvent.setup();
    const { router, sent } = setup('/series/new');
    expect(screen.getByRole('heading', { name: 'Weekly Breakdown' })).toBeInTheDocument();
    expect(screen.getByText('Set both the start and end Sundays to plan the weeks.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Title'), 'Psalms');
    setDate('Start Sunday', '2030-03-03');
    setDate('End Sunday', '2030-03-17');
    expect(weekTitles()).toEqual(['Week 1', 'Week 2', 'Week 3']);
    await user.type(screen.getByLabelText('Scripture (Week 2)'), 'Psalm 23');
    await user.clear(screen.getByLabelText('Week title (Week 2)'));
    await user.type(screen.getByLabelText('Week title (Week 2)'), 'Shepherd');

    // Shortening the range hides week 3; lengthening it again brings every typed week back.
    setDate('End Sunday', '2030-03-10');
    expect(weekTitles()).toEqual(['Week 1', 'Shepherd']);
    setDate('End Sunday', '2030-03-24');
    expect(weekTitles()).toEqual(['Week 1', 'Shepherd', 'Week 3', 'Week 4']);
    expect(screen.getByLabelText('Scripture (Week 2)')).toHaveValue('Psalm 23');

    await user.selectOptions(screen.getByLabelText('Owner'), '00000000-0000-4000-8000-0000000000a2');
    await user.clear(screen.getByLabelText('Theme colour'));
    await user.type(screen.getByLabelText('Theme colour'), '#B91C1C');
    await user.click(screen.getByRole('button', { name: 'Save Series' }));

    await screen.findByText('Series saved successfully!');
    const [post] = sent('POST');
    expect(post.url).toBe('/api/series');
    expect(post.body).toMatchObject({
      title: 'Psalms',
      startSunday: '2030-03-03',
      endSunday: '2030-03-24',
      themeColor: '#B91C1C',
      ownerId: '00000000-0000-4000-8000-0000000000a2',
    });
    expect(post.body.weeks.map((w: { weekTitle: string; scripture: string }) => [w.weekTitle, w.scripture])).toEqual([
      ['Week 1', ''],
      ['Shepherd', 'Psalm 23'],
      ['Week 3', ''],
      ['Week 4', ''],
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/series'));
  });

  it('an earlier start numbers the untouched weeks anew; a typed week stays with its Sunday', async () => {
    const user = userEvent.setup();
    setup('/series/new');
    setDate('Start Sunday', '2030-03-10');
    setDate('End Sunday', '2030-03-17');
    await user.clear(screen.getByLabelText('Week title (Week 1)'));
    await user.type(screen.getByLabelText('Week title (Week 1)'), 'Shepherd');
    setDate('Start Sunday', '2030-03-03');
    expect(weekTitles()).toEqual(['Week 1', 'Shepherd', 'Week 3']);
    expect(screen.getByLabelText('Week title (Week 2)')).toHaveAttribute('id', 'week-2030-03-10-title');
  });

  it('checks the title, Sundays, the order of the dates and the colour before sending', async () => {
    const user = userEvent.setup();
    const { sent } = setup('/series/new');
    setDate('Start Sunday', '2030-03-04');
    expect(screen.getByText('That date is not a Sunday.')).toBeInTheDocument();
    setDate('Start Sunday', '2030-03-17');
    setDate('End Sunday', '2030-03-03');
    expect(screen.getByText('The start Sunday must not be after the end Sunday.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Theme colour'));
    await user.type(screen.getByLabelText('Theme colour'), 'red');
    await user.click(screen.getByRole('button', { name: 'Save Series' }));
    await screen.findByText('Title is required', { selector: '[role=alert]' });
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Enter the theme colour as #rrggbb/, { selector: '[role=alert]' })).toBeInTheDocument();
    expect(screen.getByText('Error saving series')).toBeInTheDocument();
    expect(sent('POST')).toEqual([]);
  });

  it("a refused save keeps the typed text: 'Error saving series weeks' when the server names a week, else 'Error saving series'", async () => {
    const user = userEvent.setup();
    const weekRefusal = {
      status: 400,
      body: {
        error: {
          code: 'validation',
          message: 'Each week must be a Sunday between the start and end Sundays.',
          fields: { 'weeks.0.sundayDate': 'x' },
        },
      },
    };
    const { router } = setup('/series/new', { save: weekRefusal });
    await user.type(screen.getByLabelText('Title'), 'Acts');
    setDate('Start Sunday', '2030-03-03');
    setDate('End Sunday', '2030-03-03');
    await user.type(screen.getByLabelText('Blurb (Week 1)'), 'Pentecost');
    await user.click(screen.getByRole('button', { name: 'Save Series' }));
    await screen.findByText('Error saving series weeks');
    expect(screen.getByText('Each week must be a Sunday between the start and end Sundays.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('Acts');
    expect(screen.getByLabelText('Blurb (Week 1)')).toHaveValue('Pentecost');
    expect(router.state.location.pathname).toBe('/series/new');
  });

  it("an owner refusal toasts 'Error saving series' and marks the owner", async () => {
    const user = userEvent.setup();
    const message = 'Choose an active admin, coordinator, creative or approver as owner.';
    setup('/series/new', { save: { status: 422, body: { error: { code: 'rule_broken', message, fields: { ownerId: message } } } } });
    await user.type(screen.getByLabelText('Title'), 'Acts');
    await screen.findByRole('option', { name: 'Cora Coordinator' });
    await user.selectOptions(screen.getByLabelText('Owner'), '00000000-0000-4000-8000-0000000000a1');
    await user.click(screen.getByRole('button', { name: 'Save Series' }));
    await screen.findByText('Error saving series');
    expect(screen.getByLabelText('Owner')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Edit series form', () => {
  it('fills the form and breakdown from the series and saves with PUT', async () => {
    const user = userEvent.setup();
    const { sent } = setup(`/series/${ID}`);
    expect(await screen.findByLabelText('Title')).toHaveValue('Genesis');
    expect(screen.getByLabelText('Tagline')).toHaveValue('Beginnings');
    expect(screen.getByLabelText('Theme colour')).toHaveValue('#0f766e');
    expect(weekTitles()).toEqual(['Creation', 'Week 2', 'Week 3']);
    expect(screen.getByLabelText('Scripture (Week 1)')).toHaveValue('Genesis 1');
    await user.type(screen.getByLabelText('Scripture (Week 3)'), 'Genesis 12');
    await user.click(screen.getByRole('button', { name: 'Save Series' }));
    await screen.findByText('Series saved successfully!');
    const [put] = sent('PUT');
    expect(put.url).toBe(`/api/series/${ID}`);
    expect(put.body.weeks[0]).toEqual({ sundayDate: '2030-03-03', weekTitle: 'Creation', scripture: 'Genesis 1', blurb: '' });
    expect(put.body.weeks[2].scripture).toBe('Genesis 12');
    expect(put.body.ownerId).toBe('00000000-0000-4000-8000-0000000000a1');
  });

  it("'Error fetching series data' returns to /series", async () => {
    const { router } = setup(`/series/${ID}`, {
      detail: { status: 404, body: { error: { code: 'not_found', message: 'Series not found.' } } },
    });
    await screen.findByText('Error fetching series data');
    await waitFor(() => expect(router.state.location.pathname).toBe('/series'));
  });

  it('deletes only after the confirmation', async () => {
    const user = userEvent.setup();
    const { router, sent } = setup(`/series/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Delete Series' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete “Genesis”?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent('DELETE')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Series' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/series'));
    expect(sent('DELETE').map((d) => d.url)).toEqual([`/api/series/${ID}`]);
  });

  it('deleting the series with unsaved edits leaves without the unsaved-changes question', async () => {
    const user = userEvent.setup();
    const { router } = setup(`/series/${ID}`);
    await user.type(await screen.findByLabelText('Tagline'), ' again');
    await user.click(screen.getByRole('button', { name: 'Delete Series' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/series'));
    expect(screen.queryByRole('alertdialog', { name: UNSAVED_MESSAGES.title })).not.toBeInTheDocument();
  });
});

describe('the series form asks before its unsaved edits are lost', () => {
  it('a new series: Cancel with typed text asks; Cancel stays, Leave goes to the list', async () => {
    const user = userEvent.setup();
    const { router } = setup('/series/new');
    await user.type(screen.getByLabelText('Title'), 'Psalms');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const ask = await screen.findByRole('alertdialog', { name: UNSAVED_MESSAGES.title });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/series/new');
    expect(screen.getByLabelText('Title')).toHaveValue('Psalms');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/series'));
  });

  it('an untouched series leaves at once, and a saved one moves on without asking', async () => {
    const user = userEvent.setup();
    const { router } = setup(`/series/${ID}`);
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/series'));

    await router.navigate(`/series/${ID}`);
    await user.type(await screen.findByLabelText('Scripture (Week 2)'), 'Genesis 3');
    await user.click(screen.getByRole('button', { name: 'Save Series' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/series'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
