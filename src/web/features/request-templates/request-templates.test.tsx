// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { RequestTemplate } from '@shared/api/request-templates';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';
import { SaveAsTemplateButton, maySaveAsTemplate } from './components/save-as-template';
import { Component as TemplatesPage } from './pages/request-templates-page';

const values: RequestTemplate['values'] = {
  eventTitle: 'Youth Night',
  ministryId: 'm1',
  startTime: '',
  endTime: '',
  location: 'Youth Room',
  expectedAttendance: '',
  descriptionShort: 'Games',
  descriptionLong: '',
  targetAudience: '',
  tier: 'C',
  includedChannels: [],
  additionalChannels: {},
  otherChannelText: '',
  infoLink: '',
  websiteDescription: '',
  registrationLink: '',
  designDirection: 'template',
  designNotes: '',
};
const mine: RequestTemplate = {
  id: 't1',
  name: 'Youth Night',
  church: false,
  owner: { id: 'u1', fullName: 'Ruth' },
  canManage: true,
  values,
  updatedAt: '2030-01-01T00:00:00.000Z',
};
const theirs: RequestTemplate = {
  ...mine,
  id: 't2',
  name: 'Worship night',
  church: true,
  canManage: false,
  owner: { id: 'c1', fullName: 'Cal' },
};

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/request/templates', element },
      { path: '/request/new', element: <p>New request page</p> },
    ],
    { initialEntries: ['/request/templates'] },
  );
  renderWithClient(<RouterProvider router={router} />, { toaster: true });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the request templates page', () => {
  it('lists own and church templates; only what the person may manage has Rename and Delete', async () => {
    mockFetch({ 'GET /api/request-templates': { body: { items: [mine, theirs], canSaveChurch: false } } });
    renderAt(<TemplatesPage />);
    const own = await screen.findByRole('list', { name: 'My templates' });
    const church = screen.getByRole('list', { name: 'Church templates' });
    expect(within(own).getByRole('button', { name: 'Rename Youth Night' })).toBeTruthy();
    expect(within(church).queryByRole('button', { name: /Rename/ })).toBeNull();
    expect(within(church).getByText(/saved by Cal/)).toBeTruthy();
    expect(within(church).getByRole('link', { name: 'Start a request from Worship night' }).getAttribute('href')).toBe(
      '/request/new?template=t2',
    );
  });

  it('renames after checking the name, and says why a refused name was refused', async () => {
    const api = mockFetch({
      'GET /api/request-templates': { body: { items: [mine], canSaveChurch: false } },
      'PATCH /api/request-templates/:id': apiError(422, 'rule_broken', 'You already have a template with that name.'),
    });
    renderAt(<TemplatesPage />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Rename Youth Night' }));
    const name = screen.getByLabelText('Template name');
    await u.clear(name);
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Give the template a name.')).toBeTruthy();
    expect(api.sent('PATCH', '/api/request-templates/t1')).toHaveLength(0);
    await u.type(name, 'Taken');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You already have a template with that name.')).toBeTruthy();
    expect(api.sent('PATCH', '/api/request-templates/t1')[0].body).toEqual({ name: 'Taken' });
  });

  it('deletes only after the confirmation', async () => {
    const api = mockFetch({
      'GET /api/request-templates': { body: { items: [mine], canSaveChurch: false } },
      'DELETE /api/request-templates/:id': { body: { id: 't1' } },
    });
    renderAt(<TemplatesPage />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Delete Youth Night' }));
    const dialog = await screen.findByRole('alertdialog');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('DELETE', '/api/request-templates/t1')).toHaveLength(0);
    await u.click(screen.getByRole('button', { name: 'Delete Youth Night' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.sent('DELETE', '/api/request-templates/t1')).toHaveLength(1));
  });

  it('says so when there is none', async () => {
    mockFetch({ 'GET /api/request-templates': { body: { items: [], canSaveChurch: false } } });
    renderAt(<TemplatesPage />);
    expect(await screen.findByText('No templates yet')).toBeTruthy();
  });
});

