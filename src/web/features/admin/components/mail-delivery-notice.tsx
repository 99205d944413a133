import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { MAIL_DELIVERY_MESSAGES as M } from '@shared/api/outbox';
import { mailDeliveryQuery } from '../api/get-mail-delivery';

/**
 * Says plainly when e-mails are not delivered (no mail relay) and how to fix it, with what waits;
 * shown on the outbox and on System Health (decision 0053). Nothing while a relay is set and
 * nothing failed.
 */
export function MailDeliveryNotice({ className = '' }: { className?: string }) {
  const delivery = useQuery(mailDeliveryQuery);
  const data = delivery.data;
  if (!data) return null;
  if (data.relayConfigured && data.failed === 0) return null;
  const title = data.relayConfigured ? M.failing(data.failed) : M.notDelivering;
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 ${className}`}
    >
      <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden />
      <div className="min-w-0 space-y-1 [overflow-wrap:anywhere]">
        <p className="font-semibold">{title}</p>
        {!data.relayConfigured && <p>{M.noRelay}</p>}
        <p>{M.waiting(data.queued)}</p>
        {!data.relayConfigured && <p>{M.fix}</p>}
      </div>
    </div>
  );
}
