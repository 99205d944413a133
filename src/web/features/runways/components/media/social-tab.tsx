import { useQuery } from '@tanstack/react-query';
import { Lock, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { defaultPostDatetime, NEW_POST_PREFIX, SUNDAY_MEDIA_MESSAGES as M, type SocialResponse } from '@shared/api/sunday-media';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { useUnsavedGuard } from '@web/components/ui/unsaved-guard';
import { socialQuery } from './api/get-social';
import { useLockSunday } from '../../api/lock-sunday';
import { saveSocial } from './api/save-social';
import { fromLocalInput, longDate, toLocalInput } from './post-time';
import { LockedNotice, SaveProblemBanner } from './save-problem';
import { SocialPostCard, type PostRow } from './social-post-card';
import { useRegisterGuard, type TabProps } from './tab-props';
import { newKey, stageDelete, useDraft } from './use-draft';
import { useTabSave } from './use-tab-save';

interface SocialDraft {
  posts: PostRow[];
  /** Saved posts deleted here: gone from the server only with Save All, back with Cancel (as videos and slides). */
  deleted: string[];
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
    saved: p.ownerId ? { ownerId: p.ownerId, response: p.response, reason: p.responseReason } : null,
  })),
  deleted: [],
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
  saved: null,
});

const TIME_REQUIRED = 'Choose the date and time of the post.';

/** The draft's only change is deleted posts: a refusal then says 'Error deleting post' (guide/sunday-planning.md#the-media-editor). */
function onlyDeletes(draft: SocialDraft | undefined, origin: SocialResponse | undefined): boolean {
  if (!draft || !origin || draft.deleted.length === 0) return false;
  const kept = toDraft(origin).posts.filter((p) => !draft.deleted.includes(p.id));
  return JSON.stringify(kept) === JSON.stringify(draft.posts);
}

/**
 * The Social Media Plan for the week of the Sunday (guide/sunday-planning.md#the-media-editor): its posts with a
 * per-platform preview and asset upload, Add Post, Save All, Cancel, and Lock Sunday while open.
 */
export function SocialTab({ sundayDate, registerGuard, onCancel }: TabProps & { onCancel: () => void }) {
  const query = useQuery(socialQuery(sundayDate));
  const { draft, origin, dirty, update, reset } = useDraft(query.data, toDraft);
  const { problem, saving, showErrors, setShowErrors, run, reload, blockoutDialog } = useTabSave({
    query,
    queryKey: socialQuery(sundayDate).queryKey,
    reset,
    savedTitle: M.socialSaved,
    failedTitle: onlyDeletes(draft, origin) ? M.errorDeletingPost : M.errorSavingSocial,
  });
  const lock = useLockSunday(sundayDate);
  const data = query.data;
  const canEdit = !!data?.canEdit && problem?.kind !== 'locked';

  const save = useCallback(async (): Promise<boolean> => {
    if (!data || !draft || !origin) return false;
    if (draft.posts.some((p) => !fromLocalInput(p.postTime))) {
      setShowErrors(true);
      return false;
    }
    return run((confirmBlockout) =>
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
        deleted: draft.deleted,
        ...(confirmBlockout ? { confirmBlockout } : {}),
      }),
    );
  }, [data, draft, origin, run, setShowErrors, sundayDate]);

  const guard = useUnsavedGuard({ dirty, save });
  const [askingLock, setAskingLock] = useState(false);
  // A saved post's delete is asked first (it takes its preview and files with it on Save All); a new one is not.
  const [askingDelete, setAskingDelete] = useState<PostRow | null>(null);
  useRegisterGuard(registerGuard, guard.requestClose);

  /** Staged like a video's or a slide's: the post leaves the draft now and the server on Save All. */
  const remove = (row: PostRow) =>
    update((d) => {
      const staged = stageDelete(d.posts, d.deleted, (p) => p.id === row.id, row.id.startsWith(NEW_POST_PREFIX) ? undefined : row.id);
      return { posts: staged.list, deleted: staged.deleted };
    });

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
        <Button variant="outline" onClick={() => update((d) => ({ ...d, posts: [...d.posts, blankPost(sundayDate)] }))} disabled={!canEdit}>
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
              onChange={(patch) => update((d) => ({ ...d, posts: d.posts.map((p) => (p.id === row.id ? { ...p, ...patch } : p)) }))}
              onDelete={() => (row.id.startsWith(NEW_POST_PREFIX) ? remove(row) : setAskingDelete(row))}
            />
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={!!askingDelete}
        onOpenChange={(open) => !open && setAskingDelete(null)}
        title="Delete this post?"
        description="The post leaves this Sunday's plan, with its preview and files, when you Save All; Cancel on the editor brings it back."
        confirm="Delete Post"
        destructive
        onConfirm={() => {
          if (askingDelete) remove(askingDelete);
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
      {blockoutDialog}
    </section>
  );
}
