import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SCHEDULE_MESSAGES, type ScheduleWork } from '@shared/api/people';
import type { SaveSocialBody, SaveVideosBody, SocialResponse, VideosResponse } from '@shared/api/sunday-media';
import type { SaveSermonBody, SundayDetail } from '@shared/api/sundays';
import { api } from '@web/lib/api';

export interface FillSundayWorkVars {
  work: ScheduleWork;
  assigneeId: string;
  /** The coordinator was told the person is blocked out that Sunday and assigns anyway. */
  confirmBlockout: boolean;
}

const gone = () => new Error(SCHEDULE_MESSAGES.workGone);

/**
 * Gives a video, a social post or a sermon role to a person from the schedule
 * (guide/sunday-planning.md#the-schedule): the row as its editor has it now and the plan's version,
 * then one save through the editor's own route with only the person changed, so the server's
 * checks (lock, version, who may own it, blockouts) and telling the person are the editor's.
 */
export async function fillSundayWork({ work, assigneeId, confirmBlockout }: FillSundayWorkVars): Promise<void> {
  const base = `/api/sundays/${work.sundayDate}`;
  const confirmed = confirmBlockout ? { confirmBlockout } : {};
  if (work.kind === 'video') {
    const data = await api.get<VideosResponse>(`${base}/videos`);
    const v = data.videos.find((x) => x.id === work.id);
    if (!v) throw gone();
    const body: SaveVideosBody = {
      version: data.version,
      videos: [
        {
          id: v.id,
          title: v.title,
          type: v.type,
          ministryId: v.ministryId,
          description: v.description,
          status: v.status,
          ownerId: assigneeId,
          durationSeconds: v.durationSeconds,
          orderInService: v.orderInService,
        },
      ],
      deleted: [],
      ...confirmed,
    };
    await api.put(`${base}/videos`, body);
    return;
  }
  if (work.kind === 'post') {
    const data = await api.get<SocialResponse>(`${base}/social`);
    const p = data.posts.find((x) => x.id === work.id);
    if (!p) throw gone();
    const body: SaveSocialBody = {
      version: data.version,
      posts: [
        {
          id: p.id,
          platform: p.platform,
          postType: p.postType,
          postDatetime: p.postDatetime,
          status: p.status,
          campaignTag: p.campaignTag,
          ownerId: assigneeId,
          caption: p.caption,
          hashtags: p.hashtags,
          assets: p.assets,
        },
      ],
      deleted: [],
      ...confirmed,
    };
    await api.put(`${base}/social`, body);
    return;
  }
  const detail = await api.get<SundayDetail>(base);
  const s = detail.sermon;
  const body: SaveSermonBody = {
    version: detail.servicePlan.version,
    seriesId: s.seriesId,
    sermonTitle: s.sermonTitle,
    teachingPastorId: work.kind === 'sermon_pastor' ? assigneeId : s.teachingPastorId,
    scriptureReference: s.scriptureReference,
    mainIdea: s.mainIdea,
    slidesNeeded: s.slidesNeeded,
    status: s.status,
    ownerId: work.kind === 'sermon_owner' ? assigneeId : s.ownerId,
    ...confirmed,
  };
  await api.put(`${base}/sermon`, body);
}

/** The schedule's fill of a video, post or sermon role; the schedule, the Sundays and the pickers reload. */
export function useFillSundayWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fillSundayWork,
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['schedule'] }), queryClient.invalidateQueries({ queryKey: ['sundays'] })]),
  });
}
