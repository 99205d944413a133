import { describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../../test/sample-files';
import { SAMPLE_VIDEOS } from '../../test/sample-videos';
import { ebmlDocType, expectedTypeAmong, expectedTypeOf, PLAN_FILE_TYPES, readVint, sniffFileType, SOCIAL_ASSET_TYPES } from './sniff';

describe('sniffFileType: videos', () => {
  it('tells MP4 and QuickTime apart by the ftyp major brand, and WebM by its EBML DocType', () => {
    expect(sniffFileType(SAMPLE_VIDEOS.mp4)).toBe('mp4');
    expect(sniffFileType(SAMPLE_VIDEOS.mov)).toBe('mov');
    expect(sniffFileType(SAMPLE_VIDEOS.webm)).toBe('webm');
  });

  it('refuses other ISO-BMFF brands (HEIC pictures) and Matroska files that are not WebM', () => {
    const heic = Buffer.from(SAMPLE_VIDEOS.mp4);
    heic.write('heic', 8, 'latin1');
    expect(sniffFileType(heic)).toBeNull();
    expect(sniffFileType(SAMPLE_VIDEOS.matroska)).toBeNull();
    expect(ebmlDocType(SAMPLE_VIDEOS.matroska)).toBe('matroska');
  });

  it('reads EBML variable-length integers, ids with their marker bit and sizes without', () => {
    expect(readVint(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), 0, true)).toEqual({ value: 0x1a45dfa3, length: 4, unknown: false });
    expect(readVint(Buffer.from([0x84]), 0)).toEqual({ value: 4, length: 1, unknown: false });
    expect(readVint(Buffer.from([0x40, 0x02]), 0)).toEqual({ value: 2, length: 2, unknown: false });
    expect(readVint(Buffer.from([0xff]), 0)?.unknown).toBe(true);
    expect(readVint(Buffer.from([0x00]), 0)).toBeNull();
    expect(readVint(Buffer.from([0x40]), 0)).toBeNull();
  });
});

describe('accept lists', () => {
  it('request files still refuse every video extension', () => {
    for (const name of ['clip.mp4', 'clip.m4v', 'clip.mov', 'clip.webm']) expect(expectedTypeOf(name), name).toBeNull();
  });

  it('social assets take images and videos, plan files take what requests take', () => {
    expect(expectedTypeAmong('Clip.MP4', SOCIAL_ASSET_TYPES)).toBe('mp4');
    expect(expectedTypeAmong('clip.m4v', SOCIAL_ASSET_TYPES)).toBe('mp4');
    expect(expectedTypeAmong('clip.mov', SOCIAL_ASSET_TYPES)).toBe('mov');
    expect(expectedTypeAmong('clip.webm', SOCIAL_ASSET_TYPES)).toBe('webm');
    expect(expectedTypeAmong('photo.jpeg', SOCIAL_ASSET_TYPES)).toBe('jpg');
    expect(expectedTypeAmong('plan.pdf', SOCIAL_ASSET_TYPES)).toBeNull();
    expect(expectedTypeAmong('plan.pdf', PLAN_FILE_TYPES)).toBe('pdf');
    expect(expectedTypeAmong('sheet.xlsx', PLAN_FILE_TYPES)).toBe('xlsx');
    expect(expectedTypeAmong('clip.mp4', PLAN_FILE_TYPES)).toBeNull();
    expect(expectedTypeAmong('noextension', SOCIAL_ASSET_TYPES)).toBeNull();
  });

  it('sniffing still names the picture inside a file called .mp4', () => {
    expect(sniffFileType(SAMPLE_FILES.png)).toBe('png');
  });
});
