// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { BLOCKED_OUT_CODE, PEOPLE_MESSAGES } from '@shared/domain/people-on-sundays';
import { SUNDAY_MESSAGES } from '@shared/domain/planning';
import type { PlanItem, RunwayGroup, SundayDetail } from '@shared/api/sundays';
import { SundayPlanDialog } from './sunday-plan-dialog';
import { SundayDetailsDialog } from './sunday-details-dialog';
import { apiError, mockFetch, renderWithClient, type Answer } from '@web/test/test-utils';

const DATE = '2030-12-01';
const cora = { id: 'c0000000-0000-4000-8000-000000000001', fullName: 'Cora Creative' };
const pastor = { id: 'a0000000-0000-4000-8000-000000000002', fullName: 'Abe Approver' };

const item = (over: Partial<PlanItem>): PlanItem => ({
  id: null,
  taskName: 'Task',
  taskDetails: null,
  url: null,
  fileUrl: null,
  fileName: null,
  isComplete: false,
  assignee: null,
  response: 'pending',
  responseReason: null,
  badge: 'not_started',
  isFileTask: false,
  isScript: false,
  kind: over.isFileTask ? 'file' : 'text',
  dueDate: null,
  oneOff: false,
  ...over,
});
const group = (code: RunwayGroup['runway']['code'], items: PlanItem[], version = 0): RunwayGroup => ({
  runway: { id: `r-${code}`, code, name: code[0].toUpperCase() + code.slice(1), color: '#4f46e5', orderIndex: 0 },
  version,
  readinessPct: 0,
  items,
});

function sunday(over: Partial<SundayDetail> = {}): SundayDetail {
  return {
    sundayDate: DATE,
    servicePlan: { id: null, version: 0 },
    lock: { isLocked: false, lockedBy: null, lockedAt: null },
    readinessPct: 40,
    groups: [
      group('message', [item({ taskName: 'Message slide deck', isFileTask: true })]),
      group(
        'generosity',
        [
          item({ id: 'i1', taskName: 'Giving moment script', isScript: true, isComplete: true, badge: 'complete' }),
          item({ id: 'i2', taskName: 'Giving slide', assignee: cora, badge: 'in_progress' }),
        ],
        3,
      ),
      group('logistics', [item({ taskName: 'Run of show' })]),
      group('media', [item({ taskName: 'Walk-in loop', taskDetails: 'Loop v2', badge: 'needs_assignee', id: 'i3' })], 1),
      group('announcements', [item({ taskName: 'Bulletin copy' })]),
    ],
    sermon: {
      seriesId: null,
      sermonTitle: null,
      teachingPastorId: null,
      pastorResponse: 'accepted',
      pastorResponseReason: null,
      ownerResponse: 'accepted',
      ownerResponseReason: null,
      scriptureReference: null,
      mainIdea: null,
      slidesNeeded: [],
      status: 'Planned',
      ownerId: null,
    },
    sermonComplete: false,
    seriesOptions: [{ id: 's0000000-0000-4000-8000-000000000001', title: 'Rooted' }],
    assignees: [cora],
    pastors: [pastor, cora],
    canEdit: true,
    canLock: true,
    canUnlock: false,
    canAddTask: true,
    lockLog: [],
    ...over,
  };
}

interface Setup {
  detail?: SundayDetail;
  /** The answer to a save of plan items. */
  save?: () => Answer;
  /** The answer to a save of Message Details, given what was sent. */
  saveSermon?: (body: Record<string, unknown>) => Answer;
  dialog?: 'plan' | 'details';
}

