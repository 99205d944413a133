import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SUNDAYS_MESSAGES, type PlanItem, type PlanItemInput, type Sermon, type SundayDetail } from '@shared/api/sundays';
import type { RunwayCode } from '@shared/domain/planning';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api';
import { savePlanItems } from '../api/save-plan-items';
import { saveSermon } from '../api/save-sermon';
import { BLOCKED_OUT_CODE, type AssignmentResponse } from '@shared/domain/people-on-sundays';

/** A task row as the dialogs edit it: details and link share one field unless the task is a file task. */
export interface DraftItem {
  id: string | null;
  taskName: string;
  /** The Details / Link field: a link when it starts with http(s)://, details otherwise. */
  text: string;
  fileUrl: string | null;
  fileName: string | null;
  isComplete: boolean;
  assignedToId: string | null;
  isFileTask: boolean;
  isScript: boolean;
  /** A check-only task: done or not, nothing to write. */
  isCheckOnly: boolean;
  dueDate: string | null;
  oneOff: boolean;
  /** The saved assignee and their answer (guide/sunday-planning.md#answering-an-assignment): shown while the picker still names them. */
  savedAssigneeId: string | null;
  response: AssignmentResponse;
  responseReason: string | null;
}

const LINK = /^https?:\/\/\S+$/i;

export const toDraft = (i: PlanItem): DraftItem => ({
  id: i.id,
  taskName: i.taskName,
  text: i.url ?? i.taskDetails ?? '',
  fileUrl: i.fileUrl,
  fileName: i.fileName,
  isComplete: i.isComplete,
  assignedToId: i.assignee?.id ?? null,
  isFileTask: i.isFileTask,
  isScript: i.isScript,
  isCheckOnly: i.kind === 'check',
  dueDate: i.dueDate,
  oneOff: i.oneOff,
  savedAssigneeId: i.id ? (i.assignee?.id ?? null) : null,
  response: i.response,
  responseReason: i.responseReason,
});

/** The row as the API takes it; a one-line value that is a link goes to `url`, anything else to details. */
export function toInput(d: DraftItem): PlanItemInput {
  const text = d.text.trim();
  const isLink = !d.isScript && LINK.test(text);
  return {
    id: d.id,
    taskName: d.taskName,
    taskDetails: isLink || !text ? null : d.text,
    url: isLink ? text : null,
    fileUrl: d.fileUrl,
    isComplete: d.isComplete,
    assignedToId: d.assignedToId,
  };
}

/** The facts of a draft row the shared rules read (badge, save rule). */
export const draftFacts = (d: DraftItem) => ({ ...toInput(d), isComplete: d.isComplete });

interface Edit<T> {
  /** The plan version the editor started from: a save sends it, so nobody overwrites anybody silently. */
  version: number;
  start: T;
  value: T;
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export type Outcome = 'saved' | 'nothing' | 'failed';
export interface Conflict {
  /** blocked_out: someone newly assigned is blocked out that Sunday; the save waits for a confirmation. */
  kind: 'stale' | 'locked' | 'blocked_out';
  message: string;
}

/**
 * The editing state of one Sunday shared by both plan dialogs. Rows the person has not touched
 * follow the server live; a touched group (or the sermon) keeps the person's values and the
 * version they started from until it is saved or reloaded. A 409 keeps the edits and offers a
 * reload; a 422 'sunday_locked' turns the editor read-only.
 */
export function useSundayEditor(detail: SundayDetail, messages: { saved: string; failed: string }) {
  const queryClient = useQueryClient();
  const [groups, setGroups] = useState<Partial<Record<RunwayCode, Edit<DraftItem[]>>>>({});
  const [sermon, setSermonEdit] = useState<Edit<Sermon> | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saving, setSaving] = useState(false);

  const serverGroup = (code: RunwayCode) => detail.groups.find((g) => g.runway.code === code);
  const itemsOf = (code: RunwayCode): DraftItem[] => groups[code]?.value ?? serverGroup(code)?.items.map(toDraft) ?? [];
  const sermonValue = sermon?.value ?? detail.sermon;

  const dirtyGroups = (Object.keys(groups) as RunwayCode[]).filter((code) => !same(groups[code]!.start, groups[code]!.value));
  const sermonDirty = !!sermon && !same(sermon.start, sermon.value);
  const dirty = dirtyGroups.length > 0 || sermonDirty;
  const readOnly = !detail.canEdit || conflict?.kind === 'locked';

  const setItem = (code: RunwayCode, index: number, patch: Partial<DraftItem>) => {
    setGroups((all) => {
      const group = serverGroup(code);
      const edit = all[code] ?? { version: group?.version ?? 0, start: itemsOf(code), value: itemsOf(code) };
      return { ...all, [code]: { ...edit, value: edit.value.map((row, i) => (i === index ? { ...row, ...patch } : row)) } };
    });
  };
  const setSermon = (patch: Partial<Sermon>) => {
    setSermonEdit((edit) => {
      const current = edit ?? { version: detail.servicePlan.version, start: detail.sermon, value: detail.sermon };
      return { ...current, value: { ...current.value, ...patch } };
    });
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['sundays'] });

  /** Throws away every edit and reads the Sunday again. */
  const discard = async () => {
    setGroups({});
    setSermonEdit(null);
    setConflict(null);
    await refresh();
  };

  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.code === BLOCKED_OUT_CODE) {
      setConflict({ kind: 'blocked_out', message: err.message });
      return;
    }
    if (err instanceof ApiError && err.status === 409) setConflict({ kind: 'stale', message: err.message });
    else if (err instanceof ApiError && err.code === 'sunday_locked') setConflict({ kind: 'locked', message: err.message });
    toast({ title: messages.failed, description: err instanceof Error ? err.message : undefined, variant: 'destructive' });
  };

  /** Saves the touched groups (and the sermon), one plan at a time; each saved one follows the server again. */
  const save = async (confirmBlockout = false): Promise<Outcome> => {
    if (!dirty) {
      toast({ title: SUNDAYS_MESSAGES.noChanges });
      return 'nothing';
    }
    setSaving(true);
    let written = 0;
    const done: RunwayCode[] = [];
    let sermonDone = false;
    let error: unknown = null;
    try {
      for (const code of dirtyGroups) {
        const edit = groups[code]!;
        const result = await savePlanItems(detail.sundayDate, code, {
          version: edit.version,
          items: edit.value.map(toInput),
          ...(confirmBlockout ? { confirmBlockout } : {}),
        });
        written += result.saved;
        done.push(code);
      }
      if (sermonDirty) {
        const { version, value } = sermon!;
        await saveSermon(detail.sundayDate, { version, ...value, ...(confirmBlockout ? { confirmBlockout } : {}) });
        written += 1;
        sermonDone = true;
      }
    } catch (err) {
      error = err;
    }
    await refresh();
    setGroups((all) => Object.fromEntries(Object.entries(all).filter(([code]) => !done.includes(code as RunwayCode))));
    if (sermonDone) setSermonEdit(null);
    setSaving(false);
    if (error) {
      fail(error);
      return 'failed';
    }
    setConflict(null);
    toast({ title: written === 0 ? SUNDAYS_MESSAGES.noChanges : messages.saved });
    return written === 0 ? 'nothing' : 'saved';
  };

  const dismissConflict = () => setConflict(null);
  return { itemsOf, setItem, sermon: sermonValue, setSermon, dirty, readOnly, saving, conflict, save, discard, dismissConflict };
}
export type SundayEditor = ReturnType<typeof useSundayEditor>;
