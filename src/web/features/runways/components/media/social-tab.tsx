import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { defaultPostDatetime, SUNDAY_MEDIA_MESSAGES as M, type SocialResponse } from '@shared/api/sunday-media';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { useUnsavedGuard } from '@web/components/ui/unsaved-guard';
import { deletePost } from './api/delete-post';
import { socialQuery } from './api/get-social';
import { useLockSunday } from './api/lock-sunday';
import { saveSocial } from './api/save-social';
import { fromLocalInput, longDate, toLocalInput } from './post-time';
import { LockedNotice, SaveProblemBanner } from './save-problem';
import { SocialPostCard, type PostRow } from './social-post-card';
import { useRegisterGuard, type TabProps } from './tab-props';
import { newKey, useDraft } from './use-draft';
import { useTabSave } from './use-tab-save';

interface SocialDraft {
  posts: PostRow[];
}

const toDraft = (data: SocialResponse): SocialDraft => ({
  posts: data.posts.map((p) => ({
    id: p.id,
    platform: p.platform,
    postType: p.postType,
    postTime: toLocalInput(p.postDatetime),
    status: p.status,
    campaignTag: p.campaignTag,
    ownerId: p.ownerId ?? '',
    caption: p.caption ?? '',
    hashtags: p.hashtags ?? '',
    assets: p.assets,
  })),
});

/** A new post as the spec's defaults have it: Instagram, Static Image, Planned, 17:00 UTC on the Sunday. */
const blankPost = (sundayDate: string): PostRow => ({
  id: newKey('new'),
  platform: 'Instagram',
  postType: 'Static Image',
  postTime: toLocalInput(defaultPostDatetime(sundayDate)),
  status: 'Planned',
  campaignTag: '',
  ownerId: '',
  caption: '',
  hashtags: '',
  assets: [],
});

const TIME_REQUIRED = 'Choose the date and time of the post.';

/**
 * The Social Media Plan for the week of the Sunday (spec 002 sections 2-9): its posts with a
 * per-platform preview and asset upload, Add Post, Save All, Cancel, and Lock Sunday while open.
 */
