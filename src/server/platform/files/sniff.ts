/**
 * Content sniffing for uploads (ARCHITECTURE.md#contracts): the file's first bytes, not its name or the browser's
 * content type, say what it is. Office files are ZIP archives; their entry names tell Word
 * (word/...) from Excel (xl/...). Videos (social assets only) are MP4/M4V and QuickTime by their
 * ISO-BMFF `ftyp` box and WebM by its EBML header. First bytes alone are easy to fake, so uploads
 * go through `contentMatches` (content.ts), which also parses images, PDFs and video containers.
 */
export type SniffedType = 'jpg' | 'png' | 'pdf' | 'docx' | 'xlsx' | 'mp4' | 'mov' | 'webm';

const startsWith = (buf: Buffer, bytes: number[]) => buf.length >= bytes.length && bytes.every((b, i) => buf[i] === b);

export function sniffFileType(buf: Buffer): SniffedType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return officeKind(zipEntryNames(buf));
  if (buf.length >= 12 && buf.toString('latin1', 4, 8) === 'ftyp') return isoBmffKind(buf.toString('latin1', 8, 12));
  if (startsWith(buf, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlDocType(buf) === 'webm' ? 'webm' : null;
  return null;
}

/** Major brands of the MP4 family (ISO base media, MPEG-4, Apple's M4V); 'qt  ' is QuickTime. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4VH', 'M4VP', 'dash', 'msnv']);

function isoBmffKind(majorBrand: string): SniffedType | null {
  if (majorBrand === 'qt  ') return 'mov';
  return MP4_BRANDS.has(majorBrand) ? 'mp4' : null;
}

/**
 * An EBML variable-length integer at `offset`: its length comes from the leading zero bits of the
 * first byte. `keepMarker` keeps that length bit (element ids do, sizes do not). Null past the end.
 */
export function readVint(buf: Buffer, offset: number, keepMarker = false): { value: number; length: number; unknown: boolean } | null {
  if (offset >= buf.length) return null;
  const first = buf[offset];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || offset + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[offset + i];
    allOnes &&= buf[offset + i] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

/** The DocType ('webm', 'matroska') inside the EBML header, or null when it is not there. */
export function ebmlDocType(buf: Buffer): string | null {
  const header = ebmlHeaderBounds(buf);
  if (!header) return null;
  let offset = header.start;
  while (offset < header.end) {
    const id = readVint(buf, offset, true);
    const size = id && readVint(buf, offset + id.length);
    if (!id || !size || size.unknown) return null;
    const dataStart = offset + id.length + size.length;
    if (dataStart + size.value > header.end) return null;
    if (id.value === 0x4282) return buf.toString('latin1', dataStart, dataStart + size.value).split('\0')[0];
    offset = dataStart + size.value;
  }
  return null;
}

/** Where the EBML header's children start and end (the header is the file's first element). */
export function ebmlHeaderBounds(buf: Buffer): { start: number; end: number } | null {
  const id = readVint(buf, 0, true);
  if (!id || id.value !== 0x1a45dfa3) return null;
  const size = readVint(buf, id.length);
  if (!size || size.unknown) return null;
  const start = id.length + size.length;
  return start + size.value <= buf.length ? { start, end: start + size.value } : null;
}

function officeKind(names: string[]): SniffedType | null {
  if (names.some((n) => n.startsWith('word/'))) return 'docx';
  if (names.some((n) => n.startsWith('xl/'))) return 'xlsx';
  return null;
}

/** The MIME type we store and serve for each sniffed type. */
export const MIME_TYPES: Record<SniffedType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/** The sniffed type a file name's extension promises, or null for an extension we do not accept. */
export function expectedTypeOf(fileName: string): SniffedType | null {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  switch (ext) {
    case 'jpg':
    case 'jpeg':
      return 'jpg';
    case 'png':
    case 'pdf':
    case 'docx':
    case 'xlsx':
      return ext;
    default:
      return null;
  }
}

/** Every extension any upload accepts, and the type it promises. */
const EXTENSION_TYPES: Record<string, SniffedType> = {
  jpg: 'jpg',
  jpeg: 'jpg',
  png: 'png',
  pdf: 'pdf',
  docx: 'docx',
  xlsx: 'xlsx',
  mp4: 'mp4',
  m4v: 'mp4',
  mov: 'mov',
  webm: 'webm',
};

/**
 * Accept lists of the planning uploads (guide/requests.md#files-on-a-request): plan files take what
 * requests take; social assets take images and videos. Request uploads keep `expectedTypeOf`,
 * which never answers a video.
 */
export const PLAN_FILE_TYPES: readonly SniffedType[] = ['jpg', 'png', 'pdf', 'docx', 'xlsx'];
export const SOCIAL_ASSET_TYPES: readonly SniffedType[] = ['jpg', 'png', 'mp4', 'mov', 'webm'];

/** The sniffed type a file name's extension promises when that type is in `accepted`, else null. */
export function expectedTypeAmong(fileName: string, accepted: readonly SniffedType[]): SniffedType | null {
  const ext = fileName.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  const type = ext ? EXTENSION_TYPES[ext] : undefined;
  return type && accepted.includes(type) ? type : null;
}

/**
 * Entry names of a ZIP archive, read from the central directory (found through the end-of-central-
 * directory record); falls back to walking local headers when the archive is streamed or truncated.
 */
export function zipEntryNames(buf: Buffer): string[] {
  const fromDirectory = centralDirectoryNames(buf);
  return fromDirectory ?? localHeaderNames(buf);
}

function centralDirectoryNames(buf: Buffer): string[] | null {
  const minEocd = 22;
  const searchFrom = Math.max(0, buf.length - minEocd - 0xffff);
  for (let i = buf.length - minEocd; i >= searchFrom; i--) {
    if (buf.readUInt32LE(i) !== 0x06054b50) continue;
    const count = buf.readUInt16LE(i + 10);
    let offset = buf.readUInt32LE(i + 16);
    const names: string[] = [];
    for (let n = 0; n < count; n++) {
      if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== 0x02014b50) return null;
      const nameLength = buf.readUInt16LE(offset + 28);
      const extraLength = buf.readUInt16LE(offset + 30);
      const commentLength = buf.readUInt16LE(offset + 32);
      names.push(buf.toString('utf8', offset + 46, offset + 46 + nameLength));
      offset += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return null;
}

function localHeaderNames(buf: Buffer): string[] {
  const names: string[] = [];
  let offset = 0;
  while (offset + 30 <= buf.length && buf.readUInt32LE(offset) === 0x04034b50) {
    const flags = buf.readUInt16LE(offset + 6);
    const compressedSize = buf.readUInt32LE(offset + 18);
    const nameLength = buf.readUInt16LE(offset + 26);
    const extraLength = buf.readUInt16LE(offset + 28);
    names.push(buf.toString('utf8', offset + 30, offset + 30 + nameLength));
    // With a data descriptor (bit 3) the size is unknown here; the names seen so far must do.
    if (flags & 0x08) break;
    offset += 30 + nameLength + extraLength + compressedSize;
  }
  return names;
}
