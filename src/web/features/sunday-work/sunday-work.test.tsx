// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SundayWorkDto } from '@shared/api/sunday-work';
import type { SundayDetail } from '@shared/api/sundays';
import type { SlidesResponse, SocialResponse, VideosResponse } from '@shared/api/sunday-media';
import { SUNDAY_MESSAGES } from '@shared/domain/planning';
import { mockFetch, renderWithClient } from '@web/test/test-utils';
import { SundayWorkSection } from './components/sunday-work-section';
import { CalendarGrid } from '@web/features/calendar/components/calendar-grid';
import { monthGrid } from '@shared/domain/calendar';
import { render } from '@testing-library/react';
import { Component as SundayPage } from './pages/sunday-page';

const ME = '11111111-0000-4000-8000-000000000001';
const OTHER = '11111111-0000-4000-8000-000000000002';
const DATE = '2031-01-05';
const V_MINE = '22222222-0000-4000-8000-000000000001';
const V_THEIRS = '22222222-0000-4000-8000-000000000002';
const T_MINE = '33333333-0000-4000-8000-000000000001';

const session = {
  user: { id: ME, fullName: 'Casey Creative', email: 'c@example.org', role: 'creative', ministryId: null, passwordResetRequired: false },
  csrfToken: 'x',
};

const work = (over: Partial<SundayWorkDto>): SundayWorkDto => ({
  kind: 'video',
  id: V_MINE,
  sundayDate: DATE,
  dueDate: DATE,
  title: 'Baptism story',
  status: 'planned',
  runwayCode: null,
  runwayName: null,
  response: 'accepted',
  responseReason: null,
  path: `/sundays/${DATE}?focus=video:${V_MINE}`,
  ...over,
});

