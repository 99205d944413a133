import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { SAMPLE_FILES } from '../../test/sample-files';
import { contentMatches } from './content';

const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const head = (buf: Buffer, n: number) => buf.subarray(0, n);

describe('contentMatches', () => {
  it('accepts real files of each accepted type', async () => {
    for (const type of ['jpg', 'png', 'pdf', 'docx', 'xlsx'] as const) {
      expect(await contentMatches(SAMPLE_FILES[type], type), type).toBe(true);
    }
  });

  it('accepts larger images and PDFs made by the libraries themselves', async () => {
    const picture = sharp({
      create: { width: 640, height: 480, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    });
    expect(await contentMatches(await picture.clone().jpeg().toBuffer(), 'jpg')).toBe(true);
    expect(await contentMatches(await picture.clone().png().toBuffer(), 'png')).toBe(true);
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Harvest Dinner');
    doc.addPage();
    expect(await contentMatches(Buffer.from(await doc.save()), 'pdf')).toBe(true);
  });

  it('refuses a right first few bytes followed by HTML', async () => {
    expect(await contentMatches(Buffer.concat([head(SAMPLE_FILES.png, 8), HTML]), 'png')).toBe(false);
    expect(await contentMatches(Buffer.concat([head(SAMPLE_FILES.jpg, 4), HTML]), 'jpg')).toBe(false);
    expect(await contentMatches(Buffer.concat([Buffer.from('%PDF-1.7\n'), HTML]), 'pdf')).toBe(false);
  });

  it('refuses truncated and corrupted images, a PDF without pages, and one type named as another', async () => {
    expect(await contentMatches(head(SAMPLE_FILES.png, SAMPLE_FILES.png.length - 20), 'png')).toBe(false);
    expect(await contentMatches(head(SAMPLE_FILES.jpg, SAMPLE_FILES.jpg.length - 30), 'jpg')).toBe(false);
    const flipped = Buffer.from(SAMPLE_FILES.png);
    flipped[40] ^= 0xff; // inside the pixel data: its checksum no longer matches
    expect(await contentMatches(flipped, 'png')).toBe(false);
    expect(await contentMatches(Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false })), 'pdf')).toBe(false);
    expect(await contentMatches(SAMPLE_FILES.png, 'jpg')).toBe(false);
    expect(await contentMatches(SAMPLE_FILES.docx, 'xlsx')).toBe(false);
  });
});
