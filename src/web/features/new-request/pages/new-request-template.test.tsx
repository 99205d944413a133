// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RequestTemplate, RequestTemplatesResponse } from '@shared/api/request-templates';
import { UNSAVED_MESSAGES } from '@web/components/ui/unsaved-guard';
import { mockFetch, renderWithClient } from '@web/test/test-utils';
import { draftKey } from '../hooks/use-draft';
import { Component as NewRequestPage } from './new-request-page';

const MINISTRY = { id: '0b7f3c9e-8a51-4a5e-9d7b-2f1e6c3a4b5d', name: 'Worship', defaultTier: 'B', active: true };

const template = (over: Partial<RequestTemplate> = {}): RequestTemplate => ({
  id: 't0000000-0000-4000-8000-000000000001',
  name: 'Youth Night',
  church: false,
  owner: { id: 'u1', fullName: 'Ruth' },
  canManage: true,
  updatedAt: '2030-01-01T00:00:00.000Z',
  values: {
    eventTitle: 'Youth Night',
    ministryId: MINISTRY.id,
    startTime: '18:30',
    endTime: '',
    location: 'Youth Room',
    expectedAttendance: '80',
    descriptionShort: 'Games, worship and pizza.',
    descriptionLong: '',
    targetAudience: 'Students',
    tier: 'C',
    includedChannels: ['sunday_slide'],
    additionalChannels: { banner: true, retired_channel: true },
    otherChannelText: '',
    infoLink: '',
    websiteDescription: '',
    registrationLink: '',
    designDirection: 'freedom',
    designNotes: 'Bright colours',
  },
  ...over,
});

function setup(templates: RequestTemplate[], path = '/request/new') {
  const body: RequestTemplatesResponse = { items: templates, canSaveChurch: false };
  const api = mockFetch({
    'GET /api/auth/session': {
      body: {
        user: { id: 'u1', fullName: 'Ruth', email: 'r@example.org', role: 'requester', ministryId: null, passwordResetRequired: false },
        csrfToken: 'x',
      },
    },
    'GET /api/ministries': { body: [MINISTRY] },
    'GET /api/request-templates': { body },
  });
  const router = createMemoryRouter(
    [
      { path: '/request/new', element: <NewRequestPage /> },
      { path: '/dashboard', element: <p>Dashboard page</p> },
      { path: '/request/templates', element: <p>Templates page</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithClient(<RouterProvider router={router} />, { toaster: true });
  return api;
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('starting a new request from a template', () => {
  it('fills the form from the chosen template, leaves the dates empty, and the leave guard still asks', async () => {
    setup([template(), template({ id: 't2', name: 'Worship night', church: true, canManage: false })]);
    const u = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: 'Start from a template' });
    expect(within(picker).getByRole('group', { name: 'My templates' })).toBeTruthy();
    expect(within(picker).getByRole('group', { name: 'Church templates' })).toBeTruthy();
    await screen.findByRole('option', { name: MINISTRY.name });
    // Keyboard only: focus the picker, keep the first template, press Use template.
    picker.focus();
    await u.keyboard('{Tab}');
    expect(screen.getByRole('button', { name: 'Use template' })).toHaveFocus();
    await u.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText(/Event title/)).toHaveValue('Youth Night'));
    expect(screen.getByLabelText(/Location/)).toHaveValue('Youth Room');
    expect(screen.getByLabelText(/Expected attendance/)).toHaveValue(80);
    expect(screen.getByLabelText(/Ministry/)).toHaveValue(MINISTRY.id);
    expect(screen.getByLabelText(/Event start date/)).toHaveValue('');
    expect(screen.getByLabelText(/Promotion start date/)).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /Banner/ })).toBeChecked();
    // The form is the person's now: leaving asks, and the draft keeps the filled fields.
    await u.click(screen.getByRole('link', { name: /Back to Dashboard/ }));
    const ask = await screen.findByRole('alertdialog', { name: UNSAVED_MESSAGES.title });
    await u.click(within(ask).getByRole('button', { name: 'Leave' }));
    await screen.findByText('Dashboard page');
    expect(window.localStorage.getItem(draftKey('u1'))).toContain('Youth Room');
  });

  it('asks before replacing what was typed', async () => {
    setup([template()]);
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/Event title/), 'Something else');
    await u.click(await screen.findByRole('button', { name: 'Use template' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Replace the form?' });
    await u.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText(/Event title/)).toHaveValue('Something else');
    await u.click(screen.getByRole('button', { name: 'Use template' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(screen.getByLabelText(/Event title/)).toHaveValue('Youth Night'));
  });

  it('fills the form from ?template= and offers no old draft over it', async () => {
    window.localStorage.setItem(
      draftKey('u1'),
      JSON.stringify({ savedAt: new Date().toISOString(), fileCount: 0, values: { eventTitle: 'Old draft' } }),
    );
    setup([template()], `/request/new?template=${template().id}`);
    const title = await screen.findByLabelText(/Event title/);
    await waitFor(() => expect(title).toHaveValue('Youth Night'));
    expect(screen.queryByRole('region', { name: 'Saved draft' })).not.toBeInTheDocument();
  });

  it('shows no picker to someone without templates', async () => {
    const api = setup([]);
    await screen.findByLabelText(/Event title/);
    await waitFor(() => expect(api.sent('GET', '/api/request-templates')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Use template' })).not.toBeInTheDocument();
  });
});