function detail(isLocked = false): SundayDetail {
  return {
    sundayDate: DATE,
    servicePlan: { id: 'p', version: 3 },
    lock: { isLocked, lockedBy: isLocked ? 'Admin' : null, lockedAt: null },
    lockLog: [],
    canUnlock: false,
    canAddTask: false,
    readinessPct: 0,
    groups: [
      {
        runway: { id: 'r', code: 'media', name: 'Media', color: '#000', orderIndex: 0 },
        version: 1,
        readinessPct: 0,
        items: [
          {
            id: T_MINE,
            taskName: 'Walk-in loop',
            taskDetails: null,
            url: null,
            fileUrl: null,
            fileName: null,
            isComplete: false,
            assignee: { id: ME, fullName: 'Casey Creative' },
            response: 'pending',
            responseReason: null,
            badge: 'in_progress',
            isFileTask: false,
            isScript: false,
            kind: 'text',
            dueDate: null,
            oneOff: false,
          },
        ],
      },
    ],
    sermon: {
      seriesId: null,
      sermonTitle: 'Living Water',
      teachingPastorId: OTHER,
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
    seriesOptions: [],
    assignees: [],
    pastors: [{ id: OTHER, fullName: 'Pat Pastor' }],
    canEdit: false,
    canLock: false,
  };
}

const video = (id: string, title: string, ownerId: string, ownerName: string) => ({
  id,
  title,
  type: 'story' as const,
  ministryId: null,
  ministryName: null,
  description: null,
  status: 'planned' as const,
  ownerId,
  ownerName,
  durationSeconds: null,
  orderInService: 0,
  response: 'accepted' as const,
  responseReason: null,
});

const videos = (isLocked = false): VideosResponse => ({
  sundayDate: DATE,
  version: 3,
  isLocked,
  canEdit: false,
  videos: [video(V_MINE, 'Baptism story', ME, 'Casey Creative'), video(V_THEIRS, 'Mission update', OTHER, 'Pat Pastor')],
  counts: { ready: 0, inProgress: 0, planned: 2 },
  owners: [],
  ministries: [],
});

const S_MINE = '00000000-0000-4000-8000-0000000005a1';
const S_THEIRS = '00000000-0000-4000-8000-0000000005a2';
const slide = (id: string, title: string, ownerId: string | null, ownerName: string | null) => ({
  id,
  title,
  type: 'weekly' as const,
  active: true,
  orderIndex: 0,
  ownerId,
  ownerName,
  isComplete: false,
});
const slides = (isLocked = false): SlidesResponse => ({
  sundayDate: DATE,
  version: 3,
  isLocked,
  canEdit: false,
  canEditRecurring: false,
  recurring: [],
  weekly: [slide(S_MINE, 'Baptism slide', ME, 'Casey Creative'), slide(S_THEIRS, 'Mission slide', OTHER, 'Pat Pastor')],
  owners: [],
});

const social = (isLocked = false): SocialResponse => ({
  sundayDate: DATE,
  version: 3,
  isLocked,
  canEdit: false,
  canLock: false,
  posts: [],
  owners: [],
  campaignOptions: [],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My Tasks: Sunday work', () => {
  it('lists each piece with its Sunday and due date, links to the Sunday opened on it, and finishes it with one press', async () => {
    const api = mockFetch({
      'GET /api/sunday-work': {
        body: {
          items: [
            work({}),
            work({ kind: 'task', id: T_MINE, title: 'Walk-in loop', runwayName: 'Media', path: `/sundays/${DATE}?focus=task:${T_MINE}` }),
          ],
          nextCursor: null,
        },
      },
      'PATCH /api/sunday-work/videos/:id': { body: { id: V_MINE, sundayDate: DATE, version: 4 } },
    });
    renderWithClient(
      <MemoryRouter>
        <SundayWorkSection />
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: 'Baptism story' });
    expect(link).toHaveAttribute('href', `/sundays/${DATE}?focus=video:${V_MINE}`);
    expect(screen.getAllByText('Sunday Jan 5, 2031 · Due Jan 5, 2031')).toHaveLength(2);
    expect(screen.getByText(/Sunday task · Media/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark ready: Baptism story' }));
    await waitFor(() => expect(api.sent('PATCH', `/api/sunday-work/videos/${V_MINE}`)).toHaveLength(1));
    expect(api.sent('PATCH', `/api/sunday-work/videos/${V_MINE}`)[0].body).toEqual({ status: 'ready' });
  });

  it("asks the person's answer on a video or post as on a runway task; a slide is not asked", async () => {
    const api = mockFetch({
      'GET /api/sunday-work': {
        body: {
          items: [
            work({ response: 'pending' }),
            work({ kind: 'slide', id: S_MINE, title: 'Welcome slide', response: null, path: `/sundays/${DATE}?focus=slide:${S_MINE}` }),
          ],
          nextCursor: null,
        },
      },
      'POST /api/assignments/:kind/:id/response': (_body, _url, params) => ({
        body: { kind: params.kind, id: params.id, response: 'accepted', responseReason: null },
      }),
    });
    renderWithClient(
      <MemoryRouter>
        <SundayWorkSection />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Accept Baptism story' }));
    await waitFor(() => expect(api.sent('POST', `/api/assignments/video/${V_MINE}/response`)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Accept Welcome slide' })).toBeNull();
  });

  it('says so when nothing is assigned', async () => {
    mockFetch({ 'GET /api/sunday-work': { body: { items: [], nextCursor: null } } });
    renderWithClient(
      <MemoryRouter>
        <SundayWorkSection />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No Sunday work assigned to you.')).toBeInTheDocument();
  });
});

describe('the Sunday page', () => {
  const open = (isLocked: boolean, focus = `video:${V_MINE}`) => {
    const api = mockFetch({
      'GET /api/auth/session': { body: session },
      [`GET /api/sundays/${DATE}`]: { body: detail(isLocked) },
      [`GET /api/sundays/${DATE}/videos`]: { body: videos(isLocked) },
      [`GET /api/sundays/${DATE}/slides`]: { body: slides(isLocked) },
      [`GET /api/sundays/${DATE}/social`]: { body: social(isLocked) },
      'PATCH /api/sunday-work/tasks/:id': { body: { id: T_MINE, sundayDate: DATE, version: 4 } },
      'PATCH /api/sunday-work/slides/:id': { body: { id: S_MINE, sundayDate: DATE, version: 5 } },
    });
    renderWithClient(
      <MemoryRouter initialEntries={[`/sundays/${DATE}?focus=${focus}`]}>
        <Routes>
          <Route path="/sundays/:date" element={<SundayPage />} />
        </Routes>
      </MemoryRouter>,
    );
    return api;
  };

  it('opens on the focused piece, offers the reader only their own open work, and reads the rest', async () => {
    const api = open(false);
    const mine = await screen.findByText('Baptism story');
    const row = mine.closest('li')!;
    await waitFor(() => expect(document.activeElement).toBe(row));
    expect(row).toHaveAttribute('aria-current', 'true');
    expect(within(row).getByRole('button', { name: 'Mark ready: Baptism story' })).toBeInTheDocument();
    const theirs = screen.getByText('Mission update').closest('li')!;
    expect(within(theirs).queryByRole('button')).toBeNull();
    expect(screen.getByText(/Teaching pastor: Pat Pastor/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Mark complete: Walk-in loop' }));
    await waitFor(() => expect(api.sent('PATCH', `/api/sunday-work/tasks/${T_MINE}`)).toHaveLength(1));
    expect(api.sent('PATCH', `/api/sunday-work/tasks/${T_MINE}`)[0].body).toEqual({ isComplete: true });
  });

  it("shows the week's slides; the reader completes their own slide, not another's", async () => {
    const api = open(false, `slide:${S_MINE}`);
    const mine = (await screen.findByText('Baptism slide')).closest('li')!;
    await waitFor(() => expect(document.activeElement).toBe(mine));
    expect(within(screen.getByText('Mission slide').closest('li')!).queryByRole('button')).toBeNull();
    await userEvent.click(within(mine).getByRole('button', { name: 'Mark complete: Baptism slide' }));
    await waitFor(() => expect(api.sent('PATCH', `/api/sunday-work/slides/${S_MINE}`)).toHaveLength(1));
    expect(api.sent('PATCH', `/api/sunday-work/slides/${S_MINE}`)[0].body).toEqual({ isComplete: true });
  });

  it('a locked Sunday says so and offers no step', async () => {
    open(true);
    expect(await screen.findByText(SUNDAY_MESSAGES.locked)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark/ })).toBeNull();
  });
});

describe('the task calendar', () => {
  it("shows the reader's Sunday work on its due day, each linking to the Sunday opened on it", () => {
    const path = `/sundays/${DATE}?focus=video:${V_MINE}`;
    render(
      <MemoryRouter>
        <CalendarGrid
          grid={monthGrid('2031-01')}
          tasksByDay={new Map()}
          countByDay={new Map()}
          sundayByDay={new Map([[DATE, [{ kind: 'video', id: V_MINE, sundayDate: DATE, dueDate: DATE, title: 'Baptism story', path }]]])}
          today="2031-01-01"
          labelledBy="m"
          busy={false}
          onShowDay={() => {}}
        />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list', { name: /^Your Sunday work due / });
    expect(within(list).getByRole('link', { name: 'Sunday video: Baptism story' })).toHaveAttribute('href', path);
    expect(list.closest('td')).toHaveAttribute('data-date', DATE);
  });
});
