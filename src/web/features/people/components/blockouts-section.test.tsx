// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlockoutList } from '@shared/api/people';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';
import { BlockoutsSection } from './blockouts-section';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Blockout dates on the account page', () => {
  it('asks for the first day, says what the server refuses, and adds a range with its reason', async () => {
    const user = userEvent.setup();
    let list: BlockoutList = { items: [] };
    const api = mockFetch({
      'GET /api/account/blockouts': () => ({ body: list }),
      'POST /api/account/blockouts': (body) => {
        const b = body as { startsOn: string; endsOn: string | null; reason: string | null };
        if (b.startsOn < '2030-01-01') return apiError(422, 'invalid_blockout', 'A blockout cannot end in the past.');
        list = { items: [{ id: 'b1', startsOn: b.startsOn, endsOn: b.endsOn ?? b.startsOn, reason: b.reason }] };
        return { body: list };
      },
    });
    renderWithClient(<BlockoutsSection />, { toaster: true });
    expect(await screen.findByText(/No blockout dates/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add blockout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose the first day.');
    expect(screen.getByLabelText('First day')).toHaveAccessibleDescription('Choose the first day.');
    expect(api.sent('POST', '/api/account/blockouts')).toHaveLength(0);

    await user.type(screen.getByLabelText('First day'), '2020-03-01');
    await user.click(screen.getByRole('button', { name: 'Add blockout' }));
    expect(await screen.findByText('A blockout cannot end in the past.')).toBeInTheDocument();
    expect(api.sent('POST', '/api/account/blockouts').map((c) => c.body)).toEqual([{ startsOn: '2020-03-01', endsOn: null, reason: null }]);

    await user.clear(screen.getByLabelText('First day'));
    await user.type(screen.getByLabelText('First day'), '2030-03-01');
    await user.type(screen.getByLabelText('Last day (optional)'), '2030-03-03');
    await user.type(screen.getByLabelText('Reason (optional)'), 'Camp');
    await user.click(screen.getByRole('button', { name: 'Add blockout' }));
    const added = await screen.findByRole('list', { name: 'Your blockout dates' });
    expect(within(added).getAllByRole('listitem')).toHaveLength(1);
    expect(api.sent('POST', '/api/account/blockouts').at(-1)!.body).toEqual({
      startsOn: '2030-03-01',
      endsOn: '2030-03-03',
      reason: 'Camp',
    });
    await waitFor(() => expect(screen.getByLabelText('First day')).toHaveValue(''));
    expect(screen.getByLabelText('Reason (optional)')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
