import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { channelLabels } from '../church-config';
import { csvCell } from '../../../shared/domain/csv-cells';
import { todayIn } from '../../../shared/domain/dates';

/**
 * CSV exports of the lists (decision 0032). A list's export runs the list's own read
 * (the same filters, scope and keyset order as the screen) a batch at a time, EXPORT_BATCH_SIZE
 * rows a query, and writes each batch to the answer as csv-stringify turns it into text; the next
 * batch is read only when the client has taken the last one (stream backpressure). No transaction
 * is held between batches, so PGlite's one connection serves other requests in between, and a
 * long export never holds more than one batch in memory.
 */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * How every export is written: a UTF-8 byte order mark first (spreadsheets then read names with
 * accents as they are), CRLF between records, and every cell holding a line break of any kind
 * (LF, CR or CRLF) quoted, so a break inside a title never starts a record of its own. (The
 * writer quotes commas and quotes by itself, but a bare LF or CR only when it matches the record
 * break, which is CRLF here.) Cells are made spreadsheet-safe line by line before (csvCell).
 */
export const CSV_WRITE_OPTIONS = { bom: true, record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/**
 * What an export needs besides the rows: the link's origin, the church's time zone, the batch size
 * and the church's names of its channels.
 */
export interface ExportEnv {
  appOrigin: string;
  timeZone: string;
  batchSize: number;
  channelLabel: (code: string) => string;
}

export const exportEnv = async (ctx: AppContext): Promise<ExportEnv> => ({
  appOrigin: ctx.config.appOrigin,
  timeZone: ctx.config.churchTimeZone,
  batchSize: EXPORT_BATCH_SIZE,
  channelLabel: await channelLabels(ctx),
});

export type CsvValue = string | number | null | undefined;

/** A column as the screen names it, and how a row's value reads for people. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** One read of a list: a batch of rows after `cursor` (null: from the start) and where the next begins. */
export type BatchReader<T, C> = (cursor: C | null) => Promise<{ rows: T[]; next: C | null }>;

/** Every row of a keyset-paged read, batch after batch, until a batch says there is no next. */
export async function* keysetBatches<T, C>(read: BatchReader<T, C>): AsyncGenerator<T[]> {
  let cursor: C | null = null;
  do {
    const batch: { rows: T[]; next: C | null } = await read(cursor);
    if (batch.rows.length > 0) yield batch.rows;
    cursor = batch.next;
  } while (cursor !== null);
}

/** `<list>-<yyyy-mm-dd>.csv`, dated in the church's time zone. */
export function exportFilename(list: string, timeZone: string, now = new Date()): string {
  return `${list}-${todayIn(timeZone, now)}.csv`;
}

/** A timestamp as the calendar date it was in the church's time zone (yyyy-mm-dd). */
export function dayOf(iso: string | null, timeZone: string): string | null {
  return iso ? todayIn(timeZone, new Date(iso)) : null;
}

/** The absolute address of a request's drawer, for the link column. */
export const requestUrl = (appOrigin: string, requestId: string): string => `${appOrigin}/request/${requestId}`;

/**
 * Sends the rows as a CSV download. The first batch is read before anything is sent, so a failure
 * there is an ordinary error answer; a failure later cuts the download short (the headers are
 * gone by then) and is logged. The first line is the headers; the rest is written as
 * CSV_WRITE_OPTIONS says.
 */
export async function sendCsv<T>(
  reply: FastifyReply,
  opts: { filename: string; columns: CsvColumn<T>[]; batches: AsyncGenerator<T[]> },
): Promise<FastifyReply> {
  const { columns, batches } = opts;
  const first = await batches.next();
  async function* records(): AsyncGenerator<string[]> {
    let batch = first;
    while (!batch.done) {
      for (const row of batch.value) yield columns.map((c) => csvCell(c.value(row)));
      batch = await batches.next();
    }
  }
  const csv = stringify({ ...CSV_WRITE_OPTIONS, header: true, columns: columns.map((c) => csvCell(c.header)) });
  pipeline(Readable.from(records()), csv, (err) => {
    // A client that goes away mid-download is not a fault of ours.
    if (err && (err as { code?: string }).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      reply.log.error({ err, requestId: reply.request.id }, 'CSV export stopped');
    }
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${opts.filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
