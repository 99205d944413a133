import * as Dialog from '@radix-ui/react-dialog';
import { Columns2, X } from 'lucide-react';
import { useState } from 'react';
import type { AssetDto } from '@shared/api/request-detail';
import { Button } from '@web/components/ui/button';
import { formatDateTime } from './format';
import { FileView, proofTitle } from './proof-preview';

/**
 * Two proof versions side by side (stacked on a phone), each chosen from the item's versions;
 * it opens on the previous version against the latest, the comparison a reviewer usually wants.
 */
export function ProofCompare({ proofs, channelLabel }: { proofs: AssetDto[]; channelLabel: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline">
          <Columns2 className="h-4 w-4" aria-hidden />
          Compare versions
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/60" />
        <Dialog.Content className="fixed inset-2 z-[61] flex flex-col rounded-lg bg-white shadow-xl sm:inset-6">
          <header className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-base font-semibold text-slate-900">Compare versions</Dialog.Title>
              <Dialog.Description className="text-xs text-slate-500">{channelLabel} proofs side by side</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="h-5 w-5" aria-hidden />
              </Button>
            </Dialog.Close>
          </header>
          {open && <ComparePanes proofs={proofs} channelLabel={channelLabel} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ComparePanes({ proofs, channelLabel }: { proofs: AssetDto[]; channelLabel: string }) {
  const [leftId, setLeftId] = useState(proofs[1]?.id ?? proofs[0].id);
  const [rightId, setRightId] = useState(proofs[0].id);
  return (
    <div className="grid min-h-0 flex-1 grid-cols-1 gap-4 overflow-auto p-4 md:grid-cols-2">
      <ComparePane label="Left version" proofs={proofs} channelLabel={channelLabel} value={leftId} onChange={setLeftId} />
      <ComparePane label="Right version" proofs={proofs} channelLabel={channelLabel} value={rightId} onChange={setRightId} />
    </div>
  );
}

function ComparePane({
  label,
  proofs,
  channelLabel,
  value,
  onChange,
}: {
  label: string;
  proofs: AssetDto[];
  channelLabel: string;
  value: string;
  onChange: (id: string) => void;
}) {
  const asset = proofs.find((p) => p.id === value) ?? proofs[0];
  const id = `compare-${label.replace(/\s+/g, '-').toLowerCase()}-${asset.itemId}`;
  return (
    <section aria-label={label} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <select
          id={id}
          value={asset.id}
          onChange={(e) => onChange(e.target.value)}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          {proofs.map((p) => (
            <option key={p.id} value={p.id}>
              v{p.versionNumber} · {p.fileName}
            </option>
          ))}
        </select>
      </div>
      <p className="text-xs text-slate-500">
        Uploaded {formatDateTime(asset.createdAt)}
        {asset.uploader && ` by ${asset.uploader.fullName}`}
      </p>
      <div className="flex min-h-40 items-start justify-center rounded-md border border-slate-200 bg-slate-100 p-2">
        <FileView asset={asset} title={proofTitle(channelLabel, asset)} />
      </div>
    </section>
  );
}
