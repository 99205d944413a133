// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StandardBody } from '@shared/api/runway-setup';
import { STANDARD_RUNWAYS } from '@shared/domain/runway-setup';
import { StandardRunwaysDialog } from './standard-runways-dialog';

afterEach(cleanup);

function setup(onAdd: (body: StandardBody) => Promise<unknown> = () => Promise.resolve()) {
  const add = vi.fn(onAdd);
  const onOpenChange = vi.fn();
  render(<StandardRunwaysDialog open pending={false} onOpenChange={onOpenChange} onAdd={add} />);
  const dialog = within(screen.getByRole('dialog'));
  const runway = (n: number) => within(dialog.getByRole('group', { name: `Runway ${n}` }));
  const addAll = () => userEvent.click(dialog.getByRole('button', { name: 'Add the standard runways' }));
  return { add, onOpenChange, dialog, runway, addAll };
}

describe("'Add the standard runways'", () => {
  it('adds the ticked runways and tasks as edited, in one call', async () => {
    const { add, onOpenChange, runway, addAll } = setup();
    const message = runway(1);
    await userEvent.clear(message.getByLabelText('Runway name'));
    await userEvent.type(message.getByLabelText('Runway name'), ' Preaching ');
    await userEvent.click(message.getByRole('checkbox', { name: 'Add the task Sermon bumper' }));
    expect(message.getByRole('textbox', { name: 'Task 3 of Preaching' })).toBeDisabled();
    await userEvent.selectOptions(message.getByRole('combobox', { name: 'Kind of Message slide deck' }), 'text');
    await userEvent.clear(message.getByRole('spinbutton', { name: 'Days before Sunday for Message slide deck' }));
    await userEvent.type(message.getByRole('spinbutton', { name: 'Days before Sunday for Message slide deck' }), '5');
    // A runway left out takes its tasks with it; ticked again, they are as they were.
    await userEvent.click(runway(2).getByRole('checkbox', { name: 'Add this runway' }));
    expect(runway(2).queryByRole('checkbox', { name: 'Add the task Giving slide' })).not.toBeInTheDocument();
    await userEvent.click(runway(3).getByRole('checkbox', { name: 'Add this runway' }));
    await userEvent.click(runway(3).getByRole('checkbox', { name: 'Add this runway' }));
    expect(runway(3).getByRole('textbox', { name: 'Task 1 of Logistics' })).toHaveValue('Run of show');
    await addAll();

    expect(add).toHaveBeenCalledTimes(1);
    const [body] = add.mock.calls[0];
    expect(body.runways.map((r) => r.name)).toEqual(
      STANDARD_RUNWAYS.filter((r) => r.code !== 'generosity').map((r) => (r.name === 'Message' ? 'Preaching' : r.name)),
    );
    expect(body.runways[0].tasks).toEqual([
      { name: 'Sermon title and scripture', kind: 'text', daysBefore: 10 },
      { name: 'Message slide deck', kind: 'text', daysBefore: 5 },
      { name: 'Sermon graphics', kind: 'file', daysBefore: 7 },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('flags an empty runway name, a nameless task and negative days beside them, and sends nothing', async () => {
    const { add, runway, addAll } = setup();
    const message = runway(1);
    await userEvent.clear(message.getByLabelText('Runway name'));
    await userEvent.clear(message.getByRole('textbox', { name: 'Task 2 of this runway' }));
    const days = message.getByRole('spinbutton', { name: 'Days before Sunday for Sermon title and scripture' });
    await userEvent.clear(days);
    await userEvent.type(days, '-2');
    // What is left out is not checked.
    await userEvent.clear(runway(2).getByLabelText('Runway name'));
    await userEvent.click(runway(2).getByRole('checkbox', { name: 'Add this runway' }));
    await addAll();

    expect(message.getByLabelText('Runway name')).toHaveAccessibleDescription('Give the runway a name.');
    expect(message.getByLabelText('Runway name')).toHaveAttribute('aria-invalid', 'true');
    expect(message.getByRole('textbox', { name: 'Task 2 of this runway' })).toHaveAccessibleDescription('Give the task a name.');
    expect(days).toHaveAccessibleDescription('Days before cannot be negative.');
    expect(runway(2).getByLabelText('Runway name')).toHaveAttribute('aria-invalid', 'false');
    expect(add).not.toHaveBeenCalled();
  });

  it('keeps at least one runway, and says why the server refused', async () => {
    const { add, dialog, runway, addAll } = setup(() => Promise.reject(new Error('This church already has runways.')));
    for (const n of [1, 2, 3, 4, 5]) await userEvent.click(runway(n).getByRole('checkbox', { name: 'Add this runway' }));
    await addAll();
    expect(dialog.getByRole('alert')).toHaveTextContent('Keep at least one runway.');
    expect(add).not.toHaveBeenCalled();

    await userEvent.click(runway(4).getByRole('checkbox', { name: 'Add this runway' }));
    await addAll();
    expect(await dialog.findByText('This church already has runways.')).toBeInTheDocument();
    expect(add).toHaveBeenCalledTimes(1);
  });
});
