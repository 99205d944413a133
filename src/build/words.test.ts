import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The code and the docs speak of the product, not of how it was made: no numbered history (an
 * issue's or a session's number) and no citation of documents outside the repository (the
 * specification's or the design brief's section numbers). Rules are cited by the product guide's
 * sections (docs/guide/<file>.md#<section>), decisions by their number.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'tests', 'docs', 'migrations', '.ci', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|md|json|html|css|sql|ya?ml)$/;
const SELF = path
  .relative(ROOT, import.meta.filename)
  .split(path.sep)
  .join('/');

// Written with a character class so that this file's own source reads as none of them. The gap
// between a word and its number may be a line break inside a comment or a paragraph (a wrapped
// line) or a hyphen or underscore joining the word to its number, but a number that starts a
// numbered list item is not one.
const GAP = String.raw`(?:[ \t]*[-_][ \t]*|[ \t]+|[ \t]*\n[ \t]*(?:\*|\/\/)?[ \t]*)`;
const NUMBER = String.raw`#?\d+(?!\d*\.\s)`;
export const FORBIDDEN_WORDS: readonly { name: string; pattern: RegExp }[] = [
  { name: 'history (issue N)', pattern: new RegExp(String.raw`\b[i]ssues?${GAP}${NUMBER}`, 'gi') },
  { name: 'history (session N)', pattern: new RegExp(String.raw`\b[s]essions?${GAP}${NUMBER}`, 'gi') },
  { name: 'the specification (spec 00N)', pattern: /\b[s]pec 00\d/gi },
  { name: 'the design brief (DESIGN N.N)', pattern: /\b[D]ESIGN \d+\.\d+/g },
];

/** The forbidden words of one text, as "line: what" for each place that has one (the line it starts on). */
export function forbiddenWordsIn(text: string): { line: number; name: string; excerpt: string }[] {
  const found: { line: number; name: string; excerpt: string }[] = [];
  for (const { name, pattern } of FORBIDDEN_WORDS) {
    for (const match of text.matchAll(pattern)) {
      found.push({ line: text.slice(0, match.index).split('\n').length, name, excerpt: match[0].replace(/\s+/g, ' ') });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

function filesUnder(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  if (fs.statSync(dir).isFile()) return [...out, dir];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, out);
    // The CI scripts have no extension.
    else if ((TEXT_FILE.test(entry.name) || path.basename(dir) === '.ci') && entry.name !== 'package-lock.json') out.push(full);
  }
  return out;
}

/** The project's own files at the top of the repository: its configurations and scripts. */
const rootFiles = () =>
  fs
    .readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isFile() && TEXT_FILE.test(e.name) && e.name !== 'package-lock.json')
    .map((e) => e.name);

describe('the words of the code and the docs', () => {
  it('finds each forbidden word and nothing that only looks like one', () => {
    const history = ['iss', 'ue 12'].join('');
    const found = forbiddenWordsIn(
      [
        'fine line',
        `the CSV export (${history})`,
        'a tissue 12 cm wide',
        `${'Sess'}ion 27 timed it`,
        ` * as the ${'iss'}ue`,
        ' * 31 asked, and as before the',
        `${'sess'}ion`,
        "28's run",
        `kept across ${'sess'}ions`,
        '2. a numbered item',
        `the ${'iss'}ue-11 profile, ${'sess'}ion_4`,
        'a well-kept 11-step list',
      ].join('\n'),
    );
    expect(found.map((f) => [f.line, f.name])).toEqual([
      [2, 'history (issue N)'],
      [4, 'history (session N)'],
      [5, 'history (issue N)'],
      [7, 'history (session N)'],
      [11, 'history (issue N)'],
      [11, 'history (session N)'],
    ]);
    expect(forbiddenWordsIn(`see ${'spe'}c 002 section 2 and ${'DES'}IGN 5.4`).map((f) => f.name)).toEqual([
      'the specification (spec 00N)',
      'the design brief (DESIGN N.N)',
    ]);
    expect(forbiddenWordsIn('guide/requests.md#tiers, decision 0056, session cookies, 2 sessions')).toEqual([]);
  });

  it('are about the product: no issue or session numbers, no spec or DESIGN citations in src/, tests/, docs/, migrations, CI, the README or the configurations', () => {
    const offending: string[] = [];
    for (const root of [...SCANNED, ...rootFiles()]) {
      for (const file of filesUnder(path.join(ROOT, root))) {
        const relative = path.relative(ROOT, file).split(path.sep).join('/');
        if (relative === SELF) continue;
        for (const f of forbiddenWordsIn(fs.readFileSync(file, 'utf8'))) offending.push(`${relative}:${f.line}: ${f.excerpt} (${f.name})`);
      }
    }
    expect(offending, 'reword these lines: cite the guide (docs/guide) or a decision record, and leave history to git').toEqual([]);
  });
});
