import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import type { LandingResponse } from '@shared/api/landing';
import { FAQ_EMPTY } from '@shared/domain/landing';

/** The active FAQs in order, each a disclosure (button with aria-expanded controlling its answer). */
export function FaqList({ faqs }: { faqs: LandingResponse['faqs'] }) {
  if (faqs.length === 0) return <p className="text-center text-sm text-slate-500">{FAQ_EMPTY}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
      {faqs.map((faq) => (
        <li key={faq.id}>
          <Collapsible.Root>
            <h3>
              <Collapsible.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-medium text-slate-900 hover:bg-slate-50">
                {faq.question}
                <ChevronDown
                  className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden
                />
              </Collapsible.Trigger>
            </h3>
            <Collapsible.Content className="whitespace-pre-line px-5 pb-5 text-sm leading-relaxed text-slate-600">
              {faq.answer}
            </Collapsible.Content>
          </Collapsible.Root>
        </li>
      ))}
    </ul>
  );
}
