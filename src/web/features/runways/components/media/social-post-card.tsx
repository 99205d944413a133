import { Film, ImageIcon, Upload, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { assetKindOf, NEW_POST_PREFIX, SUNDAY_MEDIA_MESSAGES as M, type SocialAsset } from '@shared/api/sunday-media';
import { MAX_FILE_BYTES } from '@shared/domain/constants';
import { SOCIAL_PLATFORMS, SOCIAL_POST_TYPES, SOCIAL_STATUSES } from '@shared/domain/planning';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label, Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { uploadSocialAsset } from './api/upload-planning-file';
import { MediaCard } from './media-card';
import { fromLocalInput } from './post-time';
import { PostPreview } from './post-preview';
import { OwnerField, type SavedOwner } from '../owner-field';
import { SelectField } from './select-field';

export interface PostRow {
  /** A uuid once saved; 'new-...' until then (guide/sunday-planning.md#the-media-editor). */
  id: string;
  platform: (typeof SOCIAL_PLATFORMS)[number];
  postType: (typeof SOCIAL_POST_TYPES)[number];
  /** datetime-local value in the church's zone. */
  postTime: string;
  status: (typeof SOCIAL_STATUSES)[number];
  campaignTag: string;
  ownerId: string;
  caption: string;
  hashtags: string;
  assets: SocialAsset[];
  /** The owner it was saved with and their answer; null before its first save. */
  saved: SavedOwner | null;
}

/** Social assets: images and videos (guide/sunday-planning.md#the-media-editor), as the server's accept list has them. */
export const ASSET_ACCEPT = '.jpg,.jpeg,.png,.mp4,.m4v,.mov,.webm,image/jpeg,image/png,video/mp4,video/quicktime,video/webm';

interface Option {
  id: string;
  label: string;
}

interface SocialPostCardProps {
  sundayDate: string;
  row: PostRow;
  position: number;
  canEdit: boolean;
  owners: Option[];
  campaigns: string[];
  timeError?: string;
  onChange: (patch: Partial<PostRow>) => void;
  onDelete: () => void;
}

/** One post of the Social Media Plan: its fields, its assets (uploaded with progress) and its preview. */
export function SocialPostCard({
  sundayDate,
  row,
  position,
  canEdit,
  owners,
  campaigns,
  timeError,
  onChange,
  onDelete,
}: SocialPostCardProps) {
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = (field: string) => `post-${row.id}-${field}`;
  const name = `post ${position + 1}`;
  const campaignOptions = row.campaignTag && !campaigns.includes(row.campaignTag) ? [...campaigns, row.campaignTag] : campaigns;

  const upload = async (file: File) => {
    // The server refuses it too (413); saying so here spares sending 10 MB for nothing.
    if (file.size > MAX_FILE_BYTES) {
      toast({ title: M.uploadFailed, description: M.tooLarge(file.name), variant: 'destructive' });
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setProgress(0);
    try {
      const stored = await uploadSocialAsset(sundayDate, file, setProgress);
      onChange({ assets: [...row.assets, { url: stored.url, type: assetKindOf(stored.fileType) }] });
    } catch (err) {
      toast({ title: M.uploadFailed, description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <MediaCard
      heading={<h4 className="text-sm font-semibold text-slate-700">Post {position + 1}</h4>}
      unsaved={row.id.startsWith(NEW_POST_PREFIX)}
      name={name}
      canEdit={canEdit}
      onDelete={onDelete}
    >
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            id={id('platform')}
            label="Platform"
            value={row.platform}
            options={SOCIAL_PLATFORMS}
            disabled={!canEdit}
            onChange={(platform) => onChange({ platform })}
          />
          <SelectField
            id={id('format')}
            label="Format"
            value={row.postType}
            options={SOCIAL_POST_TYPES}
            disabled={!canEdit}
            onChange={(postType) => onChange({ postType })}
          />
          <SelectField
            id={id('status')}
            label="Status"
            value={row.status}
            options={SOCIAL_STATUSES}
            disabled={!canEdit}
            onChange={(status) => onChange({ status })}
          />
          <div>
            <Label htmlFor={id('time')}>Date and time (Eastern)</Label>
            <Input
              id={id('time')}
              type="datetime-local"
              value={row.postTime}
              disabled={!canEdit}
              aria-invalid={!!timeError}
              aria-describedby={timeError ? id('time-error') : undefined}
              onChange={(e) => onChange({ postTime: e.target.value })}
            />
            <FieldError id={id('time-error')} message={timeError} />
          </div>
          <SelectField
            id={id('campaign')}
            label="Campaign tag"
            value={row.campaignTag}
            options={campaignOptions}
            emptyLabel="None"
            disabled={!canEdit}
            onChange={(campaignTag) => onChange({ campaignTag })}
          />
          <OwnerField
            id={id('owner')}
            sundayDate={sundayDate}
            kind="post"
            itemId={row.id.startsWith(NEW_POST_PREFIX) ? null : row.id}
            title={`${row.platform} ${row.postType} ${name}`}
            value={row.ownerId}
            owners={owners}
            canEdit={canEdit}
            saved={row.saved}
            onChange={(ownerId) => onChange({ ownerId })}
          />
          <div className="sm:col-span-2">
            <Label htmlFor={id('caption')}>Caption</Label>
            <Textarea
              id={id('caption')}
              rows={3}
              value={row.caption}
              disabled={!canEdit}
              onChange={(e) => onChange({ caption: e.target.value })}
            />
          </div>
          <div className="sm:col-span-2">
            <Label htmlFor={id('hashtags')}>Hashtags</Label>
            <Input
              id={id('hashtags')}
              value={row.hashtags}
              placeholder="#sunday #church"
              disabled={!canEdit}
              onChange={(e) => onChange({ hashtags: e.target.value })}
            />
          </div>
          <div className="sm:col-span-2">
            <p className="mb-1 text-sm font-medium text-slate-700" id={id('assets-label')}>
              Assets
            </p>
            {row.assets.length > 0 && (
              <ul className="mb-2 flex flex-wrap gap-2" aria-labelledby={id('assets-label')}>
                {row.assets.map((asset, i) => (
                  <li
                    key={asset.url}
                    className="flex items-center gap-1 rounded-md border border-slate-200 bg-slate-50 py-1 pl-2 pr-1 text-xs text-slate-700"
                  >
                    {asset.type === 'video' ? (
                      <Film className="h-3.5 w-3.5" aria-hidden />
                    ) : (
                      <ImageIcon className="h-3.5 w-3.5" aria-hidden />
                    )}
                    <a href={asset.url} className="underline-offset-2 hover:underline">
                      {asset.type === 'video' ? 'Video' : 'Image'} {i + 1}
                    </a>
                    <Button
                      size="icon"
                      variant="ghost"
                      className="!h-6 !w-6"
                      aria-label={`Remove ${asset.type} ${i + 1} from ${name}`}
                      disabled={!canEdit}
                      onClick={() => onChange({ assets: row.assets.filter((a) => a.url !== asset.url) })}
                    >
                      <X className="h-3.5 w-3.5" aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <label
              htmlFor={id('upload')}
              className={`inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 focus-within:ring-2 focus-within:ring-brand-600/30 hover:bg-slate-50 ${!canEdit || progress !== null ? 'pointer-events-none opacity-50' : ''}`}
            >
              <Upload className="h-4 w-4" aria-hidden />
              Upload image or video
              <input
                ref={fileInput}
                id={id('upload')}
                type="file"
                accept={ASSET_ACCEPT}
                className="sr-only"
                disabled={!canEdit || progress !== null}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void upload(file);
                }}
              />
            </label>
            {progress !== null && (
              <div className="mt-2 flex items-center gap-2 text-xs text-slate-600">
                <progress className="h-2 w-40" max={1} value={progress} aria-label={`Uploading to ${name}`} />
                {Math.round(progress * 100)}%
              </div>
            )}
          </div>
        </div>
        <PostPreview
          platform={row.platform}
          postType={row.postType}
          caption={row.caption}
          hashtags={row.hashtags}
          postDatetime={fromLocalInput(row.postTime)}
          assets={row.assets}
        />
      </div>
    </MediaCard>
  );
}
