// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@web/lib/api';
import { TaskForm } from './task-form';

const ANN = '00000000-0000-4000-8000-000000000001';

afterEach(cleanup);

describe('A recurring task form', () => {
  it('describes each refused field by its own message, from the schema or the server', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn(() =>
      Promise.reject(
        new ApiError(422, 'bad', 'Choose an active admin, coordinator or creative.', {
          defaultAssigneeId: 'Choose an active admin, coordinator or creative.',
        }),
      ),
    );
    render(<TaskForm assignees={[{ id: ANN, fullName: 'Ann' }]} submitLabel="Add task" pending={false} onSubmit={onSubmit} />);
    await user.clear(screen.getByLabelText('Days before Sunday'));
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(screen.getByLabelText('Task name')).toHaveAccessibleDescription('Give the task a name.');
    expect(screen.getByLabelText('Days before Sunday')).toHaveAccessibleDescription('Days before is a whole number of days.');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Task name'), 'Slides');
    await user.type(screen.getByLabelText('Days before Sunday'), '2');
    await user.selectOptions(screen.getByLabelText('Default assignee'), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('Choose an active admin, coordinator or creative.')).toBeInTheDocument();
    expect(screen.getByLabelText('Default assignee')).toHaveAccessibleDescription('Choose an active admin, coordinator or creative.');
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Slides', kind: 'text', daysBefore: 2, defaultAssigneeId: ANN });
  });
});
