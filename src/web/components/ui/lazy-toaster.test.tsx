// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { LazyToaster } from './lazy-toaster';
import { dismissToast, toast } from './toast-store';

afterEach(() => {
  cleanup();
  dismissToast();
});

describe('LazyToaster', () => {
  it('shows a toast queued before the toaster chunk arrived, once it has', async () => {
    render(<LazyToaster />);
    act(() => void toast({ title: 'Saved early', description: 'before the UI loaded' }));
    await screen.findByText('Saved early');
    expect(screen.getByTestId('toast')).toHaveAttribute('data-variant', 'default');
  });

  it('keeps showing later toasts, one at a time, and closes them', async () => {
    render(<LazyToaster />);
    act(() => void toast({ title: 'First' }));
    await screen.findByText('First');
    act(() => void toast({ title: 'Second', variant: 'destructive' }));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => dismissToast());
    await waitFor(() => expect(screen.queryByText('Second')).not.toBeInTheDocument());
  });
});
