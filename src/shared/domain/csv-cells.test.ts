import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvCell, FORMULA_TRIGGERS, spreadsheetSafe } from './csv-cells';

const trigger = fc.constantFrom(...FORMULA_TRIGGERS);

describe('spreadsheetSafe (OWASP CSV injection)', () => {
  it('quotes every cell that starts with a formula trigger, keeping the rest of the text', () => {
    fc.assert(
      fc.property(trigger, fc.string({ unit: 'grapheme' }), (first, rest) => {
        expect(spreadsheetSafe(first + rest)).toBe(`'${first}${rest}`);
      }),
    );
  });

  it('leaves every other cell exactly as it was', () => {
    const safeStart = fc.string({ unit: 'grapheme', minLength: 1 }).filter((s) => !(FORMULA_TRIGGERS as readonly string[]).includes(s[0]));
    fc.assert(
      fc.property(fc.oneof(fc.constant(''), safeStart), (text) => {
        expect(spreadsheetSafe(text)).toBe(text);
      }),
    );
  });

  it('never yields a cell that starts with a trigger, and the text is always recoverable', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const out = spreadsheetSafe(text);
        expect(FORMULA_TRIGGERS.some((t) => out.startsWith(t))).toBe(false);
        expect(out === text || out === `'${text}`).toBe(true);
      }),
    );
  });

  it('quotes the classic payloads', () => {
    expect(spreadsheetSafe('=HYPERLINK("http://evil.example","x")')).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(spreadsheetSafe('+1+2')).toBe("'+1+2");
    expect(spreadsheetSafe('-2+3')).toBe("'-2+3");
    expect(spreadsheetSafe('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(spreadsheetSafe('\t=1')).toBe("'\t=1");
    expect(spreadsheetSafe('\r=1')).toBe("'\r=1");
    expect(spreadsheetSafe('Easter = joy')).toBe('Easter = joy');
  });
});

describe('csvCell', () => {
  it('writes nothing for a missing value and numbers as they are', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('=1')).toBe("'=1");
  });
});
