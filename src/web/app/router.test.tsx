// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { buildRoutes } from './router';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the route table', () => {
  it('shows "Loading..." while the app shell and the screen download, never a blank page', async () => {
    // The session never answers, so the shell, once loaded, keeps showing the same words.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    render(<RouterProvider router={createMemoryRouter(buildRoutes(), { initialEntries: ['/'] })} />);
    // Before any chunk has arrived: the router's fallback.
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    // Once they have: the root layout's, while the session loads.
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
  });
});
