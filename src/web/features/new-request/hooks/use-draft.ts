import { useCallback, useEffect, useRef, useState } from 'react';
import { DRAFT_AUTOSAVE_MS } from '@shared/domain/constants';
import { toast } from '@web/components/ui/toast-store';
import { mergeValues, type RequestForm } from '../lib/form-values';

/** One key per signed-in person: a draft is offered only to whoever typed it on this browser. */
export const draftKey = (userId: string) => `lampstand:draft:${userId}`;

/**
 * What is kept: the form's values, when they were saved, and how many files were picked then.
 * Files themselves are not kept (a browser cannot store a picked file), so the offer says so.
 */
export interface StoredDraft {
  savedAt: string | null;
  fileCount: number;
  values: unknown;
}

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored draft; a draft kept as the bare values (no time) still reads. Throws on a broken one. */
export function parseDraft(raw: string): StoredDraft {
  const parsed: unknown = JSON.parse(raw);
  if (!parsed || typeof parsed !== 'object') throw new Error('Not a draft');
  const o = parsed as Record<string, unknown>;
  if ('values' in o && typeof o.values === 'object') {
    return {
      savedAt: typeof o.savedAt === 'string' && !Number.isNaN(Date.parse(o.savedAt)) ? o.savedAt : null,
      fileCount: typeof o.fileCount === 'number' && o.fileCount > 0 ? Math.floor(o.fileCount) : 0,
      values: o.values,
    };
  }
  return { savedAt: null, fileCount: 0, values: o };
}

/** What the offer shows of the stored draft, or null when none (or a broken one: it is still offered, and fails on Restore). */
function describe(raw: string | null): { savedAt: string | null; fileCount: number } | null {
  if (raw === null) return null;
  try {
    const { savedAt, fileCount } = parseDraft(raw);
    return { savedAt, fileCount };
  } catch {
    return { savedAt: null, fileCount: 0 };
  }
}

/**
 * The local draft (guide/requests.md#drafts): saved about 1000 ms after a change (of the form or
 * of the files picked) under a key per user, offered back with when it was saved, Restore and
 * Discard. While the offer is open nothing is saved, so new typing never silently overwrites the
 * older draft before the person chose. Cleared on a successful submission and on Discard.
 */
export function useDraft(form: RequestForm, userId: string, offer: boolean, fileCount: number) {
  const key = draftKey(userId);
  const [offered, setOffered] = useState(() => (offer ? describe(readRaw(key)) : null));
  const paused = useRef(offered !== null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const files = useRef(fileCount);
  useEffect(() => {
    files.current = fileCount;
  }, [fileCount]);

  const write = useCallback(() => {
    timer.current = null;
    const stored: StoredDraft = { savedAt: new Date().toISOString(), fileCount: files.current, values: form.getValues() };
    try {
      window.localStorage.setItem(key, JSON.stringify(stored));
    } catch {
      // A full or disabled storage only loses the draft, never the form.
    }
  }, [form, key]);

  const schedule = useCallback(() => {
    if (paused.current) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(write, DRAFT_AUTOSAVE_MS);
  }, [write]);

  useEffect(() => {
    const subscription = form.watch(() => schedule());
    return () => {
      subscription.unsubscribe();
      // Leaving within the pause after a keystroke still keeps that keystroke.
      if (timer.current) {
        clearTimeout(timer.current);
        if (!paused.current) write();
      }
    };
  }, [form, schedule, write]);

  // Picking or removing a file changes the draft's note of them.
  const firstCount = useRef(fileCount);
  useEffect(() => {
    if (fileCount !== firstCount.current) schedule();
  }, [fileCount, schedule]);

  const settle = () => {
    paused.current = false;
    setOffered(null);
  };

  const restore = useCallback(() => {
    try {
      const saved = readRaw(key);
      if (saved === null) throw new Error('No draft');
      form.reset(mergeValues(parseDraft(saved).values));
      toast({ title: 'Draft Restored', description: 'Your previous work has been loaded.' });
    } catch {
      toast({ title: 'Could not restore draft', variant: 'destructive' });
    }
    settle();
  }, [form, key]);

  const discard = useCallback(() => {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored to remove.
    }
    toast({ title: 'Draft Discarded' });
    settle();
  }, [key]);

  /** After a successful submission: no pending save may bring the draft back. */
  const clear = useCallback(() => {
    paused.current = true;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored to remove.
    }
  }, [key]);

  return { pending: offered !== null, offered, restore, discard, clear };
}
