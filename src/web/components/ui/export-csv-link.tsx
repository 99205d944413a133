import { Download } from 'lucide-react';
import { buttonClasses } from './button';

/**
 * 'Export CSV': a plain download link to a list's export route with the filters on
 * screen in its query string. A GET: the session cookie goes with it and no CSRF token is needed;
 * the server names the file. `label` tells apart several exports on one screen.
 */
export function ExportCsvLink({ href, label, size = 'md' }: { href: string; label?: string; size?: 'sm' | 'md' }) {
  return (
    <a href={href} download className={buttonClasses('outline', size)} aria-label={label ? `Export CSV: ${label}` : undefined}>
      <Download className="h-4 w-4" aria-hidden />
      Export CSV
    </a>
  );
}
