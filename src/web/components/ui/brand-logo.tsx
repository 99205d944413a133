/**
 * The round badge logo (the same drawing as /favicon.svg, inline so it inherits no request and
 * scales crisply) and the product name beside it.
 */
export function BrandLogo({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden focusable="false">
      <circle cx="16" cy="16" r="16" fill="#4f46e5" />
      <path d="M16 6c2.5 3 3.5 5.5 3.5 7.5a3.5 3.5 0 0 1-7 0C12.5 11.5 13.5 9 16 6z" fill="#fde68a" />
      <rect x="12" y="19" width="8" height="3" rx="1" fill="#fff" />
      <rect x="10" y="23" width="12" height="3" rx="1" fill="#fff" />
    </svg>
  );
}

export function BrandMark({ size = 'md' }: { size?: 'md' | 'lg' }) {
  return (
    <span className="inline-flex items-center gap-2">
      <BrandLogo className={size === 'lg' ? 'h-10 w-10' : 'h-8 w-8'} />
      <span className={`font-semibold tracking-tight text-slate-900 ${size === 'lg' ? 'text-xl' : 'text-lg'}`}>Lampstand</span>
    </span>
  );
}