export function SocialTab({ sundayDate, registerGuard, onCancel }: TabProps & { onCancel: () => void }) {
  const query = useQuery(socialQuery(sundayDate));
  const queryClient = useQueryClient();
  const { draft, origin, dirty, update, settle, reset } = useDraft(query.data, toDraft);
  const { problem, report, saving, showErrors, setShowErrors, run, reload } = useTabSave({
    query,
    queryKey: socialQuery(sundayDate).queryKey,
    reset,
    savedTitle: M.socialSaved,
    failedTitle: M.errorSavingSocial,
  });
  const [deleting, setDeleting] = useState<string | null>(null);
  const lock = useLockSunday(sundayDate);
  const data = query.data;
  const canEdit = !!data?.canEdit && problem?.kind !== 'locked';

  const save = useCallback(async (): Promise<boolean> => {
    if (!data || !draft || !origin) return false;
    if (draft.posts.some((p) => !fromLocalInput(p.postTime))) {
      setShowErrors(true);
      return false;
    }
    return run(() =>
      saveSocial(sundayDate, {
        version: origin.version,
        posts: draft.posts.map((p) => ({
          id: p.id,
          platform: p.platform,
          postType: p.postType,
          postDatetime: fromLocalInput(p.postTime)!,
          status: p.status,
          campaignTag: p.campaignTag,
          ownerId: p.ownerId || null,
          caption: p.caption.trim() ? p.caption : null,
          hashtags: p.hashtags.trim() ? p.hashtags : null,
          assets: p.assets,
        })),
      }),
    );
  }, [data, draft, origin, run, setShowErrors, sundayDate]);

  const guard = useUnsavedGuard({ dirty, save });
  const [askingLock, setAskingLock] = useState(false);
  // A saved post is gone from the server at once, so its delete is asked first; a new one is not.
  const [askingDelete, setAskingDelete] = useState<PostRow | null>(null);
  useRegisterGuard(registerGuard, guard.requestClose);

  /** A saved post is deleted on the server at once (with the version the editor holds); a new one only here. */
  const remove = async (row: PostRow) => {
    if (row.id.startsWith('new-') || !origin) {
      update((d) => ({ posts: d.posts.filter((p) => p.id !== row.id) }));
      return;
    }
    setDeleting(row.id);
    try {
      const { version } = await deletePost(sundayDate, row.id, origin.version);
      const drop = <T extends { posts: Array<{ id: string }> }>(d: T): T => ({ ...d, posts: d.posts.filter((p) => p.id !== row.id) });
      settle(drop, (o) => ({ ...drop(o), version }));
      queryClient.setQueryData<SocialResponse>(socialQuery(sundayDate).queryKey, (old) => (old ? { ...drop(old), version } : old));
    } catch (err) {
      report(err, M.errorDeletingPost);
      void query.refetch();
    } finally {
      setDeleting(null);
    }
  };

  if (query.isPending) return <LoadingState />;
  if (query.isError || !data || !draft) return <ErrorState message={M.errorFetching} onRetry={() => void query.refetch()} />;

  const owners = data.owners.map((o) => ({ id: o.id, label: o.fullName }));
  for (const p of data.posts)
    if (p.ownerId && !owners.some((o) => o.id === p.ownerId)) owners.push({ id: p.ownerId, label: p.ownerName ?? 'Former member' });

  return (
    <section aria-labelledby="social-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="social-heading" className="text-base font-semibold text-slate-900">
          {M.socialTitle(longDate(sundayDate))}
        </h3>
        <Button variant="outline" onClick={() => update((d) => ({ posts: [...d.posts, blankPost(sundayDate)] }))} disabled={!canEdit}>
          <Plus className="h-4 w-4" aria-hidden /> Add Post
        </Button>
      </div>
      <LockedNotice show={data.isLocked && !canEdit} />
      <SaveProblemBanner problem={problem} onReload={() => void reload()} reloading={query.isFetching} />
      {draft.posts.length === 0 ? (
        <EmptyState>{M.noPosts}</EmptyState>
      ) : (
        <ol className="space-y-4" aria-label="Posts">
          {draft.posts.map((row, i) => (
            <SocialPostCard
              key={row.id}
              sundayDate={sundayDate}
              row={row}
              position={i}
              canEdit={canEdit}
              owners={owners}
              campaigns={data.campaignOptions}
              timeError={showErrors && !fromLocalInput(row.postTime) ? TIME_REQUIRED : undefined}
              deleting={deleting === row.id}
              onChange={(patch) => update((d) => ({ posts: d.posts.map((p) => (p.id === row.id ? { ...p, ...patch } : p)) }))}
              onDelete={() => (row.id.startsWith('new-') ? void remove(row) : setAskingDelete(row))}
            />
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={!!askingDelete}
        onOpenChange={(open) => !open && setAskingDelete(null)}
        title="Delete this post?"
        description="The post is deleted from this Sunday's plan now, with its preview and files; Cancel on the editor does not bring it back."
        confirm="Delete Post"
        destructive
        onConfirm={() => {
          if (askingDelete) void remove(askingDelete);
        }}
      />
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 pt-4">
        {data.canLock && (
          <>
            {/* Locking freezes the whole Sunday: asked first, and only once the edits here are saved or cancelled. */}
            <Button
              variant="secondary"
              className="mr-auto"
              onClick={() => setAskingLock(true)}
              disabled={lock.isPending || dirty}
              title={dirty ? 'Save or cancel your changes before locking.' : undefined}
            >
              <Lock className="h-4 w-4" aria-hidden /> Lock Sunday
            </Button>
            <ConfirmDialog
              open={askingLock}
              onOpenChange={setAskingLock}
              title="Lock this Sunday?"
              description="Its plan and media become read-only for everyone but an admin, who can unlock it."
              confirm="Lock Sunday"
              pendingLabel="Locking..."
              onConfirm={() => lock.mutate()}
            />
          </>
        )}
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={!canEdit || !dirty || saving}>
          {saving ? 'Saving...' : 'Save All'}
        </Button>
      </div>
      {guard.dialog}
    </section>
  );
}
