// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { SetupChecklist } from '@shared/api/setup';
import { SETUP_STEPS } from '@shared/domain/setup-checklist';
import { mockFetch, renderWithClient } from '@web/test/test-utils';
import { Component as SetupChecklistPage } from './setup-checklist-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function checklist(status: Partial<Record<string, 'done' | 'dismissed' | 'open'>>): SetupChecklist {
  const steps = SETUP_STEPS.map((s) => ({
    key: s.key,
    title: s.title,
    description: s.description,
    path: s.path,
    action: s.action,
    markable: !s.detected,
    status: status[s.key] ?? 'open',
  }));
  return { steps, open: steps.filter((s) => s.status === 'open').length };
}

function renderPage() {
  renderWithClient(
    <MemoryRouter>
      <SetupChecklistPage />
    </MemoryRouter>,
  );
}

const stepItem = (title: string) => screen.getByRole('heading', { name: new RegExp(`^${title}`) }).closest('li')!;

describe('the setup checklist page', () => {
  it('shows each step with its state and a link to the screen that does it', async () => {
    mockFetch({ 'GET /api/admin/setup': { body: checklist({ ministries: 'done', email: 'dismissed' }) } });
    renderPage();
    expect(await screen.findByText('6 of 8 steps still to do.')).toBeInTheDocument();
    const runways = stepItem('Runways and their recurring tasks');
    expect(within(runways).getByRole('link', { name: 'Set up runways' })).toHaveAttribute('href', SETUP_STEPS[3].path);
    expect(within(stepItem('Ministries')).getByRole('heading')).toHaveTextContent('(Done)');
    expect(within(stepItem('E-mail delivery')).getByRole('heading')).toHaveTextContent('(Dismissed)');
  });

  it('offers Mark done only on review steps; the data ticks the others', async () => {
    mockFetch({ 'GET /api/admin/setup': { body: checklist({}) } });
    renderPage();
    const tiers = await screen.findByRole('heading', { name: /^Tiers and channels/ });
    expect(within(tiers.closest('li')!).getByRole('button', { name: 'Mark done' })).toBeInTheDocument();
    expect(within(stepItem('Runways and their recurring tasks')).queryByRole('button', { name: 'Mark done' })).not.toBeInTheDocument();
  });

  it('dismisses a step and shows the checklist the server answers', async () => {
    const api = mockFetch({
      'GET /api/admin/setup': { body: checklist({}) },
      'PUT /api/admin/setup/steps/:key': (body, _url, params) => ({
        body: checklist({ [params.key]: (body as { status: 'dismissed' }).status }),
      }),
    });
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Dismiss: The landing page' }));
    expect(await screen.findByText('7 of 8 steps still to do.')).toBeInTheDocument();
    expect(api.sent('PUT', '/api/admin/setup/steps/landing')[0].body).toEqual({ status: 'dismissed' });
    expect(within(stepItem('The landing page')).getByRole('button', { name: 'Undo: The landing page' })).toBeInTheDocument();
  });

  it('says when every step is done or dismissed', async () => {
    const all = Object.fromEntries(SETUP_STEPS.map((s) => [s.key, 'done' as const]));
    mockFetch({ 'GET /api/admin/setup': { body: checklist(all) } });
    renderPage();
    expect(await screen.findByText(/Every step is done or dismissed/)).toBeInTheDocument();
  });
});
