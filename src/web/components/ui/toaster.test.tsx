// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { dismissToast, toast, Toaster } from './toaster';

afterEach(() => {
  cleanup();
  dismissToast();
  vi.useRealTimers();
});

describe('Toaster', () => {
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
