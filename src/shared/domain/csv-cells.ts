/**
 * CSV cells a spreadsheet cannot run (OWASP "CSV Injection"). A spreadsheet reads a cell, or a
 * line of it once a tool splits a cell at its line breaks, as a formula when it starts with =, +,
 * -, @ (or their full-width forms, which some spreadsheets fold into the plain ones), and some
 * strip a leading tab or carriage return before deciding. So every line of a text cell (the cell's
 * start and the start after each LF, CR or CRLF) that begins with one of these gets a single
 * quote in front, and shows as the text it is. Quoting of commas, quotes and line breaks is the
 * CSV writer's job (csv-stringify, told to quote every cell holding a line break), not this rule's.
 * Numbers are written as they are: a number is never a formula.
 */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'] as const;

/** A line break in a cell: CRLF, a bare LF or a bare CR. */
export const LINE_BREAK = /\r\n|\r|\n/;

/** The lines of a cell as a spreadsheet splitting it at its breaks would read them. */
export const linesOf = (text: string): string[] => text.split(LINE_BREAK);

export function spreadsheetSafe(text: string): string {
  // Split keeping the breaks: even places hold the lines, odd places the breaks between them.
  return text
    .split(/(\r\n|\r|\n)/)
    .map((part, i) => (i % 2 === 0 && startsFormula(part) ? `'${part}` : part))
    .join('');
}

/** Whether a line (of a cell as a spreadsheet reads it) would start a formula. */
export function startsFormula(line: string): boolean {
  return line.length > 0 && (FORMULA_TRIGGERS as readonly string[]).includes(line[0]);
}

/** One cell as written: nothing for a missing value, a number as is, text made spreadsheet-safe. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  return spreadsheetSafe(value);
}
