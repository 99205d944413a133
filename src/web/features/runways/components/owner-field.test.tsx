// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { AvailabilityAnswer } from '@shared/api/people';
import type { SessionResponse } from '@shared/api/auth';
import { mockFetch, renderWithClient, testQueryClient } from '@web/test/test-utils';
import { OwnerField, type SavedOwner } from './owner-field';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const DATE = '2031-01-05';
const ME = 'c0000000-0000-4000-8000-000000000001';
const DAN = 'c0000000-0000-4000-8000-000000000002';
const IDA = 'c0000000-0000-4000-8000-000000000003';
const AL = 'c0000000-0000-4000-8000-000000000004';
const SQUAD = 'c0000000-0000-4000-8000-000000000005';
const V1 = 'a0000000-0000-4000-8000-000000000001';
const V2 = 'a0000000-0000-4000-8000-000000000002';
const PLAN = 'a0000000-0000-4000-8000-000000000003';

const session: SessionResponse = {
  user: { id: ME, fullName: 'Cora Creative', email: 'c@example.org', role: 'coordinator', ministryId: null, passwordResetRequired: false },
  csrfToken: 'x',
} as SessionResponse;

const owners = [
  { id: ME, label: 'Cora Creative' },
  { id: DAN, label: 'Dan Decliner' },
  { id: IDA, label: 'Ida Idle' },
  { id: AL, label: 'Al Away' },
];

const availability: AvailabilityAnswer = {
  date: DATE,
  people: [
    { id: ME, fullName: 'Cora Creative', role: 'coordinator', blockout: null, declined: false, weekLoad: 1 },
    { id: DAN, fullName: 'Dan Decliner', role: 'creative', blockout: null, declined: true, weekLoad: 0 },
    { id: IDA, fullName: 'Ida Idle', role: 'creative', blockout: null, declined: false, weekLoad: 0 },
    {
      id: AL,
      fullName: 'Al Away',
      role: 'creative',
      blockout: { startsOn: DATE, endsOn: DATE, reason: null },
      declined: false,
      weekLoad: 0,
    },
  ],
  replacements: [
    { kind: 'video', id: V2, assigneeId: DAN, suggestions: [SQUAD, IDA] },
    { kind: 'sermon_pastor', id: PLAN, assigneeId: AL, suggestions: [IDA] },
  ],
  openSuggestions: [IDA],
};

/** A field as an editor holds it: the picked owner in state, the saved one from the server. */
function Field(props: { kind: 'video' | 'sermon_pastor'; itemId: string; title: string; saved: SavedOwner; label?: string }) {
  const [value, setValue] = useState(props.saved.ownerId);
  return (
    <OwnerField
      id={`owner-${props.itemId}-${props.kind}`}
      label={props.label}
      sundayDate={DATE}
      kind={props.kind}
      itemId={props.itemId}
      title={props.title}
      value={value}
      owners={owners}
      canEdit
      saved={props.saved}
      onChange={setValue}
    />
  );
}

describe('the owner of a piece of Sunday work', () => {
  it('marks the picker, shows each saved answer, and suggests replacements for declined and blocked-out work from one read of the day', async () => {
    const user = userEvent.setup();
    const api = mockFetch({
      'GET /api/availability': { body: availability },
      'POST /api/assignments/:kind/:id/response': (body, _url, params) => ({
        body: { kind: params.kind, id: params.id, response: (body as { response: string }).response, responseReason: null },
      }),
    });
    renderWithClient(
      <>
        <Field
          kind="video"
          itemId={V1}
          title="Welcome loop"
          saved={{ ownerId: ME, response: 'pending', reason: null }}
          label="Owner of one"
        />
        <Field
          kind="video"
          itemId={V2}
          title="Baptism story"
          saved={{ ownerId: DAN, response: 'declined', reason: 'Sick' }}
          label="Owner of two"
        />
        <Field
          kind="sermon_pastor"
          itemId={PLAN}
          title="Teaching pastor"
          saved={{ ownerId: AL, response: 'accepted', reason: null }}
          label="Teaching pastor"
        />
      </>,
      { client: testQueryClient({ session }), toaster: true },
    );
    // The picker marks who is blocked out or declined that Sunday.
    const picker = screen.getByLabelText('Owner of two');
    await within(picker).findByRole('option', { name: 'Dan Decliner (declined)' });
    expect(within(picker).getByRole('option', { name: 'Al Away (blocked out)' })).toBeInTheDocument();

    // Three fields, one day, declines and a blockout among them: one availability read.
    await screen.findAllByRole('button', { name: 'Choose Ida Idle instead' });
    expect(api.calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/availability'))).toHaveLength(1);

    // My own work: I answer it here.
    await user.click(await screen.findByRole('button', { name: 'Accept Welcome loop' }));
    await waitFor(() => expect(api.sent('POST', `/api/assignments/video/${V1}/response`)).toHaveLength(1));

    // Someone's decline: its badge with the reason, and a suggestion that goes into the picker.
    expect(screen.getByText('Declined')).toHaveAttribute('title', 'Sick');
    const suggestions = await screen.findAllByRole('button', { name: 'Choose Ida Idle instead' });
    // Accepted but blocked out that day: replacements too. Only people the picker offers are suggested.
    expect(suggestions).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Choose Church Media Squad instead' })).toBeNull();
    await user.click(suggestions[0]);
    expect(screen.getByLabelText('Owner of two')).toHaveValue(IDA);
    // Once someone else is picked, the saved answer no longer shows under it.
    expect(screen.queryByText('Declined')).toBeNull();
  });
});
