// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

function Asking({ onConfirm }: { onConfirm: () => void | Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Deactivate
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Deactivate Cora?"
        description="She can no longer sign in."
        confirm="Deactivate"
        pendingLabel="Deactivating..."
        destructive
        onConfirm={onConfirm}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks, keeps focus inside, and Escape cancels with focus back on the button that asked', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Asking onConfirm={onConfirm} />);
    const trigger = screen.getByRole('button', { name: 'Deactivate' });
    await user.click(trigger);
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate Cora?' });
    expect(dialog).toHaveTextContent('She can no longer sign in.');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('Cancel changes nothing; confirm runs the change once', async () => {
    const onConfirm = vi.fn();
    const user = userEvent.setup();
    render(<Asking onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('alertdialog');
    const confirm = Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Deactivate')!;
    expect(confirm.className).toMatch(/bg-red/);
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('waits for a change on its way with the buttons disabled, and keeps its failure in sight', async () => {
    let fail: (err: Error) => void = () => {};
    const onConfirm = vi.fn(() => new Promise((_, reject) => (fail = reject)));
    const user = userEvent.setup();
    render(<Asking onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === 'Deactivate')!);
    expect(screen.getByRole('button', { name: 'Deactivating...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    fail(new Error('You cannot deactivate the last admin.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot deactivate the last admin.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('a third answer closes and does its step; a confirm that resolves false stays open', async () => {
    const user = userEvent.setup();
    const discard = vi.fn();
    let answer = false;
    const onConfirm = vi.fn(async () => answer);
    function ThreeWay() {
      const [open, setOpen] = useState(true);
      return (
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="You have unsaved changes!"
          description="Save them or discard them."
          confirm="Save & Close"
          alternative={{ label: 'Discard Changes', destructive: true, onSelect: discard }}
          onConfirm={onConfirm}
        />
      );
    }
    const { unmount } = render(<ThreeWay />);
    await user.click(screen.getByRole('button', { name: 'Save & Close' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    answer = true;
    await user.click(screen.getByRole('button', { name: 'Save & Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    unmount();

    render(<ThreeWay />);
    await user.click(screen.getByRole('button', { name: 'Discard Changes' }));
    expect(discard).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
