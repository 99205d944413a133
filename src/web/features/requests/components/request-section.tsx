import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import type { RequestListRow } from '@shared/api/requests';
import { Card } from '@web/components/ui/card';
import { ListFooter } from '@web/components/ui/list-footer';
import { RequestsTable } from './requests-table';

export interface PagedRows {
  rows: RequestListRow[];
  footer: React.ComponentProps<typeof ListFooter>;
}

/** A collapsible section of the coordinator layout, open by default, with its own Load more. */
export function RequestSection({ title, section }: { title: string; section: PagedRows }) {
  const [open, setOpen] = useState(true);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} asChild>
      <Card>
        <Collapsible.Trigger className="flex w-full items-center justify-between gap-2 rounded-t-lg px-4 py-3 text-left hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
          <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
          <ChevronDown className={`h-5 w-5 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
        </Collapsible.Trigger>
        <Collapsible.Content className="border-t border-slate-200">
          <RequestsTable rows={section.rows} showCoordinator caption={title} />
          <ListFooter {...section.footer} />
        </Collapsible.Content>
      </Card>
    </Collapsible.Root>
  );
}
