import { format } from 'date-fns/format';
import { formatDistanceToNow } from 'date-fns/formatDistanceToNow';

/** "x minutes ago", with the exact time on hover and for assistive technology. */
export function RelativeTime({ iso, className = '' }: { iso: string; className?: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={format(date, 'PPpp')} className={className}>
      {formatDistanceToNow(date, { addSuffix: true })}
    </time>
  );
}
