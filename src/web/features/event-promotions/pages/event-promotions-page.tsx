import * as Tabs from '@radix-ui/react-tabs';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DEFAULT_PROMOTION_DAY_WINDOW,
  PROMOTION_DAY_WINDOWS,
  type PromotionDayWindow,
  type PromotionTierFilter,
} from '@shared/domain/promotions';
import { buttonClasses } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { Label } from '@web/components/ui/input';
import { ListFooter } from '@web/components/ui/list-footer';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api';
import { useListParams } from '@web/lib/use-list-params';
import { eventPromotionsQuery, type EventPromotionFilters } from '../api/get-event-promotions';
import { EventCard } from '../components/event-card';
import { TierFilterOptions } from '@web/lib/tier-filter-options';
import { WeeklyView } from '../components/weekly-view';

const WEEKLY_TAB = 'weekly-promotions';
const LIST_TAB = 'events-list';
/** The weekly view spans six weeks from this week's Sunday, well inside 90 days. */
const WEEKLY_FILTERS: EventPromotionFilters = { days: '90' };

const DAY_LABELS: Record<PromotionDayWindow, string> = {
  '30': 'Next 30 days',
  '90': 'Next 90 days',
  '180': 'Next 180 days',
  '365': 'Next 365 days',
  upcoming: 'All upcoming',
};

const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';
const TAB_TRIGGER =
  'rounded-md px-4 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

/** Event promotions (guide/intake-and-approvals.md#event-promotions): upcoming events and how ready their promotion is. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === WEEKLY_TAB ? WEEKLY_TAB : LIST_TAB;
  const onTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === WEEKLY_TAB) next.set('tab', WEEKLY_TAB);
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Event Promotions">
        <Link to="/request/new" className={buttonClasses('primary')}>
          + New Event Request
        </Link>
      </PageHeader>
      <Tabs.Root value={tab} onValueChange={onTab}>
        <Tabs.List aria-label="Event promotions views" className="mb-4 inline-flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value={WEEKLY_TAB} className={TAB_TRIGGER}>
            Weekly Promotions
          </Tabs.Trigger>
          <Tabs.Trigger value={LIST_TAB} className={TAB_TRIGGER}>
            Events List
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value={WEEKLY_TAB} className="focus:outline-none">
          <WeeklyTab />
        </Tabs.Content>
        <Tabs.Content value={LIST_TAB} className="focus:outline-none">
          <EventsListTab />
        </Tabs.Content>
      </Tabs.Root>
    </main>
  );
}

/** Server answers carry their own message; anything else (network, a bug) is unexpected. */
function useEventsErrorToast(error: Error | null) {
  useEffect(() => {
    if (!error) return;
    if (error instanceof ApiError && error.status > 0) {
      toast({ title: 'Error loading events', description: error.message, variant: 'destructive' });
    } else {
      toast({ title: 'Unexpected error', description: 'Failed to load events', variant: 'destructive' });
    }
  }, [error]);
}

/** The pages of events read so far, flattened, and the footer that reads the next one. */
function usePagedEvents(filters: EventPromotionFilters) {
  const result = useInfiniteQuery(eventPromotionsQuery(filters));
  useEventsErrorToast(result.error);
  const events = result.data?.pages.flatMap((p) => p.events) ?? [];
  const footer = (
    <ListFooter
      shown={events.length}
      total={result.data?.pages[0]?.total}
      noun="events"
      hasNextPage={result.hasNextPage}
      isFetchingNextPage={result.isFetchingNextPage}
      onLoadMore={() => void result.fetchNextPage()}
    />
  );
  return { result, events, footer };
}

function WeeklyTab() {
  const { result, events, footer } = usePagedEvents(WEEKLY_FILTERS);
  if (result.isPending) return <LoadingState label="Loading events..." />;
  if (result.isError) return <ErrorCard onRetry={() => void result.refetch()} />;
  return (
    <>
      <WeeklyView events={events} today={result.data.pages[0]?.today ?? ''} />
      {footer}
    </>
  );
}

function EventsListTab() {
  // The range and tier live in the address (decision 0057): closing an event comes back to them.
  const [params, setParams] = useListParams({ days: DEFAULT_PROMOTION_DAY_WINDOW as string, tier: '' });
  const days = (
    (PROMOTION_DAY_WINDOWS as readonly string[]).includes(params.days) ? params.days : DEFAULT_PROMOTION_DAY_WINDOW
  ) as PromotionDayWindow;
  // Any of the church's tier codes; one it does not have is refused by the server and said so.
  const tier: PromotionTierFilter | '' = params.tier;
  const setDays = (value: PromotionDayWindow) => setParams({ days: value });
  const setTier = (value: PromotionTierFilter | '') => setParams({ tier: value });
  const { result, events, footer } = usePagedEvents({ days, tier: tier || undefined });
  return (
    <>
      <div className="mb-4 grid max-w-xl gap-3 sm:grid-cols-2">
        <div>
          <Label htmlFor="events-days">Date range</Label>
          <select id="events-days" className={SELECT} value={days} onChange={(e) => setDays(e.target.value as PromotionDayWindow)}>
            {PROMOTION_DAY_WINDOWS.map((d) => (
              <option key={d} value={d}>
                {DAY_LABELS[d]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <Label htmlFor="events-tier">Tier</Label>
          <select id="events-tier" className={SELECT} value={tier} onChange={(e) => setTier(e.target.value as PromotionTierFilter | '')}>
            <option value="">All Tiers</option>
            <TierFilterOptions />
          </select>
        </div>
      </div>
      {result.isPending ? (
        <LoadingState label="Loading events..." />
      ) : result.isError ? (
        <ErrorCard onRetry={() => void result.refetch()} />
      ) : (
        <Card>
          {events.length === 0 ? (
            <EmptyState>No upcoming events in this range.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100">
              {events.map((e) => (
                <EventCard key={e.id} event={e} today={result.data.pages[0]?.today ?? ''} />
              ))}
            </ul>
          )}
          {footer}
        </Card>
      )}
    </>
  );
}

function ErrorCard({ onRetry }: { onRetry: () => void }) {
  return (
    <Card>
      <ErrorState message="Failed to load events" onRetry={onRetry} />
    </Card>
  );
}
