import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, FORMULA_TRIGGERS, linesOf, startsFormula } from '../../../shared/domain/csv-cells';
import { CSV_WRITE_OPTIONS } from './csv-export';

/**
 * The CSV every export writes, read back by a CSV parser: whatever the cells hold, the file has as
 * many records and columns as were written, each cell comes back as written, and no line of any
 * cell starts a formula.
 */

/** Exactly what sendCsv writes for these headers and rows, in one go. */
const write = (headers: string[], rows: (string | number | null)[][]): string =>
  stringify(
    rows.map((row) => row.map(csvCell)),
    { ...CSV_WRITE_OPTIONS, header: true, columns: headers.map(csvCell) },
  );

const read = (csv: string): string[][] => parse(csv, { bom: true }) as string[][];

const cellText = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...FORMULA_TRIGGERS, '\n', '\r', '\r\n', '"', ',', ';', "'", ' ', 'a'),
        fc.string({ unit: 'binary', maxLength: 3 }),
      ),
      {
        maxLength: 20,
      },
    )
    .map((parts) => parts.join('')),
);
const cell = fc.oneof(cellText, fc.integer(), fc.constant(null));

describe('CSV as the exports write it', () => {
  it('reads back to the same records and columns, each cell as written and no line of it a formula', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5 })
          .chain((columns) =>
            fc.tuple(
              fc.array(cellText, { minLength: columns, maxLength: columns }),
              fc.array(fc.array(cell, { minLength: columns, maxLength: columns }), { maxLength: 6 }),
            ),
          ),
        ([headers, rows]) => {
          const records = read(write(headers, rows));
          expect(records.length).toBe(rows.length + 1);
          const written = [headers, ...rows].map((row) => row.map(csvCell));
          records.forEach((record, r) => {
            expect(record.length).toBe(headers.length);
            expect(record).toEqual(written[r]);
            for (const [c, parsed] of record.entries()) {
              if (typeof [headers, ...rows][r][c] === 'number') continue; // a number is never a formula
              for (const line of linesOf(parsed)) expect(startsFormula(line), JSON.stringify(parsed)).toBe(false);
            }
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('quotes a cell with a bare line break, so a title cannot start a record whose first cell is a formula', () => {
    const csv = write(
      ['Event', 'Status'],
      [
        ["Bake sale\n=cmd|' /C calc'!A0", 'Submitted'],
        ['Lone\rcarriage return', 'Approved'],
      ],
    );
    expect(csv).toContain("\"Bake sale\n'=cmd|' /C calc'!A0\",Submitted\r\n");
    expect(csv).toContain('"Lone\rcarriage return",Approved\r\n');
    expect(read(csv)).toEqual([
      ['Event', 'Status'],
      ["Bake sale\n'=cmd|' /C calc'!A0", 'Submitted'],
      ['Lone\rcarriage return', 'Approved'],
    ]);
  });
});
