import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { csvCell, FORMULA_TRIGGERS, linesOf, spreadsheetSafe, startsFormula } from './csv-cells';

// A carriage return is a line break as well as a trigger: the tests of lines below cover it.
const trigger = fc.constantFrom(...FORMULA_TRIGGERS.filter((t) => t !== '\r'));
/** A cell of one line. */
const oneLine = (opts: { minLength?: number } = {}) => fc.string({ unit: 'grapheme', ...opts }).filter((s) => !/[\r\n]/.test(s));

describe('spreadsheetSafe (OWASP CSV injection)', () => {
  it('quotes every cell that starts with a formula trigger, keeping the rest of the text', () => {
    fc.assert(
      fc.property(trigger, oneLine(), (first, rest) => {
        expect(spreadsheetSafe(first + rest)).toBe(`'${first}${rest}`);
      }),
    );
  });

  it('leaves every other cell exactly as it was', () => {
    const safeStart = oneLine({ minLength: 1 }).filter((s) => !(FORMULA_TRIGGERS as readonly string[]).includes(s[0]));
    fc.assert(
      fc.property(fc.oneof(fc.constant(''), safeStart), (text) => {
        expect(spreadsheetSafe(text)).toBe(text);
      }),
    );
  });

  it('never yields a one-line cell that starts with a trigger, and the text is always recoverable', () => {
    fc.assert(
      fc.property(oneLine(), (text) => {
        const out = spreadsheetSafe(text);
        expect(FORMULA_TRIGGERS.some((t) => out.startsWith(t))).toBe(false);
        expect(out === text || out === `'${text}`).toBe(true);
      }),
    );
  });

  /** Text rich in line breaks and triggers, and any other character too. */
  const multiline = fc
    .array(fc.oneof(fc.constantFrom(...FORMULA_TRIGGERS, '\n', '\r', '\r\n', "'", ' ', 'a'), fc.string({ unit: 'binary', maxLength: 3 })), {
      maxLength: 24,
    })
    .map((parts) => parts.join(''));

  it('neutralises every line of a cell, whichever break (LF, CR, CRLF) starts it, and changes nothing else', () => {
    fc.assert(
      fc.property(multiline, (text) => {
        const before = linesOf(text);
        const after = linesOf(spreadsheetSafe(text));
        expect(after.length).toBe(before.length);
        after.forEach((line, i) => {
          expect(startsFormula(line)).toBe(false);
          expect(line).toBe(startsFormula(before[i]) ? `'${before[i]}` : before[i]);
        });
      }),
    );
  });

  it('quotes a formula hidden on a later line of a title', () => {
    expect(spreadsheetSafe("Bake sale\n=cmd|' /C calc'!A0")).toBe("Bake sale\n'=cmd|' /C calc'!A0");
    expect(spreadsheetSafe('Bake sale\r\n+1')).toBe("Bake sale\r\n'+1");
    expect(spreadsheetSafe('Bake sale\r@SUM(A1)')).toBe("Bake sale\r'@SUM(A1)");
    expect(spreadsheetSafe('One\n\n-2')).toBe("One\n\n'-2");
    expect(spreadsheetSafe('\uFF1D1+1')).toBe("'\uFF1D1+1");
  });

  it('quotes the classic payloads', () => {
    expect(spreadsheetSafe('=HYPERLINK("http://evil.example","x")')).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(spreadsheetSafe('+1+2')).toBe("'+1+2");
    expect(spreadsheetSafe('-2+3')).toBe("'-2+3");
    expect(spreadsheetSafe('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(spreadsheetSafe('\t=1')).toBe("'\t=1");
    expect(spreadsheetSafe('\r=1')).toBe("\r'=1"); // the line after the break is what would run
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
