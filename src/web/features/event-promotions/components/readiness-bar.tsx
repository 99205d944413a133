import { isEventReady } from '@shared/domain/promotions';

/** How many of an event's items are ready (approved, published or complete). */
export function ReadinessBar({
  readiness,
  doneCount,
  itemCount,
  title,
}: {
  readiness: number;
  doneCount: number;
  itemCount: number;
  title: string;
}) {
  const ready = isEventReady(readiness);
  return (
    <div className="min-w-40">
      <div className="mb-1 flex justify-between text-xs text-slate-600">
        <span>
          {doneCount}/{itemCount} items ready
        </span>
        <span className="font-medium">{readiness}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Readiness of ${title}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={readiness}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full rounded-full ${ready ? 'bg-green-500' : readiness >= 50 ? 'bg-brand-600' : 'bg-amber-500'}`}
          style={{ width: `${readiness}%` }}
        />
      </div>
    </div>
  );
}
