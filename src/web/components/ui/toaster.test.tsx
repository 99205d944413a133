// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast, toast, Toaster } from './toaster';

afterEach(() => {
  cleanup();
  dismissToast();
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('offers an action a keyboard reaches: it runs once and closes the toast', async () => {
    const onClick = vi.fn();
    render(
      <>
        <button type="button">Before</button>
        <Toaster />
      </>,
    );
    act(() => toast({ title: 'Task moved', action: { label: 'Undo', onClick } }));
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Before' }).focus();
    // F8 jumps to the toasts; Tab then reaches the action (through the toast itself).
    await user.keyboard('{F8}');
    for (let n = 0; n < 3 && document.activeElement?.textContent !== 'Undo'; n++) await user.tab();
    expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText('Task moved')).not.toBeInTheDocument());
  });

  it('shows one toast at a time: a new toast replaces the old', () => {
    render(<Toaster />);
    act(() => toast({ title: 'First', description: 'one' }));
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => toast({ title: 'Second', description: 'two', variant: 'destructive' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.getByTestId('toast')).toHaveAttribute('data-variant', 'destructive');
  });

  it('closes after 5000 ms by default, and never with an infinite duration', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => toast({ title: 'Short-lived' }));
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.getByText('Short-lived')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Short-lived')).not.toBeInTheDocument();

    act(() => toast({ title: 'Sticky', duration: Infinity }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Sticky')).toBeInTheDocument();
  });

  it('dismissing by key closes that toast only, not one that replaced it', () => {
    render(<Toaster />);
    let first = 0;
    act(() => void (first = toast({ title: 'Notice', duration: Infinity })));
    act(() => toast({ title: 'Newer' }));
    act(() => dismissToast(first));
    expect(screen.getByText('Newer')).toBeInTheDocument();
    let third = 0;
    act(() => void (third = toast({ title: 'Third', duration: Infinity })));
    act(() => dismissToast(third));
    expect(screen.queryByText('Third')).not.toBeInTheDocument();
  });
});
