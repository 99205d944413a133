import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VIDEO_STATUSES } from '../domain/planning';
import { defaultPostDatetime, saveSocialBody, saveVideosBody, videoCounts } from './sunday-media';

describe('videoCounts', () => {
  it('counts ready, played and scheduled as ready; in_production and review in progress; the rest planned', () => {
    expect(videoCounts(['ready', 'played', 'scheduled', 'in_production', 'review', 'planned'])).toEqual({
      ready: 3,
      inProgress: 2,
      planned: 1,
    });
    expect(videoCounts([])).toEqual({ ready: 0, inProgress: 0, planned: 0 });
  });

  it('puts every video in exactly one count', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...VIDEO_STATUSES)), (statuses) => {
        const c = videoCounts(statuses);
        expect(c.ready + c.inProgress + c.planned).toBe(statuses.length);
      }),
    );
  });
});

describe('bodies', () => {
  it('a new video defaults to an announcement, planned; durations are whole seconds from 0', () => {
    const body = saveVideosBody.parse({ version: 0, videos: [{ title: ' Baptism story ' }] });
    expect(body.videos[0]).toMatchObject({ title: 'Baptism story', type: 'announcement', status: 'planned', durationSeconds: null });
    expect(saveVideosBody.safeParse({ version: 0, videos: [{ title: 'x', durationSeconds: -1 }] }).success).toBe(false);
    expect(saveVideosBody.safeParse({ version: 0, videos: [{ title: 'x', durationSeconds: 1.5 }] }).success).toBe(false);
    expect(saveVideosBody.safeParse({ version: 0, videos: [{ title: '   ' }] }).success).toBe(false);
  });

  it('a new post defaults to Instagram, Static Image, Planned; ids are uuids or new-...', () => {
    const body = saveSocialBody.parse({ version: 0, posts: [{ id: 'new-1' }] });
    expect(body.posts[0]).toMatchObject({ platform: 'Instagram', postType: 'Static Image', status: 'Planned', campaignTag: '' });
    expect(saveSocialBody.safeParse({ version: 0, posts: [{ id: 'old-1' }] }).success).toBe(false);
    expect(
      saveSocialBody.safeParse({ version: 0, posts: [{ id: 'new-1', assets: [{ url: 'https://evil.example/x.png', type: 'image' }] }] })
        .success,
    ).toBe(false);
    expect(defaultPostDatetime('2030-01-06')).toBe('2030-01-06T17:00:00.000Z');
  });
});
