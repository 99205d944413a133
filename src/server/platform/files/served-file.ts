import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { previewKind } from '../../../shared/domain/file-preview';
import { pdfHasScripts } from './pdf-scripts';

/**
 * How stored files are named and sent (decisions 0010 and 0052).
 *
 * Names: a file's name is shown in lists and offered as the download's name. Characters that
 * change the direction text is drawn in (the bidirectional controls: U+200E, U+200F, U+202A to
 * U+202E, U+2066 to U+2069, U+061C) can make `invoice\u202Efdp.exe` read as `invoiceexe.pdf`; they
 * and the control characters are taken out when a name is stored, and again when one is sent.
 *
 * Sending: inline only when asked and only for the types a browser shows without running script
 * (`previewKind`), every answer under a sandboxing Content-Security-Policy (no script, no plugin,
 * no form, its own origin), and a PDF that carries scripts or automatic actions always as a
 * download, whatever was asked.
 */

/** The bidirectional control characters. */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** A name with no control or bidirectional control character. */
export const withoutControls = (name: string): string => name.replace(CONTROLS, '').replace(BIDI_CONTROLS, '');

/**
 * A safe display name for an uploaded file: its last path segment, no control or bidirectional
 * control character, trimmed, at most 200 characters (the end kept, so the extension stays).
 * Empty when nothing is left.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  return withoutControls(base).trim().slice(-200);
}

/** content-disposition with an ASCII fallback and the real name in RFC 5987 form, cleaned again. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const name = withoutControls(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The policy every stored file is sent under: a sandbox (a unique origin, no script, no plugin,
 * no form, no pop-up), nothing loaded from anywhere, framed only by the app itself.
 */
export const SERVED_FILE_CSP =
  "sandbox; default-src 'none'; script-src 'none'; object-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

export interface FileToSend {
  body: Readable;
  size: number;
  fileName: string;
  contentType: string;
}

/** What pdfHasScripts said of recent PDFs, by their bytes' SHA-256: a preview opened again is not read again. */
const scriptedByHash = new Map<string, boolean>();
const REMEMBERED_PDFS = 200;

async function carriesScripts(data: Buffer): Promise<boolean> {
  const hash = createHash('sha256').update(data).digest('hex');
  const known = scriptedByHash.get(hash);
  if (known !== undefined) return known;
  const scripted = await pdfHasScripts(data);
  if (scriptedByHash.size >= REMEMBERED_PDFS) scriptedByHash.delete(scriptedByHash.keys().next().value!);
  scriptedByHash.set(hash, scripted);
  return scripted;
}

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Sends a stored file: inline when the route allows it (asked for, and a type it shows in place)
 * and, for a PDF, when it carries no scripts; else as an attachment. A PDF to be shown inline is
 * read whole (files are at most 10 MB) to be checked first; everything else streams from the store.
 */
export async function sendStoredFile(reply: FastifyReply, file: FileToSend, showInline: boolean): Promise<FastifyReply> {
  let inline = showInline;
  let body: Readable | Buffer = file.body;
  if (inline && previewKind(file.contentType) === 'pdf') {
    const data = await readAll(file.body);
    body = data;
    inline = !(await carriesScripts(data));
  }
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', file.fileName))
    .header('content-security-policy', SERVED_FILE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-length', file.size)
    .send(body);
}
