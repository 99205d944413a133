/**
 * Small real files of each accepted type, for upload tests (no fixtures on disk needed). The
 * pictures and the PDF must parse as a whole, not only start right: 2x2 pixel images made with
 * sharp, and a one-page PDF as pdf-lib writes it.
 */

/** A ZIP archive of empty stored entries with the given names: enough for content sniffing. */
export function buildZip(names: string[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const name of names) {
    const nameBuf = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

export const SAMPLE_FILES = {
  jpg: Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCiAimv/9k=',
    'base64',
  ),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4scDhxAIHBggFADCOBqFG64vHAAAAAElFTkSuQmCC',
    'base64',
  ),
  pdf: Buffer.from(
    [
      '%PDF-1.7',
      '%',
      '',
      '1 0 obj',
      '<<',
      '/Type /Pages',
      '/Kids [ 3 0 R ]',
      '/Count 1',
      '>>',
      'endobj',
      '',
      '2 0 obj',
      '<<',
      '/Type /Catalog',
      '/Pages 1 0 R',
      '>>',
      'endobj',
      '',
      '3 0 obj',
      '<<',
      '/Type /Page',
      '/Parent 1 0 R',
      '/Resources <<',
      '>>',
      '/MediaBox [ 0 0 72 72 ]',
      '>>',
      'endobj',
      '',
      'xref',
      '0 4',
      '0000000000 65535 f ',
      '0000000012 00000 n ',
      '0000000072 00000 n ',
      '0000000122 00000 n ',
      '',
      'trailer',
      '<<',
      '/Size 4',
      '/Root 2 0 R',
      '>>',
      '',
      'startxref',
      '211',
      '%%EOF',
    ].join('\n'),
    'latin1',
  ),
  docx: buildZip(['[Content_Types].xml', 'word/document.xml']),
  xlsx: buildZip(['[Content_Types].xml', 'xl/workbook.xml']),
};
