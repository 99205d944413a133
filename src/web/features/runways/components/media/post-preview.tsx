import { Heart, MessageCircle, Play, Repeat2, Send, ThumbsUp } from 'lucide-react';
import type { SocialAsset } from '@shared/api/sunday-media';
import type { SOCIAL_PLATFORMS } from '@shared/domain/planning';
import { previewMoment } from './post-time';

type Platform = (typeof SOCIAL_PLATFORMS)[number];

/**
 * How each platform lays a post out, roughly: the picture first with the caption under it
 * (Instagram, TikTok, YouTube), or the text first with the picture under it (Facebook, Threads,
 * LinkedIn, X); its accent colour and the shape of its media.
 */
const LOOK: Record<Platform, { accent: string; mediaFirst: boolean; aspect: string; handle: string }> = {
  Instagram: { accent: 'from-fuchsia-500 via-rose-500 to-amber-400', mediaFirst: true, aspect: 'aspect-square', handle: '@ourchurch' },
  Facebook: { accent: 'from-blue-600 to-blue-600', mediaFirst: false, aspect: 'aspect-video', handle: 'Our Church' },
  Threads: { accent: 'from-slate-900 to-slate-900', mediaFirst: false, aspect: 'aspect-[4/5]', handle: '@ourchurch' },
  YouTube: { accent: 'from-red-600 to-red-600', mediaFirst: true, aspect: 'aspect-video', handle: 'Our Church' },
  TikTok: { accent: 'from-cyan-400 to-pink-500', mediaFirst: true, aspect: 'aspect-[9/16] max-h-72', handle: '@ourchurch' },
  LinkedIn: { accent: 'from-sky-700 to-sky-700', mediaFirst: false, aspect: 'aspect-video', handle: 'Our Church' },
  'X (Twitter)': { accent: 'from-black to-black', mediaFirst: false, aspect: 'aspect-video', handle: '@ourchurch' },
};

export const inlineUrl = (url: string) => `${url}?disposition=inline`;

export interface PostPreviewProps {
  platform: Platform;
  postType: string;
  caption: string;
  hashtags: string;
  postDatetime: string | null;
  assets: SocialAsset[];
}

/** A card that looks like the platform's post: caption, hashtags, the first image or video, the platform's name. */
export function PostPreview({ platform, postType, caption, hashtags, postDatetime, assets }: PostPreviewProps) {
  const look = LOOK[platform];
  const first = assets[0];
  const media = (
    <div className={`flex w-full items-center justify-center overflow-hidden bg-slate-100 ${look.aspect}`}>
      {!first ? (
        <span className="px-4 text-center text-xs text-slate-600">No image or video yet</span>
      ) : first.type === 'video' ? (
        <video src={inlineUrl(first.url)} className="h-full w-full object-cover" controls muted preload="metadata" aria-label="Post video">
          <track kind="captions" />
        </video>
      ) : (
        <img src={inlineUrl(first.url)} alt="First asset of the post" className="h-full w-full object-cover" />
      )}
    </div>
  );
  const text = (
    <div className="space-y-1 px-3 py-2 text-sm">
      {caption.trim() ? (
        <p className="whitespace-pre-wrap break-words text-slate-900">{caption}</p>
      ) : (
        <p className="italic text-slate-600">No caption yet</p>
      )}
      {hashtags.trim() && <p className="break-words text-sky-700">{hashtags}</p>}
    </div>
  );
  return (
    <figure aria-label={`${platform} preview`} className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className={`h-1 bg-gradient-to-r ${look.accent}`} />
      <figcaption className="flex items-center gap-2 px-3 py-2">
        <span className={`h-7 w-7 shrink-0 rounded-full bg-gradient-to-br ${look.accent}`} aria-hidden />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-slate-900">{look.handle}</span>
          <span className="block truncate text-xs text-slate-500">
            {platform} · {postType}
            {postDatetime ? ` · ${previewMoment(postDatetime)}` : ''}
          </span>
        </span>
        {assets.length > 1 && <span className="text-xs text-slate-500">1/{assets.length}</span>}
      </figcaption>
      {look.mediaFirst ? (
        <>
          {media}
          {text}
        </>
      ) : (
        <>
          {text}
          {media}
        </>
      )}
      <div className="flex gap-4 border-t border-slate-100 px-3 py-2 text-slate-500" aria-hidden>
        {platform === 'Facebook' || platform === 'LinkedIn' ? <ThumbsUp className="h-4 w-4" /> : <Heart className="h-4 w-4" />}
        <MessageCircle className="h-4 w-4" />
        {platform === 'X (Twitter)' || platform === 'Threads' ? <Repeat2 className="h-4 w-4" /> : <Send className="h-4 w-4" />}
        {platform === 'YouTube' && <Play className="h-4 w-4" />}
      </div>
    </figure>
  );
}
