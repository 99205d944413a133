import { useCallback, useState } from 'react';
import { AlertTriangle, Lock } from 'lucide-react';
import { SUNDAY_MESSAGES } from '@shared/domain/planning';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api';

/**
 * What a failed save leaves behind (decision 0014): a 409 'stale' keeps the person's edits with
 * the server's message and a Reload; a 422 'sunday_locked' turns the editor read-only. Every
 * failure also toasts the editor's spec error title with the server's message.
 */
export type SaveProblem = { kind: 'stale' | 'locked'; message: string } | null;

export function useSaveProblem() {
  const [problem, setProblem] = useState<SaveProblem>(null);
  const report = useCallback((err: unknown, errorTitle: string) => {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof ApiError && err.status === 409 && err.code === 'stale') setProblem({ kind: 'stale', message });
    if (err instanceof ApiError && err.status === 422 && err.code === 'sunday_locked') setProblem({ kind: 'locked', message });
    toast({ title: errorTitle, description: message, variant: 'destructive' });
  }, []);
  const clear = useCallback(() => setProblem(null), []);
  return { problem, report, clear };
}

export function SaveProblemBanner({ problem, onReload, reloading }: { problem: SaveProblem; onReload: () => void; reloading: boolean }) {
  if (!problem) return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden />
      <p className="flex-1">{problem.message}</p>
      {problem.kind === 'stale' && (
        <Button size="sm" variant="outline" onClick={onReload} disabled={reloading}>
          Reload
        </Button>
      )}
    </div>
  );
}

/** The lock notice (guide/sunday-planning.md#the-media-editor) for people who may no longer change this Sunday. */
export function LockedNotice({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <p className="flex items-center gap-2 rounded-md bg-slate-100 p-3 text-sm text-slate-700">
      <Lock className="h-4 w-4" aria-hidden />
      {SUNDAY_MESSAGES.lockedNotice}
    </p>
  );
}

export const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100';
