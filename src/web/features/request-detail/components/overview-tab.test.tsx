// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestDetail } from '@shared/api/request-detail';
import { requestDetail } from '@web/test/request-detail';
import { renderWithClient } from '@web/test/test-utils';
import { OverviewTab } from './overview-tab';

const detail = requestDetail;

function renderOverview(d: RequestDetail) {
  renderWithClient(<OverviewTab detail={d} />);
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

describe('channels a late request could not get', () => {
  it('lists each dropped channel by its name with the reason, and nothing when none was dropped', () => {
    renderOverview(
      detail({
        droppedItems: [{ channel: 'stage_announcement', reason: 'Too late: it needs 28 days of production before its last run.' }],
      }),
    );
    const list = screen.getByRole('list', { name: 'Channels not made' });
    expect(list).toHaveTextContent('Sunday Stage Announcement: Too late: it needs 28 days of production before its last run.');
    cleanup();
    renderOverview(detail());
    expect(screen.queryByRole('list', { name: 'Channels not made' })).toBeNull();
  });
});
