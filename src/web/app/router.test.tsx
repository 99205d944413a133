// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
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
    const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
    // Before any chunk has arrived: the router's fallback.
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    // Once they have (the router is initialised when the matched routes' modules are loaded, so
    // none is still loading when the test ends): the root layout's, while the session loads.
    await waitFor(() => expect(router.state.initialized).toBe(true));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });
});
