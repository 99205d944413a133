import { PDFDocument, PDFName, PDFString } from 'pdf-lib';

/** PDFs made for the tests, with and without things that run, saved packed (object streams) or plain. */
export async function makePdf(
  add: 'none' | 'document-javascript' | 'open-action' | 'page-actions' | 'launch' = 'none',
  opts: { packed?: boolean } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  page.drawText('Proof', { x: 20, y: 100 });
  const ctx = doc.context;
  const script = ctx.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of("app.alert('hi')") });
  if (add === 'document-javascript') {
    const names = ctx.obj({ Names: [PDFString.of('start'), ctx.register(script)] });
    doc.catalog.set(PDFName.of('Names'), ctx.obj({ JavaScript: ctx.register(names) }));
  }
  if (add === 'open-action') doc.catalog.set(PDFName.of('OpenAction'), ctx.register(script));
  if (add === 'page-actions') page.node.set(PDFName.of('AA'), ctx.obj({ O: ctx.register(script) }));
  if (add === 'launch') {
    doc.catalog.set(PDFName.of('OpenAction'), ctx.obj({ S: 'Launch', F: PDFString.of('calc.exe') }));
  }
  return Buffer.from(await doc.save({ useObjectStreams: opts.packed ?? true }));
}
