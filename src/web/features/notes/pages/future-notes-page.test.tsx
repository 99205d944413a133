// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Note } from '@shared/api/notes';
import { notesQuery } from '../api/get-notes';
import { Component as FutureNotesPage } from './future-notes-page';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';

configure({ asyncUtilTimeout: 5000 });

const ME = '11111111-1111-4111-8111-111111111111';
const YOUTH = '22222222-2222-4222-8222-222222222222';

const note = (over: Partial<Note>): Note => ({
  id: crypto.randomUUID(),
  title: 'A note',
  category: 'sunday',
  status: 'draft',
  targetDate: null,
  ministryId: null,
  ministryName: null,
  ownerId: null,
  ownerName: null,
  description: null,
  planItemId: null,
  canMoveToRunway: false,
  ...over,
});

const advent = note({
  title: 'Advent series',
  status: 'planned',
  targetDate: '2041-03-06',
  category: 'videos',
  canMoveToRunway: true,
  ownerName: 'Caleb',
});
const easter = note({ title: 'Easter push', ministryId: YOUTH, ministryName: 'Youth' });

interface Options {
  coordinator?: boolean;
  items?: Note[];
  listStatus?: number;
  saveStatus?: number;
  url?: string;
}

function setup({
  coordinator = true,
  items = [advent, easter],
  listStatus = 200,
  saveStatus = 200,
  url = '/runways/planning',
}: Options = {}) {
  const save = () =>
    saveStatus === 200 ? { body: { note: easter } } : apiError(saveStatus, 'rule_broken', 'Choose an owner from the list.');
  const api = mockFetch({
    'GET /api/auth/session': { body: { user: { id: ME, role: coordinator ? 'coordinator' : 'creative', fullName: 'Me' }, csrfToken: 't' } },
    'GET /api/notes/owners': { body: { items: [{ id: ME, fullName: 'Me' }] } },
    'GET /api/ministries': { body: [{ id: YOUTH, name: 'Youth', defaultTier: 'B', active: true }] },
    'GET /api/runways': { body: { items: [{ id: 'r1', code: 'media', name: 'Media', color: '#000', orderIndex: 0 }] } },
    'POST /api/notes/:id/move-to-runway': {
      body: {
        note: { ...advent, status: 'moved_to_runway' },
        sundayDate: '2041-03-10',
        runwayCode: 'media',
        runwayName: 'Media',
        taskName: 'Advent series',
      },
    },
    'POST /api/notes': save,
    'PUT /api/notes/:id': save,
    'DELETE /api/notes/:id': { body: { id: easter.id } },
    'GET /api/notes': listStatus === 200 ? { body: { items } } : apiError(listStatus, 'rule_broken', 'boom'),
  });
  const router = createMemoryRouter([{ path: '/runways/planning', element: <FutureNotesPage /> }], { initialEntries: [url] });
  renderWithClient(<RouterProvider router={router} />, { toaster: true });
  /** The calls of `method`, in order: where to and what was sent. */
  const calls = (method: string) => api.calls.filter((c) => c.method === method).map(({ url, body }) => ({ url, body }));
  return { api, router, calls };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const table = async () => screen.findByRole('table');

describe('Future Planning Notes', () => {
  it("reloads live: its query keys start with 'notes'", () => {
    expect(notesQuery('', '').queryKey[0]).toBe('notes');
  });

  it('shows the tab bar, the table with its columns, and Move to Runway Now only where the server allows it', async () => {
    setup();
    const rows = within(await table()).getAllByRole('row');
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole('columnheader')
          .map((h) => h.textContent),
      )[0],
    ).toEqual(['Title', 'Category', 'Status', 'Target Date', 'Ministry', 'Owner', 'Actions']);
    expect(rows[1]).toHaveTextContent(/Advent series.*Videos.*Planned.*Mar 6, 2041.*Caleb/);
    expect(within(rows[1]).getByRole('button', { name: 'Move to Runway Now' })).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button', { name: 'Move to Runway Now' })).toBeNull();
    expect(within(rows[2]).getByRole('button', { name: 'Edit Easter push' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'All Runways' });
  });

  it('a creative sees only the Planning tab', async () => {
    setup({ coordinator: false, items: [easter] });
    await table();
    expect(screen.getByRole('link', { name: 'Planning' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'All Runways' })).toBeNull();
  });

  it('filters by status chip and by search', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await table();
    const chips = screen.getByRole('group', { name: 'Filter by status' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Draft', 'Planned', 'On Runway', 'Archived']);
    await user.click(within(chips).getByRole('button', { name: 'On Runway' }));
    expect(within(chips).getByRole('button', { name: 'On Runway' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(calls('GET').some((c) => c.url === '/api/notes?status=moved_to_runway')).toBe(true));
    await user.type(screen.getByLabelText('Search notes'), 'advent');
    await waitFor(() => expect(calls('GET').some((c) => c.url === '/api/notes?search=advent&status=moved_to_runway')).toBe(true));
  });

  it('shows the empty and the error states', async () => {
    setup({ items: [] });
    await screen.findByText('No notes yet. Add one to plan beyond the next six weeks.');
    cleanup();
    setup({ listStatus: 500 });
    await screen.findByText('Error fetching future notes');
  });

  it("Add Note: 'Title is required' stops the save; a valid note is posted with empty fields as null and the owner preset to me", async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await table();
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Note' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save Note' }));
    await within(dialog).findByText('Title is required');
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(calls('POST')).toEqual([]);
    expect((within(dialog).getByLabelText('Category') as HTMLSelectElement).value).toBe('sunday');
    expect(
      within(dialog)
        .getAllByRole('option')
        .filter((o) => o.closest('select')?.id === 'note-category'),
    ).toHaveLength(7);
    await user.type(within(dialog).getByLabelText('Title'), 'Harvest');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'planned');
    await user.click(within(dialog).getByRole('button', { name: 'Save Note' }));
    await waitFor(() =>
      expect(calls('POST')).toEqual([
        {
          url: '/api/notes',
          body: {
            title: 'Harvest',
            category: 'sunday',
            status: 'planned',
            targetDate: null,
            ministryId: null,
            ownerId: ME,
            description: null,
          },
        },
      ]),
    );
    await screen.findByText('Note saved successfully!');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("?new=1 opens Add Note; a refused save says 'Error saving note' with the server's reason and keeps the dialog", async () => {
    const user = userEvent.setup();
    setup({ url: '/runways/planning?new=1', saveStatus: 422 });
    const dialog = await screen.findByRole('dialog', { name: 'Add Note' });
    await user.type(await within(dialog).findByLabelText('Title'), 'Harvest');
    await user.click(within(dialog).getByRole('button', { name: 'Save Note' }));
    await screen.findByText('Error saving note');
    expect(screen.getByText('Choose an owner from the list.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Note' })).toBeInTheDocument();
  });

  it('edits a note with its values filled in', async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(within(await table()).getByRole('button', { name: 'Edit Easter push' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Note' });
    expect(await within(dialog).findByLabelText('Title')).toHaveValue('Easter push');
    expect(within(dialog).getByLabelText('Ministry')).toHaveValue(YOUTH);
    await user.click(within(dialog).getByRole('button', { name: 'Save Note' }));
    await waitFor(() => expect(calls('PUT').map((c) => c.url)).toEqual([`/api/notes/${easter.id}`]));
  });

  it('?note=<id> (a future note on the runways dashboard) opens that note; closing drops it from the address', async () => {
    const user = userEvent.setup();
    setup({ url: `/runways/planning?note=${easter.id}` });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Note' });
    expect(await within(dialog).findByLabelText('Title')).toHaveValue('Easter push');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Note' })).not.toBeInTheDocument());
  });

  it("deletes only after 'Are you sure you want to delete this note?'", async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(within(await table()).getByRole('button', { name: 'Delete Easter push' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask).toHaveTextContent('Are you sure you want to delete this note?');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(calls('DELETE')).toEqual([]);
    await user.click(within(await table()).getByRole('button', { name: 'Delete Easter push' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('DELETE').map((c) => c.url)).toEqual([`/api/notes/${easter.id}`]));
    await screen.findByText('Note deleted successfully');
  });

  it("Move to Runway Now says where the note lands, then 'Success!'", async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    await user.click(within(await table()).getByRole('button', { name: 'Move to Runway Now' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Move to Runway Now' });
    await waitFor(() => expect(ask).toHaveTextContent("'Advent series' becomes a task on the Media runway plan for Sunday Mar 10, 2041"));
    await user.click(within(ask).getByRole('button', { name: 'Move to Runway' }));
    await waitFor(() => expect(calls('POST').map((c) => c.url)).toEqual([`/api/notes/${advent.id}/move-to-runway`]));
    await screen.findByText('Success!');
    expect(screen.getByText("'Advent series' is on the Media runway for Sunday Mar 10, 2041.")).toBeInTheDocument();
  });
});
