import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { leadTimeText, offered } from '@shared/domain/church-config';
import { useFormConfig } from '../lib/form-config';
import { Button } from '@web/components/ui/button';

/** The Communication Tier Guide: each tier's title, examples, lead time and description. */
export function TierGuideDialog() {
  const config = useFormConfig();
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button variant="link" size="sm" className="mt-1 h-auto px-0!">
          Communication Tier Guide
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[85vh] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Communication Tier Guide</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Pick the tier that fits your event. The tier sets the channels included with your request.
          </Dialog.Description>
          <ul className="mt-4 grid gap-3">
            {offered(config.tiers).map((def) => {
              return (
                <li key={def.code} className="rounded-md border border-slate-200 p-3">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 className="font-semibold text-slate-900">{def.name}</h3>
                    <span className="text-xs font-medium text-brand-700">Lead time: {leadTimeText(def)}</span>
                  </div>
                  <p className="text-sm text-slate-700">{def.examples}</p>
                  <p className="mt-1 text-sm text-slate-600">{def.description}</p>
                </li>
              );
            })}
          </ul>
          <Dialog.Close asChild>
            <Button variant="ghost" size="icon" className="absolute right-3 top-3" aria-label="Close">
              <X className="h-4 w-4" aria-hidden />
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
