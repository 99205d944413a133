// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { AvailabilityAnswer, Schedule } from '@shared/api/people';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';
import { AnswerControls } from './components/answer-controls';
import { Component as SchedulePage } from './pages/schedule-page';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TASK = 'a0000000-0000-4000-8000-000000000001';
const VIDEO = 'a0000000-0000-4000-8000-000000000002';
const PLAN = 'a0000000-0000-4000-8000-000000000003';
const OPEN_VIDEO = 'a0000000-0000-4000-8000-000000000004';

describe('answering an assignment', () => {
  it('shows the state; Accept sends at once; Decline asks for an optional reason, then sends it', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'POST /api/assignments/:kind/:id/response': (body, _url, params) => ({
        body: { kind: params.kind, id: params.id, ...(body as object), responseReason: (body as { reason: string | null }).reason ?? null },
      }),
    });
    renderWithClient(<AnswerControls kind="task" id={TASK} title="Walk-in loop" response="pending" />, { toaster: true });
    expect(screen.getByText('Pending')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept Walk-in loop' }));
    await screen.findByText('Thanks: you accepted.');
    await user.click(screen.getByRole('button', { name: 'Decline Walk-in loop' }));
    // Nothing is sent before the reason's form is submitted.
    expect(api.sent('POST', `/api/assignments/task/${TASK}/response`)).toHaveLength(1);
    await user.type(screen.getByLabelText('Why you decline Walk-in loop (optional)'), 'Away that weekend');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await screen.findByText('Thanks: you declined, and the coordinators were told.');
    expect(api.sent('POST', `/api/assignments/task/${TASK}/response`).map((c) => c.body)).toEqual([
      { response: 'accepted', reason: null },
      { response: 'declined', reason: 'Away that weekend' },
    ]);
  });

  it('a declined assignment shows its reason and offers Accept, not Decline', () => {
    mockFetch({});
    renderWithClient(<AnswerControls kind="item" id={TASK} title="Poster" response="declined" reason="Sick" />);
    expect(screen.getByText('Declined')).toHaveAttribute('title', 'Sick');
    expect(screen.getByRole('button', { name: 'Accept Poster' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline Poster' })).toBeNull();
  });
});

describe('the schedule', () => {
  const DATES = ['2031-01-05', '2031-01-12', '2031-01-19', '2031-01-26', '2031-02-02', '2031-02-09'];
  const person = (id: string, fullName: string) => ({ id, fullName, role: 'creative', isExternal: false });
  const cora = person('c0000000-0000-4000-8000-000000000001', 'Cora Creative');
  const dan = person('c0000000-0000-4000-8000-000000000002', 'Dan Decliner');
  const ida = person('c0000000-0000-4000-8000-000000000003', 'Ida Idle');
  const squad = { ...person('c0000000-0000-4000-8000-000000000004', 'Church Media Squad'), isExternal: true };
  const task = (over: object) => ({
    id: TASK,
    sundayDate: DATES[0],
    runwayId: 'r0000000-0000-4000-8000-000000000001',
    runwayName: 'Media',
    runwayCode: 'media',
    taskName: 'Walk-in loop',
    assigneeId: null,
    isComplete: false,
    isLocked: false,
    response: 'pending',
    responseReason: null,
    ...over,
  });
  const schedule: Schedule = {
    sundays: DATES,
    people: [cora, dan, ida, squad],
    tasks: [
      task({ taskName: 'Bumper', assigneeId: cora.id, response: 'accepted' }) as Schedule['tasks'][number],
      task({ taskName: 'Walk-in loop', assigneeId: dan.id, response: 'declined', responseReason: 'Sick' }) as Schedule['tasks'][number],
      task({ id: null, taskName: 'Stage plot', sundayDate: DATES[1] }) as Schedule['tasks'][number],
    ],
    blockouts: [{ id: 'b', userId: ida.id, startsOn: DATES[1], endsOn: DATES[1], reason: 'Camp' }],
    work: [
      {
        kind: 'video',
        id: VIDEO,
        sundayDate: DATES[0],
        title: 'Baptism story',
        assigneeId: cora.id,
        response: 'pending',
        responseReason: null,
        isLocked: false,
      },
      {
        kind: 'sermon_pastor',
        id: PLAN,
        sundayDate: DATES[0],
        title: 'Deep roots',
        assigneeId: dan.id,
        response: 'declined',
        responseReason: 'Away',
        isLocked: false,
      },
      {
        kind: 'video',
        id: OPEN_VIDEO,
        sundayDate: DATES[0],
        title: 'Walk-in video',
        assigneeId: null,
        response: 'pending',
        responseReason: null,
        isLocked: false,
      },
    ],
    canShowMore: true,
  };
  const availability: AvailabilityAnswer = {
    date: DATES[0],
    people: [
      { ...cora, blockout: null, declined: false, weekLoad: 12 },
      { ...dan, blockout: null, declined: true, weekLoad: 1 },
      { ...ida, blockout: null, declined: false, weekLoad: 0 },
      { ...squad, blockout: null, declined: false, weekLoad: 0 },
    ],
    replacements: [
      { kind: 'task', id: TASK, assigneeId: dan.id, suggestions: [ida.id] },
      { kind: 'sermon_pastor', id: PLAN, assigneeId: dan.id, suggestions: [ida.id] },
    ],
    openSuggestions: [ida.id, cora.id, squad.id],
  };

  it('lays people by Sundays with answers and blockouts; a declined slot is filled from the suggestions in one press', async () => {
    const user = userEvent.setup();
    let blockedOnce = true;
    const api = mockFetch({
      'GET /api/runways': { body: { items: [] } },
      'GET /api/schedule': { body: schedule },
      'GET /api/availability': { body: availability },
      'PUT /api/schedule/assignments': (body) => {
        if ((body as { assigneeId: string }).assigneeId === cora.id && blockedOnce) {
          blockedOnce = false;
          return apiError(409, 'blocked_out', 'Cora Creative is blocked out on Jan 5, 2031.');
        }
        return { body: { ...task({}), assigneeId: (body as { assigneeId: string }).assigneeId } };
      },
    });
    renderWithClient(
      <MemoryRouter>
        <SchedulePage />
      </MemoryRouter>,
      { toaster: true },
    );
    const table = await screen.findByRole('table', { name: 'Tasks of each person on each Sunday' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
    const cora_row = within(table).getByRole('row', { name: /Cora Creative/ });
    expect(within(cora_row).getByText('Accepted')).toBeInTheDocument();
    // Videos, posts and sermon roles sit in their person's cell with their answers; a declined or
    // open one also heads its Sunday, as a button that fills it.
    expect(within(cora_row).getByText('Baptism story')).toBeInTheDocument();
    expect(within(cora_row).getByText('Pending')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Dan Decliner/ })).getByText('Deep roots')).toBeInTheDocument();
    const openWork = within(table).getByRole('list', { name: /Open and declined media and sermon work on/ });
    expect(within(openWork).getByRole('button', { name: /^Fill Teaching pastor: Deep roots on .* Declined: Away$/ })).toBeInTheDocument();
    expect(within(openWork).getByRole('button', { name: /^Fill Sunday video: Walk-in video on .* open$/ })).toBeInTheDocument();
    expect(within(table).getAllByText('Walk-in video')).toHaveLength(1);
    expect(within(within(table).getByRole('row', { name: /Ida Idle/ })).getByText('Blocked out: Camp')).toBeInTheDocument();
    // Open and declined tasks stand out in their own row, as buttons.
    expect(screen.getByRole('button', { name: /^Fill Stage plot Media on .* open$/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Fill Walk-in loop Media on .* Declined: Sick$/ }));
    const region = await screen.findByRole('region', { name: /Fill Walk-in loop/ });
    // The picker marks declines and full weeks.
    expect(within(region).getByRole('option', { name: 'Dan Decliner (declined)' })).toBeInTheDocument();
    expect(within(region).getByRole('option', { name: 'Cora Creative (12 this week)' })).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Assign Ida Idle (0 that week)' }));
    await screen.findByText('Assigned');
    expect(api.sent('PUT', '/api/schedule/assignments').map((c) => c.body)).toEqual([
      { sundayDate: DATES[0], runwayId: schedule.tasks[0].runwayId, taskName: 'Walk-in loop', assigneeId: ida.id, confirmBlockout: false },
    ]);
    // Someone blocked out: the server refuses, the coordinator is asked, and the assignment goes again confirmed.
    await user.click(screen.getByRole('button', { name: /Fill Stage plot/ }));
    const next = await screen.findByRole('region', { name: /Fill Stage plot/ });
    await user.selectOptions(within(next).getByLabelText('Or choose anyone'), cora.id);
    await user.click(within(next).getByRole('button', { name: 'Assign' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Blocked out that day' });
    await user.click(within(ask).getByRole('button', { name: 'Assign anyway' }));
    await waitFor(() => expect(api.sent('PUT', '/api/schedule/assignments')).toHaveLength(3));
    expect(api.sent('PUT', '/api/schedule/assignments')[2].body).toMatchObject({ assigneeId: cora.id, confirmBlockout: true });
    // More Sundays on request.
    await user.click(screen.getByRole('button', { name: 'Show more Sundays' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.includes('weeks=12'))).toBe(true));
  });

  it("fills a declined sermon role and an open video through their editors' saves, asking before someone blocked out", async () => {
    const user = userEvent.setup();
    const SUNDAY = `/api/sundays/${DATES[0]}`;
    const video = {
      id: OPEN_VIDEO,
      title: 'Walk-in video',
      type: 'promo',
      ministryId: null,
      ministryName: null,
      description: 'Loop before the service',
      status: 'ready',
      ownerId: null,
      ownerName: null,
      durationSeconds: 60,
      orderInService: 2,
      response: 'pending',
      responseReason: null,
    };
    const sermon = {
      seriesId: null,
      sermonTitle: 'Deep roots',
      teachingPastorId: dan.id,
      scriptureReference: 'Colossians 2:6',
      mainIdea: null,
      slidesNeeded: [],
      status: 'Planned',
      ownerId: cora.id,
      pastorResponse: 'declined',
      pastorResponseReason: 'Away',
      ownerResponse: 'accepted',
      ownerResponseReason: null,
    };
    const api = mockFetch({
      'GET /api/runways': { body: { items: [] } },
      'GET /api/schedule': { body: schedule },
      'GET /api/availability': { body: availability },
      [`GET ${SUNDAY}/videos`]: { body: { version: 4, videos: [video] } },
      [`PUT ${SUNDAY}/videos`]: (body) =>
        (body as { confirmBlockout?: boolean }).confirmBlockout
          ? { body: { version: 5, videos: [] } }
          : apiError(409, 'blocked_out', 'Cora Creative is blocked out on Jan 5, 2031.'),
      [`GET ${SUNDAY}`]: { body: { servicePlan: { id: PLAN, version: 4 }, sermon } },
      [`PUT ${SUNDAY}/sermon`]: { body: { version: 5 } },
    });
    renderWithClient(
      <MemoryRouter>
        <SchedulePage />
      </MemoryRouter>,
      { toaster: true },
    );
    await user.click(await screen.findByRole('button', { name: /^Fill Teaching pastor: Deep roots/ }));
    const region = await screen.findByRole('region', { name: /Fill Teaching pastor: Deep roots/ });
    expect(within(region).getByRole('link', { name: 'Open it on its Sunday' })).toHaveAttribute(
      'href',
      `/sundays/${DATES[0]}?focus=sermon_pastor:${PLAN}`,
    );
    expect(within(region).getByRole('option', { name: 'Dan Decliner (declined)' })).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Assign Ida Idle (0 that week)' }));
    await screen.findByText('Assigned');
    // One save of Message Details as it stands, only the teaching pastor changed.
    expect(api.sent('PUT', `${SUNDAY}/sermon`).map((c) => c.body)).toEqual([
      {
        version: 4,
        seriesId: null,
        sermonTitle: 'Deep roots',
        teachingPastorId: ida.id,
        scriptureReference: 'Colossians 2:6',
        mainIdea: null,
        slidesNeeded: [],
        status: 'Planned',
        ownerId: cora.id,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: /Fill Teaching pastor/ })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /^Fill Sunday video: Walk-in video/ }));
    const next = await screen.findByRole('region', { name: /Fill Sunday video: Walk-in video/ });
    // The Church Media Squad takes tasks, not videos: neither suggested nor offered here.
    expect(within(next).getByRole('button', { name: 'Assign Ida Idle (0 that week)' })).toBeInTheDocument();
    expect(within(next).queryByRole('button', { name: /Church Media Squad/ })).toBeNull();
    expect(within(next).queryByRole('option', { name: /Church Media Squad/ })).toBeNull();
    await user.selectOptions(within(next).getByLabelText('Or choose anyone'), cora.id);
    await user.click(within(next).getByRole('button', { name: 'Assign' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Blocked out that day' });
    expect(ask).toHaveTextContent('Cora Creative is blocked out on Jan 5, 2031.');
    await user.click(within(ask).getByRole('button', { name: 'Assign anyway' }));
    await waitFor(() => expect(api.sent('PUT', `${SUNDAY}/videos`)).toHaveLength(2));
    const [first, again] = api.sent('PUT', `${SUNDAY}/videos`).map((c) => c.body);
    expect(first).not.toHaveProperty('confirmBlockout');
    // Only that video, as its editor has it, with its new owner; nothing else of the Sunday is touched.
    expect(again).toEqual({
      version: 4,
      videos: [
        {
          id: OPEN_VIDEO,
          title: 'Walk-in video',
          type: 'promo',
          ministryId: null,
          description: 'Loop before the service',
          status: 'ready',
          ownerId: cora.id,
          durationSeconds: 60,
          orderInService: 2,
        },
      ],
      deleted: [],
      confirmBlockout: true,
    });
    // The matrix reads itself again after each fill.
    await waitFor(() => expect(api.sent('GET', '/api/schedule').length).toBeGreaterThanOrEqual(3));
  });
});
