import { describe, expect, it } from 'vitest';
import { pdfBytesNameScripts, pdfHasScripts } from './pdf-scripts';
import { makePdf } from '../../test/pdfs';

describe('pdfHasScripts', () => {
  it('says no for a plain PDF, packed or not', async () => {
    expect(await pdfHasScripts(await makePdf('none'))).toBe(false);
    expect(await pdfHasScripts(await makePdf('none', { packed: false }))).toBe(false);
  });

  for (const kind of ['document-javascript', 'open-action', 'page-actions', 'launch'] as const) {
    it(`says yes for ${kind}, also when packed in compressed object streams the bytes do not show`, async () => {
      const plain = await makePdf(kind, { packed: false });
      const packed = await makePdf(kind, { packed: true });
      expect(pdfBytesNameScripts(plain)).toBe(true);
      expect(pdfBytesNameScripts(packed)).toBe(false); // hidden from a byte scan...
      expect(await pdfHasScripts(plain)).toBe(true);
      expect(await pdfHasScripts(packed)).toBe(true); // ...but not from the reading of every object
    });
  }

  it('sees names spelled with #xx escapes, and counts an unreadable PDF as carrying scripts', async () => {
    const escaped = Buffer.from(
      (await makePdf('none', { packed: false }))
        .toString('latin1')
        .replace('/Type /Catalog', '/Type /Catalog /Open#41ction << /S /J#61vaScript /J#53 (x) >>'),
      'latin1',
    );
    expect(pdfBytesNameScripts(escaped)).toBe(true);
    expect(await pdfHasScripts(escaped)).toBe(true);
    expect(await pdfHasScripts(Buffer.from('%PDF-1.7\nnot really a PDF'))).toBe(true);
  });

  it('does not mistake ordinary words for the names', async () => {
    const text = Buffer.from('%PDF-1.4\n/JSON /AAA /JavaScripts (JS) /Launcher\n');
    expect(pdfBytesNameScripts(text)).toBe(false);
  });
});
