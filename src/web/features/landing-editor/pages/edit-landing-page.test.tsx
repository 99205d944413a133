// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { LANDING_MESSAGES, type LandingEditor, type LandingSaveBody } from '@shared/api/landing';
import { configChannelLabel, type TierConfig } from '@shared/domain/church-config';
import { LANDING_DEFAULTS, landingSections, tierCardDefaults, tierCardKey, tierSection } from '@shared/domain/landing';
import { DEMO_CONFIG, mockFetch, renderWithClient, type Answer } from '@web/test/test-utils';
import { UNSAVED_MESSAGES } from '@web/components/ui/unsaved-guard';
import { Component as EditLandingPage } from './edit-landing-page';

configure({ asyncUtilTimeout: 5000 });

/** The demo church's tiers and one the church made: Youth Night, with two channels. */
const youth: TierConfig = {
  ...DEMO_CONFIG.tiers[0],
  code: 'Y1',
  name: 'Youth Night',
  examples: 'Student events',
  leadTimeDays: 10,
  leadTimeLabel: null,
  channels: ['sunday_slide', 'banner'],
  position: 99,
};
const tiers = [...DEMO_CONFIG.tiers, youth];
const keys = tiers.map((t) => tierCardKey(t.code));
const cardDefaults: Record<string, string> = Object.fromEntries(
  tiers.flatMap((t) =>
    Object.entries(tierCardDefaults(t, (code) => configChannelLabel(DEMO_CONFIG, code))).map(([field, text]) => [
      tierSection(tierCardKey(t.code), field as Parameters<typeof tierSection>[1]),
      text,
    ]),
  ),
);
const defaults = Object.fromEntries(landingSections(keys).map((s) => [s, LANDING_DEFAULTS[s] ?? cardDefaults[s]]));
const F1 = '00000000-0000-4000-8000-000000000001';
const F2 = '00000000-0000-4000-8000-000000000002';
const stored: LandingEditor = {
  tiers: tiers.map((t) => ({ key: tierCardKey(t.code), code: t.code, name: t.name })),
  content: { ...defaults, hero_heading: 'Welcome to Grace' },
  defaults,
  faqs: [
    { id: F1, question: 'How far ahead?', answer: 'Two weeks.', active: true, orderIndex: 0 },
    { id: F2, question: 'Who approves?', answer: 'A coordinator.', active: false, orderIndex: 1 },
  ],
};

const storedAnswer = () => ({ body: stored });

