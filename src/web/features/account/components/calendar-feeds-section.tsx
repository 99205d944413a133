import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Copy, RefreshCw, Trash2 } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { FEEDS_MESSAGES as M, type Feed, type FeedKind } from '@shared/api/feeds';
import { formatDateTime } from '@shared/domain/dates';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input, Label } from '@web/components/ui/input';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { readerLocale } from '@web/lib/locale';
import { useCreateFeed } from '../api/create-feed';
import { feedsQuery } from '../api/get-feeds';
import { useRevokeFeed } from '../api/revoke-feed';
import { useSetTeamFeedFilter } from '../api/set-team-feed-filter';

const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 sm:w-72';

/** A button that asks first (regenerating and revoking both break the calendars subscribed to the link). */
function ConfirmButton(props: {
  label: string;
  title: string;
  description: string;
  action: string;
  destructive?: boolean;
  icon: ReactNode;
  disabled: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={props.disabled} className={props.destructive ? 'text-red-700 hover:bg-red-50' : ''}>
          {props.icon}
          {props.label}
        </Button>
      }
      title={props.title}
      description={props.description}
      confirm={props.action}
      destructive={props.destructive}
      onConfirm={props.onConfirm}
    />
  );
}

/** The link just made: a read-only field to select, a Copy button, and the warning that it is shown once. */
function FeedLink({ kind, url }: { kind: FeedKind; url: string }) {
  const input = useRef<HTMLInputElement>(null);
  const id = `feed-url-${kind}`;
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      toast({ title: M.copied });
    } catch {
      // Without the clipboard (a page not served over HTTPS, a refused permission) the link is selected to copy by hand.
      input.current?.select();
      toast({ title: M.copyFailed, variant: 'destructive' });
    }
  };
  return (
    <div className="mt-3">
      <Label htmlFor={id}>{M.urlLabel}</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          aria-describedby={`${id}-help`}
          className="font-mono text-xs"
        />
        <Button variant="outline" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden />
          {M.copy}
        </Button>
      </div>
      <p id={`${id}-help`} className="mt-1 text-sm text-amber-800">
        {M.shownOnce}
      </p>
    </div>
  );
}

interface PanelProps {
  kind: FeedKind;
  title: string;
  explain: string;
  feed: Feed | undefined;
  url: string | undefined;
  busy: boolean;
  onCreate: () => void;
  onRevoke: () => void;
  children?: ReactNode;
}

/** One feed: what it holds, its link (just made) or when it was made and last used, and its buttons. */
function FeedPanel({ kind, title, explain, feed, url, busy, onCreate, onRevoke, children }: PanelProps) {
  const locale = readerLocale();
  return (
    <section aria-labelledby={`feed-${kind}-heading`} className="px-5 py-4 sm:px-6">
      <h3 id={`feed-${kind}-heading`} className="text-sm font-semibold text-slate-900">
        {title}
      </h3>
      <p className="mt-0.5 text-sm text-slate-500">{explain}</p>
      {children}
      {url ? (
        <FeedLink kind={kind} url={url} />
      ) : feed ? (
        <p className="mt-3 text-sm text-slate-600">{M.hidden}</p>
      ) : (
        <p className="mt-3 text-sm text-slate-600">{M.none}</p>
      )}
      {feed && (
        <p className="mt-2 text-xs text-slate-500">
          Created {formatDateTime(feed.createdAt, locale)} · Last used {feed.lastUsedAt ? formatDateTime(feed.lastUsedAt, locale) : 'never'}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {feed ? (
          <>
            <ConfirmButton
              label={M.regenerate}
              title={M.regenerateConfirmTitle}
              description={M.regenerateConfirm}
              action="Regenerate"
              icon={<RefreshCw className="h-4 w-4" aria-hidden />}
              disabled={busy}
              onConfirm={onCreate}
            />
            <ConfirmButton
              label={M.revoke}
              title={M.revokeConfirmTitle}
              description={M.revokeConfirm}
              action={M.revoke}
              destructive
              icon={<Trash2 className="h-4 w-4" aria-hidden />}
              disabled={busy}
              onConfirm={onRevoke}
            />
          </>
        ) : (
          <Button size="sm" onClick={onCreate} disabled={busy}>
            <CalendarDays className="h-4 w-4" aria-hidden />
            {M.create}
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * Calendar feeds on the account page (decision 0033): the personal feed for everyone and,
 * for coordinators and above, the team feed with its ministry filter. A link is shown once, when it
 * is made or regenerated; the server keeps only its hash.
 */
export function CalendarFeedsSection() {
  const feeds = useQuery(feedsQuery);
  const [links, setLinks] = useState<Partial<Record<FeedKind, string>>>({});
  // The ministry picked here, until the server's filter (after a save) or the team feed's creation catches up.
  const [teamMinistry, setTeamMinistry] = useState<string | null>(null);
  const create = useCreateFeed((created) => setLinks((l) => ({ ...l, [created.feed.kind]: created.url })));
  const revoke = useRevokeFeed((kind) => setLinks((l) => ({ ...l, [kind]: undefined })));
  const setFilter = useSetTeamFeedFilter();
  const busy = create.isPending || revoke.isPending;

  let body: ReactNode;
  if (feeds.isPending) body = <LoadingState label="Loading calendar feeds..." />;
  else if (feeds.isError) body = <ErrorState message={M.loadFailed} onRetry={() => void feeds.refetch()} />;
  else {
    const byKind = new Map(feeds.data.feeds.map((f) => [f.kind, f]));
    const team = byKind.get('team');
    const ministry = teamMinistry ?? team?.ministryId ?? '';
    body = (
      <div className="divide-y divide-slate-200 border-t border-slate-200">
        <FeedPanel
          kind="personal"
          title={M.personalTitle}
          explain={M.personalExplain}
          feed={byKind.get('personal')}
          url={links.personal}
          busy={busy}
          onCreate={() => create.mutate({ kind: 'personal' })}
          onRevoke={() => revoke.mutate('personal')}
        />
        {feeds.data.canHaveTeamFeed && (
          <FeedPanel
            kind="team"
            title={M.teamTitle}
            explain={M.teamExplain}
            feed={team}
            url={links.team}
            busy={busy}
            onCreate={() => create.mutate({ kind: 'team', ministryId: ministry || null })}
            onRevoke={() => revoke.mutate('team')}
          >
            <div className="mt-3">
              <Label htmlFor="team-feed-ministry">{M.ministryLabel}</Label>
              <select
                id="team-feed-ministry"
                className={SELECT}
                value={ministry}
                disabled={setFilter.isPending}
                onChange={(e) => {
                  const picked = e.target.value;
                  setTeamMinistry(picked);
                  if (team) setFilter.mutate({ ministryId: picked || null }, { onError: () => setTeamMinistry(null) });
                }}
              >
                <option value="">{M.allMinistries}</option>
                {feeds.data.ministries.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name}
                  </option>
                ))}
              </select>
            </div>
          </FeedPanel>
        )}
      </div>
    );
  }

  return (
    <Card className="overflow-hidden" role="region" aria-labelledby="calendar-feeds-heading">
      <div className="px-5 py-4 sm:px-6">
        <h2 id="calendar-feeds-heading" className="text-lg font-semibold text-slate-900">
          {M.title}
        </h2>
        <p className="mt-1 text-sm text-slate-500">{M.intro}</p>
      </div>
      {body}
    </Card>
  );
}
