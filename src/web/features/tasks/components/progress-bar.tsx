/** A labelled progress bar; the colour class comes from the caller (progress, workload). */
export function ProgressBar({ value, label, barClassName = 'bg-brand-600' }: { value: number; label: string; barClassName?: string }) {
  const clamped = Math.max(0, Math.min(100, value));
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full ${barClassName}`} style={{ width: `${clamped}%` }} />
      </div>
      <span className="w-10 text-right text-xs tabular-nums text-slate-600">{clamped}%</span>
    </div>
  );
}
