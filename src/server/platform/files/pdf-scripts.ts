/**
 * Whether a PDF carries anything that runs (decision 0052): JavaScript (a /JS or /JavaScript entry,
 * an action whose type is JavaScript, the document's JavaScript name tree), automatic actions
 * (/AA), an /OpenAction that is a script or a launch, or a /Launch action. Such a PDF is only ever
 * sent as a download, never shown in the browser.
 *
 * Two looks, either enough to say yes: a scan of the raw bytes for those names (with their
 * `#xx`-escaped spellings), which sees any PDF however broken; and pdf-lib's reading of every
 * object (those packed in compressed object streams included, which the byte scan cannot see
 * into), walked with an explicit stack. A PDF pdf-lib cannot read (or finds no page in) counts as carrying scripts:
 * the safe answer when unsure is a download.
 */

/** The names that make a PDF run something, as decoded names. */
const RUNNING_KEYS = new Set(['JS', 'JavaScript', 'AA']);
const RUNNING_ACTIONS = new Set(['JavaScript', 'Launch']);

/** A name in raw PDF bytes, any character of it possibly written as #xx. */
function rawName(name: string): RegExp {
  const chars = [...name].map((c) => `(?:${c}|#${c.charCodeAt(0).toString(16)})`).join('');
  // A name ends at whitespace, a delimiter or the end of the file.
  return new RegExp(`/${chars}(?=[\\s/<>\\[\\]()%{}]|$)`, 'i');
}
const RAW_NAMES = ['JS', 'JavaScript', 'AA', 'Launch'].map(rawName);

/** The byte scan: any of the names written anywhere outside compressed streams. */
export function pdfBytesNameScripts(data: Buffer): boolean {
  const text = data.toString('latin1');
  return RAW_NAMES.some((name) => name.test(text));
}

export async function pdfHasScripts(data: Buffer): Promise<boolean> {
  if (pdfBytesNameScripts(data)) return true;
  const { PDFDocument, PDFArray, PDFDict, PDFName, PDFStream } = await import('pdf-lib');
  let objects: unknown[];
  try {
    const doc = await PDFDocument.load(data, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    if (doc.getPageCount() === 0) return true; // not a PDF pdf-lib could make sense of
    objects = doc.context.enumerateIndirectObjects().map(([, object]) => object);
  } catch {
    return true;
  }
  const pending = [...objects];
  while (pending.length > 0) {
    const object = pending.pop();
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (dict) {
      for (const [key, value] of dict.entries()) {
        const name = key.decodeText();
        if (RUNNING_KEYS.has(name)) return true;
        if (name === 'S' && value instanceof PDFName && RUNNING_ACTIONS.has(value.decodeText())) return true;
        pending.push(value);
      }
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    }
  }
  return false;
}