describe('Save as template', () => {
  it('is offered to the requester and to coordinators and admins, not to others', () => {
    expect(maySaveAsTemplate({ id: 'u1', role: 'requester' }, 'u1')).toBe(true);
    expect(maySaveAsTemplate({ id: 'u1', role: 'approver' }, 'u2')).toBe(false);
    expect(maySaveAsTemplate({ id: 'u1', role: 'coordinator' }, 'u2')).toBe(true);
    expect(maySaveAsTemplate({ id: 'u1', role: 'viewer' }, 'u1')).toBe(false);
  });

  it('saves under the name given; coordinators may make it a church template', async () => {
    const api = mockFetch({ 'POST /api/requests/:id/template': { body: { id: 'new' } } });
    renderWithClient(<SaveAsTemplateButton requestId="r1" eventTitle="Youth Night" user={{ id: 'c1', role: 'coordinator' }} />, {
      toaster: true,
    });
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Save as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    expect(await within(dialog).findByLabelText('Template name')).toHaveValue('Youth Night');
    await u.clear(within(dialog).getByLabelText('Template name'));
    await u.type(within(dialog).getByLabelText('Template name'), 'Youth Night (every other Friday)');
    await u.click(within(dialog).getByRole('checkbox', { name: /Church template/ }));
    await u.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(api.sent('POST', '/api/requests/r1/template')).toHaveLength(1));
    expect(api.sent('POST', '/api/requests/r1/template')[0].body).toEqual({ name: 'Youth Night (every other Friday)', church: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers a requester no church template, and keeps the dialog open with the reason of a refusal', async () => {
    mockFetch({ 'POST /api/requests/:id/template': apiError(422, 'rule_broken', 'You already have a template with that name.') });
    renderWithClient(<SaveAsTemplateButton requestId="r1" eventTitle="Youth Night" user={{ id: 'u1', role: 'requester' }} />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Save as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    // The form loads with the dialog: once its button is there, it offers no church template.
    const saveButton = await within(dialog).findByRole('button', { name: 'Save template' });
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    await u.click(saveButton);
    expect(await within(dialog).findByText('You already have a template with that name.')).toBeTruthy();
  });
});

describe('recurring requests', () => {
  const series = {
    id: 's1',
    name: 'Youth Night',
    cadence: 'biweekly' as const,
    firstDate: '2030-01-04',
    untilDate: null,
    daysAhead: 21,
    status: 'active' as const,
    nextDate: '2030-02-01',
    recent: [
      { occurrenceDate: '2030-01-18', requestId: 'r2', failure: null },
      { occurrenceDate: '2030-01-04', requestId: null, failure: 'Its ministry is no longer active.' },
    ],
  };

  it('lists each series with its next event and the requests it made; Pause at once, End after a confirmation', async () => {
    const api = mockFetch({
      'GET /api/request-templates': { body: { items: [mine], canSaveChurch: false } },
      'GET /api/recurring-requests': { body: { items: [series] } },
      'POST /api/recurring-requests/:id/:action': { body: { id: 's1' } },
    });
    renderAt(<TemplatesPage />);
    const u = userEvent.setup();
    expect(await screen.findByText(/Every two weeks from 2030-01-04 · made 21 days ahead · next event 2030-02-01/)).toBeTruthy();
    const made = screen.getByRole('list', { name: 'Requests made by Youth Night' });
    expect(within(made).getByRole('link', { name: '2030-01-18' }).getAttribute('href')).toBe('/request/r2');
    expect(within(made).getByText(/not made \(Its ministry is no longer active\.\)/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Pause Youth Night' }));
    await waitFor(() => expect(api.sent('POST', '/api/recurring-requests/s1/pause')).toHaveLength(1));
    await u.click(screen.getByRole('button', { name: 'End Youth Night' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('the requests already made stay as they are');
    expect(api.sent('POST', '/api/recurring-requests/s1/end')).toHaveLength(0);
    await u.click(within(dialog).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(api.sent('POST', '/api/recurring-requests/s1/end')).toHaveLength(1));
  });

  it('Repeat makes a series from a template after checking the form', async () => {
    const api = mockFetch({
      'GET /api/request-templates': { body: { items: [mine], canSaveChurch: false } },
      'GET /api/recurring-requests': { body: { items: [] } },
      'POST /api/recurring-requests': { body: { id: 's2' } },
    });
    renderAt(<TemplatesPage />);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Repeat Youth Night' }));
    const form = screen.getByRole('form', { name: 'Repeat Youth Night' });
    await u.click(within(form).getByRole('button', { name: 'Start repeating' }));
    expect(within(form).getByText('Choose the first event date.')).toBeTruthy();
    await u.selectOptions(within(form).getByLabelText('Repeat'), 'monthly');
    await u.type(within(form).getByLabelText('First event date'), '2030-01-31');
    await u.click(within(form).getByRole('checkbox', { name: 'Every event is on the church calendar' }));
    await u.click(within(form).getByRole('button', { name: 'Start repeating' }));
    await waitFor(() => expect(api.sent('POST', '/api/recurring-requests')).toHaveLength(1));
    expect(api.sent('POST', '/api/recurring-requests')[0].body).toEqual({
      templateId: 't1',
      cadence: 'monthly',
      firstDate: '2030-01-31',
      untilDate: null,
      daysAhead: 21,
      planningCenterAdded: true,
    });
  });
});
