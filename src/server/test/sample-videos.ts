/**
 * The smallest real video containers, byte for byte: an MP4 (ftyp isom, a movie box with its
 * header, media data), a QuickTime movie (ftyp 'qt  ') and a WebM (EBML header with DocType
 * 'webm', then a Segment with its Info). Enough for content checks, which read containers only.
 */
const box = (type: string, payload: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
};

function isoMovie(majorBrand: string, compatible: string[]): Buffer {
  const ftyp = box(
    'ftyp',
    Buffer.concat([Buffer.from(majorBrand, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from(compatible.join(''), 'latin1')]),
  );
  const mvhd = Buffer.alloc(100); // version 0, flags, times, timescale, duration, rate, volume, matrix...
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd)), box('mdat', Buffer.from('frames'))]);
}

/** An EBML element: id bytes, a one-byte size (values under 127 bytes), the data. */
const element = (id: number[], data: Buffer) => Buffer.concat([Buffer.from(id), Buffer.from([0x80 | data.length]), data]);

function webm(docType = 'webm'): Buffer {
  const header = element(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      element([0x42, 0x86], Buffer.from([1])),
      element([0x42, 0xf7], Buffer.from([1])),
      element([0x42, 0xf2], Buffer.from([4])),
      element([0x42, 0xf3], Buffer.from([8])),
      element([0x42, 0x82], Buffer.from(docType, 'latin1')),
      element([0x42, 0x87], Buffer.from([4])),
      element([0x42, 0x85], Buffer.from([2])),
    ]),
  );
  const info = element([0x15, 0x49, 0xa9, 0x66], element([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40])));
  return Buffer.concat([header, element([0x18, 0x53, 0x80, 0x67], info)]);
}

export const SAMPLE_VIDEOS = {
  mp4: isoMovie('isom', ['isom', 'iso2', 'mp41']),
  mov: isoMovie('qt  ', ['qt  ']),
  webm: webm(),
  matroska: webm('matroska'),
};
