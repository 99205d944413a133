import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linesOf, startsFormula } from '../../../shared/domain/csv-cells';
import { BACKENDS, createTestApp, type Agent, type TestApp } from '../../test/harness';
import { sessionAgent } from '../../test/agent';
import { clearRequests } from '../../test/factories';
import { buildItem, buildRequest, buildTeam, type Team } from '../../test/task-fixtures';

/**
 * A requester's event title with a formula on its second line, through the three exports that
 * carry titles (the intake queue, My Requests, All Tasks): the file reads back with as many
 * records as rows, the title whole in its own cell, and no line of any cell a formula. Read back
 * by a CSV parser always, and by LibreOffice's own CSV importer (told to evaluate formulas, the
 * worst case) when `soffice` is on PATH.
 */

const TITLE = "Bake sale\n=cmd|' /C calc'!A0";
const SAFE_TITLE = "Bake sale\n'=cmd|' /C calc'!A0";
const OTHER_TITLES = ['Crlf\r\n+1+2', 'Lone\r@SUM(A1:A9)', 'Plain picnic'];

const EXPORTS = [
  { list: 'intake queue', url: '/api/intake/export.csv', as: 'coordinator', titleColumn: 'Request' },
  { list: 'My Requests', url: '/api/requests/mine/export.csv', as: 'requester', titleColumn: 'Request' },
  { list: 'All Tasks', url: '/api/tasks/export.csv?scope=all', as: 'coordinator', titleColumn: 'Event' },
] as const;

const run = promisify(execFile);
const sofficeOnPath = await run('sh', ['-c', 'command -v soffice'])
  .then(() => true)
  .catch(() => false);
if (!sofficeOnPath) {
  console.warn('!! LibreOffice check of the CSV exports skipped: `soffice` is not on PATH (apt-get install libreoffice-calc-nogui).');
}

/**
 * The exports as LibreOffice's CSV importer reads them, as flat ODS XML, in the order given: one
 * run of LibreOffice converts them all, as its start is most of the time a conversion takes.
 */
async function throughLibreOffice(csvs: string[]): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'lampstand-csv-'));
  try {
    const names = csvs.map((_, i) => `export-${i}`);
    await Promise.all(csvs.map((csv, i) => writeFile(join(dir, `${names[i]}.csv`), csv)));
    // Comma, double quote, UTF-8, from line 1, ... evaluate formulas (the 13th token): the worst case.
    const filter = 'CSV:44,34,76,1,,0,false,true,false,false,false,-1,true';
    await run(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        `--infilter=${filter}`,
        '--convert-to',
        'fods',
        '--outdir',
        dir,
        ...names.map((name) => join(dir, `${name}.csv`)),
      ],
      { timeout: 60_000 },
    );
    return await Promise.all(names.map((name) => readFile(join(dir, `${name}.fods`), 'utf8')));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe.each(BACKENDS)('CSV exports with a formula on a later line of a title, on %s', (backend) => {
  let t: TestApp;
  let team: Team;
  const as: Record<string, Agent> = {};

  beforeAll(async () => {
    t = await createTestApp(backend);
    team = await buildTeam(t.ctx.db);
    as.coordinator = await sessionAgent(t.app, team.coordinator.id);
    as.requester = await sessionAgent(t.app, team.requester.id);
    await clearRequests(t.ctx.db);
    for (const eventTitle of [TITLE, ...OTHER_TITLES]) {
      const request = await buildRequest(t.ctx.db, team.requester.id, { eventTitle, status: 'submitted', submittedAt: new Date() });
      await buildItem(t.ctx.db, request.id, { assigneeId: team.creative.id });
    }
  });
  afterAll(async () => t.close());

  for (const e of EXPORTS) {
    it(`${e.list}: one record per row, the title whole and harmless in its cell`, async () => {
      const res = await as[e.as].inject({ method: 'GET', url: e.url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(`"${SAFE_TITLE}"`); // quoted: its line break stays inside the cell
      const records = parse(res.body, { bom: true }) as string[][];
      expect(records.length).toBe(1 + 4); // the headers and the four requests
      const column = records[0].indexOf(e.titleColumn);
      for (const record of records) expect(record.length).toBe(records[0].length);
      expect(records.map((r) => r[column])).toContain(SAFE_TITLE);
      for (const cell of records.flat()) for (const line of linesOf(cell)) expect(startsFormula(line), cell).toBe(false);
    });
  }

  it.runIf(sofficeOnPath)(
    'LibreOffice reads each export with no formula in any cell and one row per record',
    async () => {
      const csvs = await Promise.all(EXPORTS.map(async (e) => (await as[e.as].inject({ method: 'GET', url: e.url })).body));
      const read = await throughLibreOffice(csvs);
      EXPORTS.forEach((e, i) => {
        const fods = read[i];
        expect(fods, e.list).not.toMatch(/table:formula=/);
        const rows = fods.match(/<table:table-row\b[^>]*>[\s\S]*?<\/table:table-row>/g) ?? [];
        const filled = rows.filter((row) => row.includes('<text:p>'));
        expect(filled.length, e.list).toBe(1 + 4);
        expect(fods, e.list).toContain('<text:p>Bake sale</text:p><text:p>&apos;=cmd|&apos; /C calc&apos;!A0</text:p>');
      });
    },
    90_000,
  );
});
