/**
 * CSV cells a spreadsheet cannot run (OWASP "CSV Injection"): a text cell that starts with a
 * character a spreadsheet reads as the start of a formula (=, +, -, @) or that some of them strip
 * before reading one (tab, carriage return) gets a leading single quote, so it shows as the text
 * it is. Quoting of commas, quotes and line breaks is the CSV writer's job (csv-stringify), not
 * this rule's. Numbers are written as they are: a number is never a formula.
 */
export const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'] as const;

export function spreadsheetSafe(text: string): string {
  return text.length > 0 && (FORMULA_TRIGGERS as readonly string[]).includes(text[0]) ? `'${text}` : text;
}

/** One cell as written: nothing for a missing value, a number as is, text made spreadsheet-safe. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  return spreadsheetSafe(value);
}
