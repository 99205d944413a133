import { useCallback, useEffect, useRef, useState } from 'react';
import { DRAFT_AUTOSAVE_MS } from '@shared/domain/constants';
import { toast } from '@web/components/ui/toast-store';
import { mergeValues, type RequestForm } from '../lib/form-values';

export const draftKey = (userId: string) => `lampstand:draft:${userId}`;

function readDraft(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The local draft (spec 001 sections 2 and 4): saved about 1000 ms after a change under a key per
 * user, offered back with Restore and Discard. While the offer is open nothing is saved, so new
 * typing never silently overwrites the older draft before the user chose.
 */
export function useDraft(form: RequestForm, userId: string, offer: boolean) {
  const key = draftKey(userId);
  const [pending, setPending] = useState(() => offer && readDraft(key) !== null);
  const paused = useRef(pending);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const subscription = form.watch((values) => {
      if (paused.current) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        try {
          window.localStorage.setItem(key, JSON.stringify(values));
        } catch {
          // A full or disabled storage only loses the draft, never the form.
        }
      }, DRAFT_AUTOSAVE_MS);
    });
    return () => {
      subscription.unsubscribe();
      if (timer.current) clearTimeout(timer.current);
    };
  }, [form, key]);

  const settle = () => {
    paused.current = false;
    setPending(false);
  };

  const restore = useCallback(() => {
    try {
      const saved = readDraft(key);
      if (saved === null) throw new Error('No draft');
      form.reset(mergeValues(JSON.parse(saved)));
      toast({ title: 'Draft Restored', description: 'Your previous work has been loaded.' });
    } catch {
      toast({ title: 'Could not restore draft', variant: 'destructive' });
    }
    settle();
  }, [form, key]);

  const discard = useCallback(() => {
    window.localStorage.removeItem(key);
    toast({ title: 'Draft Discarded' });
    settle();
  }, [key]);

  /** After a successful submission: no pending save may bring the draft back. */
  const clear = useCallback(() => {
    paused.current = true;
    if (timer.current) clearTimeout(timer.current);
    window.localStorage.removeItem(key);
  }, [key]);

  return { pending, restore, discard, clear };
}