function setup(saveAnswer: (body: LandingSaveBody) => Answer) {
  const api = mockFetch({
    'GET /api/admin/landing': { body: stored },
    'PUT /api/admin/landing': (body) => saveAnswer(body as LandingSaveBody),
  });
  renderWithClient(
    <RouterProvider
      router={createMemoryRouter(
        [
          {
            path: '/admin/content',
            element: (
              <>
                <Link to="/admin">Admin home</Link>
                <EditLandingPage />
              </>
            ),
          },
          { path: '/admin', element: <p>Admin page</p> },
        ],
        { initialEntries: ['/admin/content'] },
      )}
    />,
    { toaster: true },
  );
  const saved = () => api.calls.filter((c) => c.method === 'PUT').map((c) => c.body as LandingSaveBody);
  return { saved };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Edit Landing Page', () => {
  it('shows every section with its stored text or default, per tier, and every FAQ', async () => {
    setup(storedAnswer);
    await screen.findByRole('heading', { level: 1, name: 'Edit Landing Page' });
    const hero = await screen.findByRole('region', { name: 'Hero' });
    expect(within(hero).getByLabelText('Heading')).toHaveValue('Welcome to Grace');
    expect(within(hero).getByLabelText('Subheading')).toHaveValue(LANDING_DEFAULTS.hero_subheading);
    for (const name of ['Tier A', 'Tier B', 'Tier C', 'Tier L1', 'Tier L2', 'Tier D', 'Youth Night']) {
      const group = screen.getByRole('region', { name });
      for (const label of ['Name', 'Lead time', 'Description', 'Features']) expect(within(group).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(screen.getByRole('region', { name: 'Tier A' })).getByLabelText('Name')).toHaveValue('Major Event');
    // Tier D is not promoted: its card is hidden unless the admin shows it.
    const shown = (name: string) =>
      within(screen.getByRole('region', { name })).getByRole('checkbox', { name: 'Show this card on the landing page' });
    expect(shown('Tier A')).toBeChecked();
    expect(shown('Tier D')).not.toBeChecked();
    // A tier the church made gets a card from its configuration.
    const youthCard = within(screen.getByRole('region', { name: 'Youth Night' }));
    expect(youthCard.getByLabelText('Name')).toHaveValue('Youth Night');
    expect(youthCard.getByLabelText('Lead time')).toHaveValue('10 days');
    expect(youthCard.getByLabelText('Features')).toHaveValue('Sunday Slide Deck\nBanner');
    expect(shown('Youth Night')).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Contact line' })).toHaveValue(LANDING_DEFAULTS.footer_contact);
    expect(screen.getAllByLabelText('Question').map((q) => (q as HTMLInputElement).value)).toEqual(['How far ahead?', 'Who approves?']);
    expect(screen.getByRole('checkbox', { name: 'FAQ 2 active' })).not.toBeChecked();
    // A changed field can go back to its default.
    await userEvent.click(within(hero).getByRole('button', { name: 'Use default for Hero heading' }));
    expect(within(hero).getByLabelText('Heading')).toHaveValue(LANDING_DEFAULTS.hero_heading);
  });

  it('edits, adds, reorders, activates and deletes (after asking), then saves all in one call', async () => {
    const { saved } = setup((body) => ({
      body: { ...stored, content: body.content, faqs: body.faqs.map((f, i) => ({ ...f, orderIndex: i })) },
    }));
    const hero = within(await screen.findByRole('region', { name: 'Hero' }));
    await userEvent.clear(hero.getByLabelText('Heading'));
    await userEvent.type(hero.getByLabelText('Heading'), 'New heading');
    const youthCard = within(screen.getByRole('region', { name: 'Youth Night' }));
    await userEvent.clear(youthCard.getByLabelText('Name'));
    await userEvent.type(youthCard.getByLabelText('Name'), 'Friday Youth');
    await userEvent.click(youthCard.getByRole('checkbox', { name: 'Show this card on the landing page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add FAQ' }));
    await waitFor(() => expect(screen.getAllByLabelText('Question')[2]).toHaveFocus());
    await userEvent.type(screen.getAllByLabelText('Question')[2], 'Where do I start?');
    await userEvent.type(screen.getAllByLabelText('Answer')[2], 'At the form.');
    await userEvent.click(screen.getByRole('button', { name: 'Move FAQ 3 up' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'FAQ 3 active' }));
    expect(screen.getByRole('button', { name: 'Move FAQ 1 up' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete FAQ 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this FAQ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getAllByLabelText('Question')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Delete FAQ 1' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(screen.getAllByLabelText('Question')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(LANDING_MESSAGES.saved);
    const [body] = saved();
    expect(saved()).toHaveLength(1);
    expect(body.content.hero_heading).toBe('New heading');
    expect(Object.keys(body.content)).toEqual(landingSections(keys));
    expect([body.content.tier_y1_name, body.content.tier_y1_shown, body.content.tier_d_shown]).toEqual(['Friday Youth', 'no', 'no']);
    expect(body.faqs.map((f) => [f.question, f.active])).toEqual([
      ['Where do I start?', true],
      ['Who approves?', true],
    ]);
    expect(body.faqs[0].id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('a refused save says Failed to save content. and keeps every typed word', async () => {
    const { saved } = setup(() => ({
      status: 400,
      body: {
        error: {
          code: 'validation',
          message: 'Keep this under 200 characters.',
          fields: { 'content.hero_heading': 'Keep this under 200 characters.' },
        },
      },
    }));
    const heading = within(await screen.findByRole('region', { name: 'Hero' })).getByLabelText('Heading');
    await userEvent.clear(heading);
    await userEvent.type(heading, 'Typed before the failure');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(LANDING_MESSAGES.saveFailed);
    expect(saved()).toHaveLength(1);
    expect(heading).toHaveValue('Typed before the failure');
    expect(heading).toHaveAttribute('aria-invalid', 'true');
    expect(heading).toHaveAccessibleDescription('Keep this under 200 characters.');
  });

  it('an FAQ without a question is flagged in the browser and nothing is sent', async () => {
    const { saved } = setup(storedAnswer);
    await userEvent.click(await screen.findByRole('button', { name: 'Add FAQ' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText(LANDING_MESSAGES.saveFailed);
    expect(screen.getAllByLabelText('Question')[2]).toHaveAccessibleDescription('Enter a question.');
    expect(saved()).toHaveLength(0);
  });
});

describe('the landing editor asks before unsaved edits are lost', () => {
  const typeHeading = async (text: string) => {
    const heading = within(await screen.findByRole('region', { name: 'Hero' })).getByLabelText('Heading');
    await userEvent.clear(heading);
    await userEvent.type(heading, text);
  };

  it('leaving with edits asks: Cancel stays, Discard Changes leaves without saving', async () => {
    const { saved } = setup(storedAnswer);
    await typeHeading('Half typed');
    await userEvent.click(screen.getByRole('link', { name: 'Admin home' }));
    const ask = await screen.findByRole('alertdialog', { name: UNSAVED_MESSAGES.title });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(within(screen.getByRole('region', { name: 'Hero' })).getByLabelText('Heading')).toHaveValue('Half typed');
    await userEvent.click(screen.getByRole('link', { name: 'Admin home' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard Changes' }));
    await screen.findByText('Admin page');
    expect(saved()).toEqual([]);
  });

  it('Save & Close saves, then leaves; a saved editor leaves without asking', async () => {
    const { saved } = setup((body) => ({
      body: { ...stored, content: body.content, faqs: body.faqs.map((f, i) => ({ ...f, orderIndex: i })) },
    }));
    await typeHeading('Saved on the way out');
    await userEvent.click(screen.getByRole('link', { name: 'Admin home' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save & Close' }));
    await screen.findByText('Admin page');
    expect(saved().map((b) => b.content.hero_heading)).toEqual(['Saved on the way out']);
  });

  it('a refused Save & Close stays on the editor with the text', async () => {
    setup(() => ({
      status: 400,
      body: { error: { code: 'validation', message: 'Too long.', fields: { 'content.hero_heading': 'Too long.' } } },
    }));
    await typeHeading('Refused');
    await userEvent.click(screen.getByRole('link', { name: 'Admin home' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save & Close' }));
    await screen.findByText(LANDING_MESSAGES.saveFailed);
    // The question stays up after the refusal; Cancel goes back to the text as typed.
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Admin page')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Hero' })).getByLabelText('Heading')).toHaveValue('Refused');
  });
});
