import { Check, Clock, X } from 'lucide-react';
import { featureLines, isExcludedFeature } from '@shared/domain/landing';

/** A promotion tier card (its features one a line); a feature beginning with "No " is struck out as not included. */
export function TierCard({ tierKey, content }: { tierKey: string; content: Record<string, string> }) {
  const headingId = `tier-${tierKey}-name`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="flex items-center justify-between gap-3">
        <span className="inline-flex h-9 min-w-9 items-center justify-center rounded-full bg-brand-600 px-2 text-sm font-bold text-white">
          {tierKey.toUpperCase()}
        </span>
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-800">
          <Clock className="h-3.5 w-3.5" aria-hidden />
          {content[`tier_${tierKey}_lead_time`]}
        </span>
      </div>
      <h3 id={headingId} className="mt-4 text-lg font-semibold text-slate-900">
        {content[`tier_${tierKey}_name`]}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{content[`tier_${tierKey}_description`]}</p>
      <ul className="mt-4 space-y-2 border-t border-slate-100 pt-4 text-sm">
        {featureLines(content[`tier_${tierKey}_features`] ?? '').map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            {isExcludedFeature(feature) ? (
              <>
                <X className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                <s className="text-slate-500">
                  <span className="sr-only">Not included: </span>
                  {feature}
                </s>
              </>
            ) : (
              <>
                <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
                <span className="text-slate-700">{feature}</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </article>
  );
}
