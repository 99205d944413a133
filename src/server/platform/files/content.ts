import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { sniffFileType, type SniffedType } from './sniff';

// Each upload is decoded once; nothing is worth keeping in libvips' operation cache.
sharp.cache(false);

/**
 * Whether an upload is the file its extension promises (decision 0008). The first bytes must name
 * the type, and images and PDFs must then parse as a whole: a PNG signature followed by HTML has
 * the right first bytes but is no picture. Images are decoded by libvips (sharp), off the event
 * loop; PDFs are read by pdf-lib down to their page tree. Office files keep the ZIP entry check.
 */
export async function contentMatches(data: Buffer, expected: SniffedType): Promise<boolean> {
  if (sniffFileType(data) !== expected) return false;
  switch (expected) {
    case 'jpg':
      return decodesAs(data, 'jpeg');
    case 'png':
      return decodesAs(data, 'png');
    case 'pdf':
      return hasPages(data);
    case 'docx':
    case 'xlsx':
      return true;
  }
}

async function decodesAs(data: Buffer, format: 'jpeg' | 'png'): Promise<boolean> {
  try {
    // failOn 'error' refuses corrupt and truncated data but not the harmless warnings of real
    // cameras' files; sharp's default pixel limit (268 MP) bounds the work a small file can ask for.
    const image = sharp(data, { failOn: 'error', sequentialRead: true });
    if ((await image.metadata()).format !== format) return false;
    // Statistics need every pixel, so this decodes the whole image.
    await image.stats();
    return true;
  } catch {
    return false;
  }
}

async function hasPages(data: Buffer): Promise<boolean> {
  try {
    // Password-protected PDFs still have a readable structure; their content is not our business.
    const doc = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false });
    return doc.getPageCount() > 0;
  } catch {
    return false;
  }
}
