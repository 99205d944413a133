import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOARD_STAGES,
  formatBoardDate,
  isBoardStage,
  itemCount,
  moveTarget,
  STAGE_LABELS,
  STAGE_STATUSES,
  stageOf,
  statusForStage,
} from './board';
import { ITEM_STATUSES } from './statuses';

const anyStatus = fc.constantFrom(...ITEM_STATUSES);
const anyStage = fc.constantFrom(...BOARD_STAGES);

describe('board stages (guide/production-board.md#stages)', () => {
  it('has the six columns in order with their labels', () => {
    expect(BOARD_STAGES.map((s) => STAGE_LABELS[s])).toEqual([
      'Submitted',
      'In Progress',
      'Ready for Proof',
      'Approved',
      'Published',
      'Finished',
    ]);
  });

  it('maps each item status to its column', () => {
    expect(Object.fromEntries(ITEM_STATUSES.map((s) => [s, stageOf(s)]))).toEqual({
      submitted: 'submitted',
      not_started: 'submitted',
      in_progress: 'in_progress',
      changes_requested: 'in_progress',
      proof_ready: 'proof_ready',
      approved: 'approved',
      published: 'published',
      complete: 'finished',
    });
    expect(stageOf('archived_onetime')).toBeNull();
  });

  it('a drop sets the column’s first status', () => {
    expect(BOARD_STAGES.map(statusForStage)).toEqual(['submitted', 'in_progress', 'proof_ready', 'approved', 'published', 'complete']);
  });

  it('every status belongs to exactly one column', () => {
    fc.assert(
      fc.property(anyStatus, (status) => {
        const owners = BOARD_STAGES.filter((stage) => (STAGE_STATUSES[stage] as readonly string[]).includes(status));
        expect(owners).toEqual([stageOf(status)]);
      }),
    );
  });

  it('the status a column sets lies in that column', () => {
    fc.assert(
      fc.property(anyStage, (stage) => {
        expect(stageOf(statusForStage(stage))).toBe(stage);
      }),
    );
  });

  it('a move lands the item in the target column, and a move within the column changes nothing', () => {
    fc.assert(
      fc.property(anyStatus, anyStage, (status, stage) => {
        const next = moveTarget(status, stage);
        if (stageOf(status) === stage) expect(next).toBeNull();
        else expect(next !== null && stageOf(next)).toBe(stage);
      }),
    );
    // changes_requested stays put when dropped on In Progress, its own column.
    expect(moveTarget('changes_requested', 'in_progress')).toBeNull();
    expect(moveTarget('changes_requested', 'finished')).toBe('complete');
  });

  it("an undo lands the item in the exact status named when it is one of the column, else in the column's first", () => {
    fc.assert(
      fc.property(anyStatus, anyStage, anyStatus, (status, stage, exact) => {
        const next = moveTarget(status, stage, exact);
        if (stageOf(status) === stage) expect(next).toBeNull();
        else expect(next).toBe(stageOf(exact) === stage ? exact : statusForStage(stage));
      }),
    );
    expect(moveTarget('proof_ready', 'in_progress', 'changes_requested')).toBe('changes_requested');
    expect(moveTarget('approved', 'submitted', 'not_started')).toBe('not_started');
  });

  it('recognises stage keys only', () => {
    expect(isBoardStage('proof_ready')).toBe(true);
    expect(isBoardStage('complete')).toBe(false);
    expect(isBoardStage(3)).toBe(false);
  });
});

describe('card text', () => {
  it('shows the due date as short month and day', () => {
    expect(formatBoardDate('2030-12-05')).toBe('Dec 5');
    expect(formatBoardDate('2031-01-31')).toBe('Jan 31');
  });

  it('counts items', () => {
    expect(itemCount(1)).toBe('1 item');
    expect(itemCount(3)).toBe('3 items');
  });
});
