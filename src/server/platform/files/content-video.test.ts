import { describe, expect, it } from 'vitest';
import { SAMPLE_FILES } from '../../test/sample-files';
import { SAMPLE_VIDEOS } from '../../test/sample-videos';
import { contentMatches, isoBoxesHoldTogether } from './content';

const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

describe('contentMatches: videos', () => {
  it('accepts real minimal MP4, QuickTime and WebM files', async () => {
    expect(await contentMatches(SAMPLE_VIDEOS.mp4, 'mp4')).toBe(true);
    expect(await contentMatches(SAMPLE_VIDEOS.mov, 'mov')).toBe(true);
    expect(await contentMatches(SAMPLE_VIDEOS.webm, 'webm')).toBe(true);
  });

  it('refuses a PNG called .mp4, and one video type named as another', async () => {
    expect(await contentMatches(SAMPLE_FILES.png, 'mp4')).toBe(false);
    expect(await contentMatches(SAMPLE_VIDEOS.mov, 'mp4')).toBe(false);
    expect(await contentMatches(SAMPLE_VIDEOS.mp4, 'webm')).toBe(false);
  });

  it('refuses a right ftyp box followed by HTML, and truncated containers', async () => {
    const ftyp = SAMPLE_VIDEOS.mp4.subarray(0, SAMPLE_VIDEOS.mp4.readUInt32BE(0));
    expect(await contentMatches(Buffer.concat([ftyp, HTML]), 'mp4')).toBe(false);
    expect(await contentMatches(SAMPLE_VIDEOS.mp4.subarray(0, SAMPLE_VIDEOS.mp4.length - 3), 'mp4')).toBe(false);
    expect(await contentMatches(SAMPLE_VIDEOS.webm.subarray(0, SAMPLE_VIDEOS.webm.length - 2), 'webm')).toBe(false);
    const header = SAMPLE_VIDEOS.webm.subarray(0, 5 + (SAMPLE_VIDEOS.webm[4] & 0x7f));
    expect(await contentMatches(Buffer.concat([header, HTML]), 'webm')).toBe(false);
    expect(await contentMatches(Buffer.concat([SAMPLE_VIDEOS.webm, HTML]), 'webm')).toBe(false);
  });

  it('needs the movie box and sane box sizes', () => {
    const ftyp = SAMPLE_VIDEOS.mp4.subarray(0, SAMPLE_VIDEOS.mp4.readUInt32BE(0));
    expect(isoBoxesHoldTogether(ftyp)).toBe(false);
    const broken = Buffer.from(SAMPLE_VIDEOS.mp4);
    broken.writeUInt32BE(4, ftyp.length); // the moov box claims 4 bytes, less than its own header
    expect(isoBoxesHoldTogether(broken)).toBe(false);
    const toEnd = Buffer.from(SAMPLE_VIDEOS.mp4);
    toEnd.writeUInt32BE(0, toEnd.length - 14); // mdat, the last box, may say "to the end of the file"
    expect(isoBoxesHoldTogether(toEnd)).toBe(true);
  });
});
