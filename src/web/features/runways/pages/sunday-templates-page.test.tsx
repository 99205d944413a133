// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SundayTemplatesResponse } from '@shared/api/sunday-templates';
import type { SundayDetail } from '@shared/api/sundays';
import { apiError, mockFetch, renderWithClient } from '@web/test/test-utils';
import { SundayPlanDialog } from '../components/sunday-plan-dialog';
import { appliedSummary } from '../components/apply-template-form';
import { Component as TemplatesPage } from './sunday-templates-page';

const media = { id: 'a0000000-0000-4000-8000-000000000001', code: 'media', name: 'Media' };
const logistics = { id: 'a0000000-0000-4000-8000-000000000002', code: 'logistics', name: 'Logistics' };
const cora = { id: 'c0000000-0000-4000-8000-000000000001', fullName: 'Cora Creative' };

const templates = (over: Partial<SundayTemplatesResponse> = {}): SundayTemplatesResponse => ({
  items: [
    {
      id: 't0000000-0000-4000-8000-000000000001',
      name: 'Easter',
      tasks: [
        {
          id: 'e0000000-0000-4000-8000-000000000001',
          runway: { ...media, color: '#db2777' },
          title: 'Easter invite video',
          kind: 'file',
          daysBefore: 21,
          defaultAssignee: cora,
        },
      ],
    },
  ],
  assignees: [cora],
  runways: [media, logistics],
  ...over,
});

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/runways/templates', element }], { initialEntries: ['/runways/templates'] });
  renderWithClient(<RouterProvider router={router} />, { toaster: true });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Sunday templates page', () => {
  it('lists the templates with their tasks, and makes a new one from the form', async () => {
    const api = mockFetch({ 'GET /api/sunday-templates': { body: templates() }, 'POST /api/sunday-templates': { body: { id: 'new' } } });
    renderAt(<TemplatesPage />);
    const list = await screen.findByRole('list', { name: 'Tasks of Easter' });
    expect(within(list).getByText('Easter invite video')).toBeTruthy();
    expect(within(list).getByText('21 days before')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New template' }));
    const form = screen.getByRole('form', { name: 'New template' });
    // Empty fields are refused before anything is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    expect(within(form).getByText('Give the template a name.')).toBeTruthy();
    expect(within(form).getByText('Give the task a name.')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Template name'), 'Baptism Sunday');
    await userEvent.selectOptions(within(form).getByLabelText('Runway'), 'Logistics');
    await userEvent.type(within(form).getByLabelText('Task name'), 'Fill the tank');
    await userEvent.selectOptions(within(form).getByLabelText('Kind'), 'check');
    await userEvent.clear(within(form).getByLabelText('Days before Sunday'));
    await userEvent.type(within(form).getByLabelText('Days before Sunday'), '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Add a task' }));
    expect(within(form).getAllByRole('group')).toHaveLength(2);
    await userEvent.click(within(form).getByRole('button', { name: 'Remove task 2' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(api.sent('POST', '/api/sunday-templates')).toHaveLength(1));
    expect(api.sent('POST', '/api/sunday-templates')[0].body).toEqual({
      name: 'Baptism Sunday',
      tasks: [{ id: null, runwayId: logistics.id, title: 'Fill the tank', kind: 'check', daysBefore: 1, defaultAssigneeId: null }],
    });
  });

  it('a refused save keeps the form and says why', async () => {
    mockFetch({
      'GET /api/sunday-templates': { body: templates() },
      'PUT /api/sunday-templates/:id': apiError(422, 'rule_broken', 'Another template already has that name.'),
    });
    renderAt(<TemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit the template Easter' }));
    const form = screen.getByRole('form', { name: 'Edit the template Easter' });
    expect((within(form).getByLabelText('Task name') as HTMLInputElement).value).toBe('Easter invite video');
    await userEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Another template already has that name.');
  });

  it('deleting asks first, then sends the delete', async () => {
    const api = mockFetch({
      'GET /api/sunday-templates': { body: templates() },
      'DELETE /api/sunday-templates/:id': { body: { id: 't' } },
    });
    renderAt(<TemplatesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the template Easter' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(api.sent('DELETE', '/api/sunday-templates/t0000000-0000-4000-8000-000000000001')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.sent('DELETE', '/api/sunday-templates/t0000000-0000-4000-8000-000000000001')).toHaveLength(1));
  });

  it('says so when there is no template yet', async () => {
    mockFetch({ 'GET /api/sunday-templates': { body: templates({ items: [] }) } });
    renderAt(<TemplatesPage />);
    expect(await screen.findByText('No Sunday templates yet')).toBeTruthy();
  });
});

const DATE = '2030-12-01';
const detail = (over: Partial<SundayDetail> = {}): SundayDetail => ({
  sundayDate: DATE,
  servicePlan: { id: null, version: 0 },
  lock: { isLocked: false, lockedBy: null, lockedAt: null },
  readinessPct: 0,
  groups: [{ runway: { ...media, color: '#db2777', orderIndex: 0 }, version: 0, readinessPct: 0, items: [] }],
  sermon: {
    seriesId: null,
    sermonTitle: null,
    teachingPastorId: null,
    pastorResponse: 'accepted',
    pastorResponseReason: null,
    ownerResponse: 'accepted',
    ownerResponseReason: null,
    scriptureReference: null,
    mainIdea: null,
    slidesNeeded: [],
    status: 'Planned',
    ownerId: null,
  },
  sermonComplete: false,
  seriesOptions: [],
  assignees: [cora],
  pastors: [],
  canEdit: true,
  canLock: true,
  canUnlock: false,
  canAddTask: true,
  lockLog: [],
  ...over,
});

describe('applying a template from the Sunday plan', () => {
  it('applies the chosen template and says what it added and what it left', async () => {
    const api = mockFetch({
      [`GET /api/sundays/${DATE}`]: { body: detail() },
      'GET /api/sunday-templates': { body: templates() },
      'POST /api/sundays/:date/templates/:id/apply': {
        body: {
          added: [{ runwayName: 'Media', title: 'Easter invite video' }],
          skipped: [{ runwayName: 'Logistics', title: 'Parking team', reason: 'applied_before' }],
        },
      },
    });
    renderAt(<SundayPlanDialog date={DATE} onClose={() => {}} />);
    const apply = await screen.findByRole('button', { name: 'Apply' });
    expect((screen.getByLabelText('Template') as HTMLSelectElement).value).toBe('t0000000-0000-4000-8000-000000000001');
    await userEvent.click(apply);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Added 1 task: Easter invite video (Media). Left as they were: Parking team: applied before.',
      ),
    );
    expect(api.sent('POST', `/api/sundays/${DATE}/templates/t0000000-0000-4000-8000-000000000001/apply`)).toHaveLength(1);
  });

  it('is not offered to those who may not add tasks to the Sunday', async () => {
    const api = mockFetch({ [`GET /api/sundays/${DATE}`]: { body: detail({ canAddTask: false }) } });
    renderAt(<SundayPlanDialog date={DATE} onClose={() => {}} />);
    await screen.findByRole('button', { name: 'Save All Changes' });
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
    expect(api.sent('GET', '/api/sunday-templates')).toHaveLength(0);
  });

  it('says when applying added nothing new', () => {
    expect(appliedSummary({ added: [], skipped: [] })).toBe('Nothing new to add.');
  });
});
