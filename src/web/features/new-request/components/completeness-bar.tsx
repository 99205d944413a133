import { Loader2 } from 'lucide-react';
import { Link } from 'react-router';
import { COMPLETENESS_THRESHOLD } from '@shared/domain/constants';
import { Button, buttonClasses } from '@web/components/ui/button';

/**
 * The sticky completeness bar: score, the 60% threshold marker, why Submit is disabled, and
 * Submit itself. Submit stays focusable while blocked (aria-disabled) so a keyboard user who
 * presses it hears the reason in the 'Cannot Submit' toast.
 */
export function CompletenessBar({
  score,
  blockedReason,
  submitting,
  progress,
  onSubmit,
}: {
  score: number;
  blockedReason: string | null;
  submitting: boolean;
  progress: number | null;
  onSubmit: () => void;
}) {
  const ready = score >= COMPLETENESS_THRESHOLD;
  return (
    // At most a fifth of the screen's height, so the form stays in sight above it on a phone; a long
    // reason scrolls inside the bar.
    <div
      data-testid="completeness-bar"
      className="sticky bottom-0 z-20 -mx-4 max-h-[20vh] overflow-y-auto border-t border-slate-200 bg-white/95 px-4 py-2 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur sm:mx-0 sm:rounded-t-lg sm:border-x sm:py-3"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <div className="min-w-0 flex-1">
          <div className="flex items-center justify-between text-sm">
            <span id="completeness-label" className="font-medium text-slate-800">
              Content completeness
            </span>
            <span className={`font-semibold ${ready ? 'text-green-700' : 'text-slate-700'}`}>{score}%</span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="completeness-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={score}
            className="relative mt-1 h-2.5 rounded-full bg-slate-200"
          >
            <div
              className={`h-full rounded-full transition-all ${ready ? 'bg-green-600' : 'bg-brand-600'}`}
              style={{ width: `${score}%` }}
            />
            <div
              className="absolute -top-1 h-4.5 w-0.5 bg-slate-700"
              style={{ left: `${COMPLETENESS_THRESHOLD}%` }}
              title={`${COMPLETENESS_THRESHOLD}% needed to submit`}
              aria-hidden
            />
          </div>
          <p className="mt-1 text-xs text-slate-600" aria-live="polite" data-testid="submit-reason">
            {progress !== null
              ? `Uploading... ${Math.round(progress * 100)}%`
              : (blockedReason ?? `Ready to submit (${COMPLETENESS_THRESHOLD}% needed).`)}
          </p>
          {progress !== null && (
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
              className="mt-1 h-1.5 rounded-full bg-slate-200"
            >
              <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.round(progress * 100)}%` }} />
            </div>
          )}
        </div>
        <div className="flex gap-2">
          <Link to="/dashboard" className={buttonClasses('outline', 'md', 'flex-1 sm:flex-none')}>
            Cancel
          </Link>
          <Button
            type="submit"
            className={`flex-1 sm:flex-none ${blockedReason ? 'cursor-not-allowed opacity-50' : ''}`}
            aria-disabled={blockedReason ? true : undefined}
            disabled={submitting}
            onClick={(e) => {
              e.preventDefault();
              onSubmit();
            }}
          >
            {submitting && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {submitting ? 'Submitting...' : 'Submit Request'}
          </Button>
        </div>
      </div>
    </div>
  );
}