function setup({
  detail = sunday(),
  save = () => ({ body: { saved: 1, version: 1 } }),
  saveSermon = () => ({ body: { version: 1 } }),
  dialog = 'plan',
}: Setup = {}) {
  let current = detail;
  const onClose = vi.fn();
  const api = mockFetch({
    'PUT /api/sundays/:date/runways/:code/items': () => save(),
    'PUT /api/sundays/:date/sermon': (body) => saveSermon(body as Record<string, unknown>),
    'POST /api/sundays/:date/lock': () => {
      current = {
        ...current,
        canEdit: false,
        canLock: false,
        lock: { isLocked: true, lockedBy: 'Cal Coordinator', lockedAt: new Date().toISOString() },
      };
      return { body: { sundayDate: DATE, lockedAt: new Date().toISOString(), lockedBy: 'Cal Coordinator' } };
    },
    [`GET /api/sundays/${DATE}`]: () => ({ body: current }),
  });
  const element =
    dialog === 'plan' ? (
      <SundayPlanDialog date={DATE} onClose={onClose} />
    ) : (
      <SundayDetailsDialog date={DATE} section="generosity" onClose={onClose} />
    );
  const router = createMemoryRouter(
    [
      { path: '/runways', element },
      { path: '/elsewhere', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/runways'] },
  );
  renderWithClient(<RouterProvider router={router} />, { toaster: true });
  return { api, onClose, router };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * Waits until a dialog takes the pointer: a modal dialog turns the page's pointer events off, then
 * its own on, a render later; a click in between is refused as if the dialog were covered.
 */
async function takesPointer(dialog: HTMLElement) {
  await waitFor(() => expect(document.body.style.pointerEvents !== 'none' || dialog.style.pointerEvents === 'auto').toBe(true));
}

/** The saves sent, in order: where to and what. */
const puts = (api: ReturnType<typeof mockFetch>) => api.calls.filter((c) => c.method === 'PUT').map(({ url, body }) => ({ url, body }));

describe('the Sunday plan dialog', () => {
  it('reads Not planned, never 100%, for a Sunday without any task, and points to setting up runways', async () => {
    setup({ detail: sunday({ readinessPct: null, groups: [] }) });
    await screen.findByRole('button', { name: 'Save All Changes' });
    const dialog = screen.getByRole('dialog');
    await takesPointer(dialog);
    expect(within(dialog).getByText('Readiness Not planned')).toBeTruthy();
    expect(within(dialog).queryByText(/100%/)).toBeNull();
    expect(within(dialog).getByRole('progressbar', { name: 'Sunday readiness' }).getAttribute('aria-valuetext')).toBe('Not planned');
    expect(within(dialog).getByRole('link', { name: 'Set up runways' }).getAttribute('href')).toBe('/runways/manage');
  });

  it('shows a task’s due date and a one-off task, and offers Unlock Sunday to an admin of a locked Sunday with its history', async () => {
    setup({
      detail: sunday({
        canEdit: true,
        canLock: false,
        canUnlock: true,
        lock: { isLocked: true, lockedBy: 'Cal Coordinator', lockedAt: '2030-11-28T17:00:00.000Z' },
        lockLog: [
          { action: 'locked', by: 'Cal Coordinator', at: '2030-11-28T17:00:00.000Z' },
          { action: 'unlocked', by: 'Ada Admin', at: '2030-11-27T17:00:00.000Z' },
        ],
        groups: [
          group('logistics', [
            item({ taskName: 'Run of show', dueDate: '2030-11-28' }),
            item({ id: 'i9', taskName: 'Baptism towels', oneOff: true, kind: 'check' }),
          ]),
        ],
      }),
    });
    await screen.findByRole('button', { name: 'Save All Changes' });
    const dialog = screen.getByRole('dialog');
    await takesPointer(dialog);
    expect(within(dialog).getByText('Due Thu Nov 28')).toBeTruthy();
    expect(within(dialog).getByText('This Sunday only')).toBeTruthy();
    expect(within(dialog).getByText('Check only: mark it done')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Unlock Sunday' })).toBeTruthy();
    expect(within(within(dialog).getByRole('list', { name: 'Lock history' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows the title, readiness, five groups, the columns, badges and task kinds', async () => {
    setup();
    await screen.findByRole('button', { name: 'Save All Changes' });
    const dialog = screen.getByRole('dialog', { name: 'Plan for December 1, 2030 — Sunday Service Overview' });
    await takesPointer(dialog);
    expect(within(dialog).getByText('Readiness 40%')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent?.replace(/\d+%$/, '')),
    ).toEqual(['Apply a template', 'Message', 'Generosity', 'Logistics', 'Media', 'Announcements']);
    const table = within(dialog).getByRole('table', { name: 'Generosity tasks' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Status', 'Task', 'Details / Link', 'Assigned To', 'Done']);
    expect(within(table).getByText('Complete')).toBeTruthy();
    expect(within(table).getByText('In Progress')).toBeTruthy();
    expect(within(dialog).getByText('Needs Assignee')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Giving moment script details' }).tagName).toBe('TEXTAREA');
    expect(within(dialog).getByRole('button', { name: 'Upload file for Message slide deck' })).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Run of show details or link' }).tagName).toBe('INPUT');
  });

  it("says 'No changes to save.' when nothing was touched, and sends nothing", async () => {
    const user = userEvent.setup();
    const { api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Save All Changes' }));
    await screen.findByText('No changes to save.');
    expect(puts(api)).toEqual([]);
  });

  it('saves only the touched group with the version it loaded; the badge follows the row', async () => {
    const user = userEvent.setup();
    const { api } = setup();
    await screen.findByRole('button', { name: 'Save All Changes' });
    const dialog = screen.getByRole('dialog');
    await takesPointer(dialog);
    const row = within(dialog).getByRole('textbox', { name: 'Run of show details or link' }).closest('tr')!;
    await user.type(within(dialog).getByRole('textbox', { name: 'Run of show details or link' }), 'https://example.org/ros');
    expect(within(row).getByText('Needs Assignee')).toBeTruthy();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Run of show assigned to' }), cora.id);
    expect(within(row).getByText('In Progress')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save All Changes' }));
    await screen.findByText('Changes saved successfully!');
    expect(puts(api)).toEqual([
      {
        url: `/api/sundays/${DATE}/runways/logistics/items`,
        body: {
          version: 0,
          items: [
            {
              id: null,
              taskName: 'Run of show',
              taskDetails: null,
              url: 'https://example.org/ros',
              fileUrl: null,
              isComplete: false,
              assignedToId: cora.id,
            },
          ],
        },
      },
    ]);
  });

  it("a save the server found nothing in says 'No changes to save.'", async () => {
    const user = userEvent.setup();
    setup({ save: () => ({ body: { saved: 0, version: 0 } }) });
    const input = await screen.findByRole('textbox', { name: 'Run of show details or link' });
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));
    await screen.findByText('No changes to save.');
  });

  it('locks after a confirm and then shows the lock text; the editor turns read-only', async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Lock Sunday' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Lock Sunday' });
    await user.click(within(confirm).getByRole('button', { name: 'Lock Sunday' }));
    await screen.findByText('Sunday Locked!');
    await screen.findByText('No further changes can be made by non-admins.');
    expect(screen.getByText(/Locked by Cal Coordinator/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lock Sunday' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Run of show details or link' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('hides Lock Sunday from those who may not lock', async () => {
    setup({ detail: sunday({ canLock: false }) });
    await screen.findByRole('dialog', { name: /Sunday Service Overview/ });
    expect(screen.queryByRole('button', { name: 'Lock Sunday' })).toBeNull();
  });

  it('a stale save keeps the edits, shows the message and offers Reload (after a confirm)', async () => {
    const user = userEvent.setup();
    const { api } = setup({ save: () => apiError(409, 'stale', SUNDAY_MESSAGES.stale) });
    const input = await screen.findByRole('textbox', { name: 'Run of show details or link' });
    await user.type(input, 'Keep me');
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));
    await screen.findByText('Error saving changes');
    expect(within(screen.getByRole('alert')).getByText(SUNDAY_MESSAGES.stale)).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('Keep me');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reload' });
    const sundayReads = () => api.sent('GET', `/api/sundays/${DATE}`).length;
    const reads = sundayReads();
    await user.click(within(confirm).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Run of show details or link' }) as HTMLInputElement).value).toBe(''));
    expect(sundayReads()).toBeGreaterThan(reads);
  });

  it("a 'sunday_locked' answer shows the message and turns the dialog read-only", async () => {
    const user = userEvent.setup();
    setup({ save: () => apiError(422, 'sunday_locked', SUNDAY_MESSAGES.locked) });
    const input = await screen.findByRole('textbox', { name: 'Run of show details or link' });
    await user.type(input, 'Too late');
    await user.click(screen.getByRole('button', { name: 'Save All Changes' }));
    // In the toast (with its title) and in the dialog's banner.
    await screen.findByText('Error saving changes');
    expect(screen.getAllByText(SUNDAY_MESSAGES.locked).length).toBeGreaterThan(0);
    await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(true));
    expect((screen.getByRole('button', { name: 'Save All Changes' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the unsaved-changes guard', () => {
  it('closes at once when clean', async () => {
    const user = userEvent.setup();
    const { onClose } = setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks when dirty: Cancel keeps editing, Discard Changes closes', async () => {
    const user = userEvent.setup();
    const { onClose } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Run of show details or link' }), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const guard = await screen.findByRole('alertdialog', { name: 'You have unsaved changes!' });
    await user.click(within(guard).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard Changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Save & Close saves, then closes; a failed save keeps the dialog open', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { onClose, api } = setup({
      save: () => (fail ? apiError(409, 'stale', SUNDAY_MESSAGES.stale) : { body: { saved: 1, version: 1 } }),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Run of show details or link' }), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save & Close' }));
    await screen.findByText('Error saving changes');
    expect(onClose).not.toHaveBeenCalled();
    fail = false;
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Save & Close' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(puts(api)).toHaveLength(2);
  });

  it('blocks router navigation while dirty', async () => {
    const user = userEvent.setup();
    const { router } = setup();
    await user.type(await screen.findByRole('textbox', { name: 'Run of show details or link' }), 'Draft');
    void router.navigate('/elsewhere');
    const guard = await screen.findByRole('alertdialog', { name: 'You have unsaved changes!' });
    await user.click(within(guard).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/runways');
    void router.navigate('/elsewhere');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard Changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
  });
});

describe('the second dialog', () => {
  it('asks before making someone blocked out that Sunday the teaching pastor; Assign anyway saves again as confirmed', async () => {
    const away = PEOPLE_MESSAGES.blockedOut(pastor.fullName, 'Dec 1, 2030');
    const user = userEvent.setup();
    const { api } = setup({
      dialog: 'details',
      saveSermon: (body) => (body.confirmBlockout ? { body: { version: 1 } } : apiError(409, BLOCKED_OUT_CODE, away)),
    });
    await screen.findByRole('button', { name: 'Save All' });
    const dialog = screen.getByRole('dialog', { name: 'Sunday Plan for December 1, 2030' });
    await takesPointer(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Message Details' }));
    await user.selectOptions(within(dialog).getByLabelText('Teaching pastor'), pastor.id);
    await user.click(within(dialog).getByRole('button', { name: 'Save All' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Blocked out that day' });
    expect(ask.textContent).toContain(away);
    await user.click(within(ask).getByRole('button', { name: 'Assign anyway' }));
    await screen.findByText('Sunday Plan Saved!');
    const sent = puts(api).map((p) => p.body);
    expect(sent).toHaveLength(2);
    expect(sent[0]).not.toHaveProperty('confirmBlockout');
    expect(sent[1]).toMatchObject({ teachingPastorId: pastor.id, confirmBlockout: true });
  });

  it('opens on its section, edits the sermon with the check-mark rule and saves with its own toast', async () => {
    const user = userEvent.setup();
    const { api } = setup({ dialog: 'details' });
    await screen.findByRole('button', { name: 'Save All' });
    const dialog = screen.getByRole('dialog', { name: 'Sunday Plan for December 1, 2030' });
    await takesPointer(dialog);
    expect(within(dialog).getByRole('button', { name: 'Generosity' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Message Details' }).getAttribute('aria-expanded')).toBe('false');
    // The open Generosity section is built: its plan items are there to edit (guide/sunday-planning.md#the-sunday-plan-dialog).
    expect(within(dialog).getAllByRole('combobox', { name: / assigned to$/ }).length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Message Details' }));
    expect(within(dialog).queryByRole('img', { name: 'Message details complete' })).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Series'), 'Rooted');
    await user.type(within(dialog).getByLabelText('Sermon title'), 'Deep roots');
    await user.selectOptions(within(dialog).getByLabelText('Teaching pastor'), pastor.id);
    expect(within(dialog).queryByRole('img', { name: 'Message details complete' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Scripture reference'), 'Colossians 2:6');
    expect(within(dialog).getByRole('img', { name: 'Message details complete' })).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Key Point Slides' }));
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Finalized');
    await user.click(within(dialog).getByRole('button', { name: 'Save All' }));
    await screen.findByText('Sunday Plan Saved!');
    expect(puts(api)).toEqual([
      {
        url: `/api/sundays/${DATE}/sermon`,
        body: expect.objectContaining({
          version: 0,
          sermonTitle: 'Deep roots',
          teachingPastorId: pastor.id,
          pastorResponse: 'accepted',
          pastorResponseReason: null,
          ownerResponse: 'accepted',
          ownerResponseReason: null,
          scriptureReference: 'Colossians 2:6',
          slidesNeeded: ['Key Point Slides'],
          status: 'Finalized',
        }),
      },
    ]);
  });
});
