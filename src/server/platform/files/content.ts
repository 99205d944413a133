import { ebmlHeaderBounds, readVint, sniffFileType, type SniffedType } from './sniff';

/**
 * The decoders load with the first upload that needs them, not with the app: sharp (libvips) and
 * pdf-lib take about 0.4 s to import, which every start of the server and every API test file
 * would pay for the few that check an image or a PDF.
 */
let sharpModule: Promise<typeof import('sharp')> | null = null;
function loadSharp(): Promise<typeof import('sharp')> {
  sharpModule ??= import('sharp').then((m) => {
    // Each upload is decoded once; nothing is worth keeping in libvips' operation cache.
    m.default.cache(false);
    return m;
  });
  return sharpModule;
}

/**
 * Whether an upload is the file its extension promises (decision 0008). The first bytes must name
 * the type, and images and PDFs must then parse as a whole: a PNG signature followed by HTML has
 * the right first bytes but is no picture. Images are decoded by libvips (sharp), off the event
 * loop; PDFs are read by pdf-lib down to their page tree. Office files keep the ZIP entry check.
 * Videos are not decoded (no codec library on the server); their container must hold together:
 * ISO-BMFF boxes tile the whole file and include the movie box, and a WebM's EBML header is
 * followed by its Segment.
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
    case 'mp4':
    case 'mov':
      return isoBoxesHoldTogether(data);
    case 'webm':
      return ebmlHasSegment(data);
  }
}

/** Top-level ISO-BMFF boxes: ftyp first, each size sane, together exactly the file, a moov among them. */
export function isoBoxesHoldTogether(data: Buffer): boolean {
  const types: string[] = [];
  let offset = 0;
  while (offset < data.length) {
    if (offset + 8 > data.length) return false;
    let size = data.readUInt32BE(offset);
    const type = data.toString('latin1', offset + 4, offset + 8);
    if (!/^[\x20-\x7e]{4}$/.test(type)) return false;
    if (size === 1) {
      if (offset + 16 > data.length) return false;
      size = Number(data.readBigUInt64BE(offset + 8));
      if (size < 16) return false;
    } else if (size === 0) {
      size = data.length - offset; // the last box runs to the end of the file
    } else if (size < 8) {
      return false;
    }
    if (offset + size > data.length) return false;
    types.push(type);
    offset += size;
  }
  return types[0] === 'ftyp' && types.includes('moov');
}

/** The EBML header is followed by a Segment (id 0x18538067) that ends where the file ends (or is live, of unknown size). */
export function ebmlHasSegment(data: Buffer): boolean {
  const header = ebmlHeaderBounds(data);
  if (!header) return false;
  const id = readVint(data, header.end, true);
  if (!id || id.value !== 0x18538067) return false;
  const size = readVint(data, header.end + id.length);
  if (!size) return false;
  return size.unknown || header.end + id.length + size.length + size.value === data.length;
}

async function decodesAs(data: Buffer, format: 'jpeg' | 'png'): Promise<boolean> {
  // Outside the try: a decoder that cannot load is the server's fault, not a bad file.
  const { default: sharp } = await loadSharp();
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
  const { PDFDocument } = await import('pdf-lib');
  try {
    // Password-protected PDFs still have a readable structure; their content is not our business.
    const doc = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false });
    return doc.getPageCount() > 0;
  } catch {
    return false;
  }
}
