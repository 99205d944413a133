// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { ChurchConfigResponse } from '@shared/api/church-config';
import { DEMO_CONFIG, mockFetch, renderWithClient } from '@web/test/test-utils';

/** A 400 naming the refused fields, as the server answers a change it refuses. */
const refused = (message: string, fields: Record<string, string>) => ({
  status: 400,
  body: { error: { code: 'bad_request', message, fields } },
});
import { Component as TiersPage } from './tiers-page';
import { Component as ChannelsPage } from './channels-page';
import { Component as ChurchPage } from './church-page';

configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const clone = (): ChurchConfigResponse => structuredClone(DEMO_CONFIG);
const render = (ui: React.ReactNode) => renderWithClient(<MemoryRouter>{ui}</MemoryRouter>, { toaster: true });

describe('Admin > Tiers', () => {
  it('lists the tiers in order with their lead times and channels, and moves one down', async () => {
    const user = userEvent.setup();
    let config = clone();
    const api = mockFetch({
      'GET /api/church-config': () => ({ body: config }),
      'PUT /api/admin/tier-order': (body) => {
        const codes = (body as { codes: string[] }).codes;
        config = { ...config, tiers: codes.map((c, position) => ({ ...config.tiers.find((t) => t.code === c)!, position })) };
        return { body: config };
      },
    });
    render(<TiersPage />);
    const list = await screen.findByRole('list', { name: 'Tiers' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Tier AA',
      'Tier BB',
      'Tier CC',
      'Tier L1L1',
      'Tier L2L2',
      'Tier DD',
    ]);
    expect(within(items[0]).getByText(/Lead time: 4-6 weeks/)).toBeInTheDocument();
    expect(within(items[5]).getByText('No channels of its own')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Tier A up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move Tier A down' }));
    await waitFor(() =>
      expect(api.sent('PUT', '/api/admin/tier-order').map((c) => c.body)).toEqual([{ codes: ['B', 'A', 'C', 'L1', 'L2', 'D'] }]),
    );
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Tiers' })).getAllByRole('heading')[0]).toHaveTextContent('Tier B'));
  });

  it('adds a tier, showing the server’s field errors with nothing lost, then saving', async () => {
    const user = userEvent.setup();
    const config = clone();
    let tries = 0;
    const api = mockFetch({
      'GET /api/church-config': () => ({ body: config }),
      'POST /api/admin/tiers': () => {
        tries += 1;
        if (tries === 1) return refused('That code is already used.', { code: 'That code is already used.' });
        return { body: config };
      },
    });
    render(<TiersPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Tier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Tier' });
    await user.type(within(dialog).getByLabelText('Code'), 'A');
    await user.type(within(dialog).getByLabelText('Name'), 'Online');
    await user.clear(within(dialog).getByLabelText('Lead time (days)'));
    await user.type(within(dialog).getByLabelText('Lead time (days)'), '10');
    await user.click(within(dialog).getByLabelText('Website Event Page'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('That code is already used.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Online');
    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), 'E');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('POST', '/api/admin/tiers').at(-1)!.body).toMatchObject({
      code: 'E',
      name: 'Online',
      leadTimeDays: 10,
      channels: ['website_event_page'],
      archived: false,
    });
  });

  it('says an empty lead time is not a number of days before sending anything', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ 'GET /api/church-config': () => ({ body: clone() }) });
    render(<TiersPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Tier A' }));
    const dialog = await screen.findByRole('dialog', { name: /^Edit / });
    await user.clear(within(dialog).getByLabelText('Lead time (days)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Lead time is a whole number of days from 0 to 365.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Lead time (days)')).toHaveAccessibleDescription(
      'Lead time is a whole number of days from 0 to 365.',
    );
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('archives a tier only after a confirmation that says what it means', async () => {
    const user = userEvent.setup();
    const config = clone();
    const api = mockFetch({
      'GET /api/church-config': () => ({ body: config }),
      'PUT /api/admin/tiers/:code': (body, _url, params) => {
        config.tiers = config.tiers.map((t) => (t.code === params.code ? { ...t, ...(body as object) } : t));
        return { body: config };
      },
    });
    render(<TiersPage />);
    await user.click(await screen.findByRole('button', { name: 'Archive Tier L2' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Archive Tier L2?' });
    expect(confirm).toHaveTextContent('Requests already made with it keep it');
    expect(api.sent('PUT', '/api/admin/tiers/L2')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(api.sent('PUT', '/api/admin/tiers/L2').map((c) => c.body)).toMatchObject([{ archived: true, name: 'Tier L2' }]),
    );
    expect(await screen.findByRole('button', { name: 'Restore Tier L2' })).toBeInTheDocument();
  });
});

describe('Admin > Channels', () => {
  it('lists the channels with their rules and edits one', async () => {
    const user = userEvent.setup();
    const config = clone();
    const api = mockFetch({
      'GET /api/church-config': () => ({ body: config }),
      'PUT /api/admin/channels/:code': () => ({ body: config }),
    });
    render(<ChannelsPage />);
    const list = await screen.findByRole('list', { name: 'Channels' });
    const banner = within(list)
      .getAllByRole('listitem')
      .find((li) => within(li).queryByRole('heading', { name: /^Banner/ }))!;
    expect(banner).toHaveTextContent('Always needs approval as an extra');
    expect(banner).toHaveTextContent("Unlimited per week · runs 1 week · 14 days' lead time");
    await user.click(within(banner).getByRole('button', { name: 'Edit Banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Banner' });
    await user.click(within(dialog).getByLabelText('Approved items go through the CMS queue'));
    await user.selectOptions(within(dialog).getByLabelText('Runs and is counted'), 'Per Sunday');
    await user.type(within(dialog).getByLabelText('Capacity per Sunday'), '2');
    await user.clear(within(dialog).getByLabelText('Sundays an item runs'));
    await user.clear(within(dialog).getByLabelText('Lead time (days)'));
    await user.type(within(dialog).getByLabelText('Lead time (days)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.sent('PUT', '/api/admin/channels/banner').map((c) => c.body)).toEqual([
        {
          label: 'Banner',
          needsApproval: true,
          goesToCms: true,
          capacityPer: 'sunday',
          capacity: 2,
          runWeeks: null,
          leadTimeDays: 10,
          archived: false,
        },
      ]),
    );
  });
});

describe('Admin > Church settings', () => {
  it('saves the calendar question and church details, and shows a refused field', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const api = mockFetch({
      'GET /api/church-config': () => ({ body: clone() }),
      'PUT /api/admin/church': () => {
        if (refuse) {
          refuse = false;
          return refused('Choose a valid time zone, e.g. America/New_York.', {
            timeZone: 'Choose a valid time zone, e.g. America/New_York.',
          });
        }
        return { body: clone() };
      },
    });
    render(<ChurchPage />);
    const name = await screen.findByLabelText('Church name');
    expect(name).toHaveValue('Lampstand Demo Church');
    expect(screen.getByLabelText('Contact e-mail')).toHaveValue('communications@example.org');
    expect(screen.getByLabelText(/Ask on the new-request form/)).toBeChecked();
    expect(screen.getByText(/Is this event on the Planning Center calendar\?/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Time zone'), 'Mars/Olympus');
    await user.click(screen.getByLabelText(/A No blocks submitting/));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Choose a valid time zone, e.g. America/New_York.')).toBeInTheDocument();
    expect(screen.getByLabelText('Time zone')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Time zone'));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('Church settings saved.');
    expect(api.sent('PUT', '/api/admin/church').at(-1)!.body).toEqual({
      churchName: 'Lampstand Demo Church',
      contactEmail: 'communications@example.org',
      timeZone: null,
      promotionMinDays: 14,
      calendarQuestion: true,
      calendarName: 'Planning Center',
      calendarRequired: false,
      proofNudgeDays: 2,
      nudgeEscalateDays: 2,
      stageStuckDays: 5,
    });
  });

  it('keeps the calendar name while the question is not asked', async () => {
    const user = userEvent.setup();
    const api = mockFetch({ 'GET /api/church-config': () => ({ body: clone() }), 'PUT /api/admin/church': () => ({ body: clone() }) });
    render(<ChurchPage />);
    await user.click(await screen.findByLabelText(/Ask on the new-request form/));
    expect(screen.getByLabelText('Calendar name')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('Church settings saved.');
    expect(api.sent('PUT', '/api/admin/church').at(-1)!.body).toMatchObject({ calendarQuestion: false, calendarName: 'Planning Center' });
  });

  it('sets when stalled work nudges its people, showing a refused number of days', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const api = mockFetch({
      'GET /api/church-config': () => ({ body: clone() }),
      'PUT /api/admin/church': () => {
        if (refuse) {
          refuse = false;
          return refused('A number of days from 1 to 60.', { nudgeEscalateDays: 'A number of days from 1 to 60.' });
        }
        return { body: clone() };
      },
    });
    render(<ChurchPage />);
    const group = await screen.findByRole('group', { name: 'Nudges' });
    const proof = within(group).getByLabelText('Remind the approver of a waiting proof after (days)');
    const escalate = within(group).getByLabelText('Then remind the coordinator after a further (days)');
    const stuck = within(group).getByLabelText('Remind the assignee of work stuck in a stage after (days)');
    expect([proof, escalate, stuck].map((i) => (i as HTMLInputElement).value)).toEqual(['2', '2', '5']);
    await user.clear(escalate);
    await user.type(escalate, '0');
    await user.clear(stuck);
    await user.type(stuck, '7');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('A number of days from 1 to 60.')).toBeInTheDocument();
    expect(escalate).toHaveAttribute('aria-invalid', 'true');
    expect(escalate).toHaveAccessibleDescription('A number of days from 1 to 60.');
    await user.clear(escalate);
    await user.type(escalate, '3');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('Church settings saved.');
    expect(api.sent('PUT', '/api/admin/church').at(-1)!.body).toMatchObject({ proofNudgeDays: 2, nudgeEscalateDays: 3, stageStuckDays: 7 });
  });
});
