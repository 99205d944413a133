// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestDetail } from '@shared/api/request-detail';
import { OverviewTab } from './overview-tab';

function detail(over: Partial<RequestDetail> = {}): RequestDetail {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    version: 1,
    eventTitle: 'Marriage Retreat',
    status: 'approved',
    priority: 'medium',
    tier: 'A',
    ministry: { id: 'm1', name: 'Worship' },
    requester: { id: 'r1', fullName: 'Ruth Requester', role: 'requester', email: 'requester@example.org' },
    coordinator: null,
    promotionStartDate: '2030-02-01',
    eventStartDate: '2030-02-22',
    eventEndDate: null,
    startTime: '18:00',
    endTime: '20:00',
    location: 'Main Campus',
    expectedAttendance: null,
    descriptionShort: 'Short',
    descriptionLong: null,
    targetAudience: null,
    ctaType: 'url',
    ctaUrl: null,
    isImpactInOne: false,
    planningCenterAdded: true,
    planningCenterLink: null,
    infoLink: null,
    registrationLink: null,
    websiteDescription: null,
    designDirection: 'template',
    designNotes: null,
    otherChannelText: null,
    contentCompleteScore: 85,
    submittedAt: '2030-01-01T12:00:00.000Z',
    archivedAt: null,
    items: [],
    pages: {
      assets: { hasMore: false, nextCursor: null },
      activity: { hasMore: false, nextCursor: null },
      messages: { hasMore: false, nextCursor: null },
    },
    assets: [],
    activity: [],
    messages: [],
    viewers: [],
    coordinatorCandidates: [],
    allowedActions: { canEdit: false, canAdmin: false, canMessage: false, canUpload: false, isViewOnly: true },
    ...over,
  };
}

function renderOverview(d: RequestDetail) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <OverviewTab detail={d} />
    </QueryClientProvider>,
  );
}

/** The text of the Time row of the overview. */
const timeRow = () => screen.getByText('Time').nextElementSibling?.textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('overview times', () => {
  it("reads the church's event times in the reader's locale convention", () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-US'], language: 'en-US' });
    renderOverview(detail());
    expect(timeRow()).toBe('6:00 PM - 8:00 PM');
    cleanup();
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
    renderOverview(detail());
    expect(timeRow()).toBe('18:00 - 20:00');
  });

  it('reads the submission moment in the locale style too', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
    renderOverview(detail());
    // 2030-01-01 12:00 UTC: the date and a 24-hour time, whatever the reader's zone does to the hour.
    expect(screen.getByText('Submitted').nextElementSibling?.textContent).toMatch(
      /^(31 Dec 2029|1 Jan 2030|2 Jan 2030), ([01]\d|2[0-3]):[0-5]\d$/,
    );
  });

  it('shows the start alone when no end is known', () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-US'], language: 'en-US' });
    renderOverview(detail({ endTime: null, startTime: '09:30' }));
    expect(timeRow()).toBe('9:30 AM');
  });
});
