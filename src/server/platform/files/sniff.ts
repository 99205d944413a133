/**
 * Content sniffing for uploads (DESIGN 4): the file's first bytes, not its name or the browser's
 * content type, say what it is. Office files are ZIP archives; their entry names tell Word
 * (word/...) from Excel (xl/...). First bytes alone are easy to fake, so uploads go through
 * `contentMatches` (content.ts), which also parses images and PDFs.
 */
export type SniffedType = 'jpg' | 'png' | 'pdf' | 'docx' | 'xlsx';

const startsWith = (buf: Buffer, bytes: number[]) => buf.length >= bytes.length && bytes.every((b, i) => buf[i] === b);

export function sniffFileType(buf: Buffer): SniffedType | null {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buf, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf'; // %PDF-
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return officeKind(zipEntryNames(buf));
  return null;
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
