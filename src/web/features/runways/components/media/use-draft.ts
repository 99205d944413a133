import { useCallback, useState } from 'react';

interface DraftState<S, D> {
  seen: S | undefined;
  /** The server answer the draft started from: its version is the one a save must carry. */
  origin: S | undefined;
  base: D | undefined;
  draft: D | undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An editor's working copy of what the server sent. It follows the server (a realtime refetch, a
 * reload) only while the person has changed nothing; once they have, their edits stay until they
 * save, reload or discard, so nobody loses text to someone else's save (ARCHITECTURE.md#contracts).
 */
export function useDraft<S, D>(source: S | undefined, toDraft: (source: S) => D) {
  const [state, setState] = useState<DraftState<S, D>>(() => {
    const d = source === undefined ? undefined : toDraft(source);
    return { seen: source, origin: source, base: d, draft: d };
  });
  let current = state;
  const dirty = state.base !== undefined && !same(state.base, state.draft);
  if (source !== state.seen) {
    const d = source === undefined ? undefined : toDraft(source);
    current = dirty ? { ...state, seen: source } : { seen: source, origin: source, base: d, draft: d };
    setState(current);
  }

  const update = useCallback(
    (change: (draft: D) => D) => setState((s) => (s.draft === undefined ? s : { ...s, draft: change(s.draft) })),
    [],
  );
  const reset = useCallback(
    (next: S) =>
      setState(() => {
        const d = toDraft(next);
        return { seen: next, origin: next, base: d, draft: d };
      }),
    [toDraft],
  );

  return { draft: current.draft, origin: current.origin, dirty, update, reset };
}

/** A key for a row the person added, until the server gives it an id. */
let seq = 0;
export const newKey = (prefix = 'new') => `${prefix}-${Date.now().toString(36)}${(++seq).toString(36)}`;

/**
 * The one way a Sunday media editor deletes: staged until Save. The row leaves its list at once,
 * and its saved id (a row added here and never saved has none) joins the ids the save sends as
 * deleted; Cancel or Reload bring it back.
 */
export function stageDelete<T>(
  list: readonly T[],
  deleted: readonly string[],
  isRow: (item: T) => boolean,
  savedId: string | undefined,
): { list: T[]; deleted: string[] } {
  return { list: list.filter((item) => !isRow(item)), deleted: savedId ? [...deleted, savedId] : [...deleted] };
}
