import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import type { EditorFaq } from '@shared/api/landing';
import { FAQ_ANSWER_MAX, FAQ_QUESTION_MAX, FAQS_MAX } from '@shared/domain/landing';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { FieldError, Input, Label, Textarea } from '@web/components/ui/input';
import { DeleteFaqDialog } from './delete-faq-dialog';

interface Props {
  faqs: EditorFaq[];
  errors: Record<string, string>;
  onChange: (faqs: EditorFaq[]) => void;
  onAdd: () => void;
}

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
};

/** The FAQ editor: add, edit, reorder (up and down), show or hide, delete after asking. Hidden FAQs stay stored. */
export function FaqEditor({ faqs, errors, onChange, onAdd }: Props) {
  const update = (index: number, patch: Partial<EditorFaq>) => onChange(faqs.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="landing-group-faqs">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="landing-group-faqs" className="text-lg font-semibold text-slate-900">
              FAQs
            </h2>
            <p className="text-sm text-slate-600">Only active FAQs appear on the landing page, in this order.</p>
          </div>
          <Button variant="outline" onClick={onAdd} disabled={faqs.length >= FAQS_MAX}>
            <Plus className="h-4 w-4" aria-hidden />
            Add FAQ
          </Button>
        </div>
        {faqs.length === 0 ? (
          <p className="mt-4 rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
            No FAQs yet. The landing page says there are none at the moment.
          </p>
        ) : (
          <ol className="mt-4 space-y-4">
            {faqs.map((faq, index) => {
              const n = index + 1;
              const q = `faq-${faq.id}-question`;
              const a = `faq-${faq.id}-answer`;
              const qError = errors[`faqs.${index}.question`];
              const aError = errors[`faqs.${index}.answer`];
              return (
                <li
                  key={faq.id}
                  className={`rounded-lg border p-4 ${faq.active ? 'border-slate-200' : 'border-dashed border-slate-300 bg-slate-50'}`}
                >
                  <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                    <span className="text-sm font-semibold text-slate-700">
                      FAQ {n}
                      {!faq.active && (
                        <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">Hidden</span>
                      )}
                    </span>
                    <div className="flex items-center gap-1">
                      <label className="mr-2 flex cursor-pointer items-center gap-2 text-sm text-slate-700">
                        <input
                          type="checkbox"
                          className="h-4 w-4 rounded border-slate-300 accent-brand-600"
                          checked={faq.active}
                          onChange={(e) => update(index, { active: e.target.checked })}
                          aria-label={`FAQ ${n} active`}
                        />
                        Active
                      </label>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Move FAQ ${n} up`}
                        disabled={index === 0}
                        onClick={() => onChange(move(faqs, index, index - 1))}
                      >
                        <ArrowUp className="h-4 w-4" aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Move FAQ ${n} down`}
                        disabled={index === faqs.length - 1}
                        onClick={() => onChange(move(faqs, index, index + 1))}
                      >
                        <ArrowDown className="h-4 w-4" aria-hidden />
                      </Button>
                      <DeleteFaqDialog
                        position={n}
                        question={faq.question}
                        onConfirm={() => onChange(faqs.filter((_, i) => i !== index))}
                      />
                    </div>
                  </div>
                  <div className="space-y-3">
                    <div>
                      <Label htmlFor={q}>Question</Label>
                      <Input
                        id={q}
                        value={faq.question}
                        maxLength={FAQ_QUESTION_MAX}
                        aria-invalid={!!qError || undefined}
                        aria-describedby={qError ? `${q}-error` : undefined}
                        onChange={(e) => update(index, { question: e.target.value })}
                      />
                      <FieldError id={`${q}-error`} message={qError} />
                    </div>
                    <div>
                      <Label htmlFor={a}>Answer</Label>
                      <Textarea
                        id={a}
                        value={faq.answer}
                        rows={3}
                        maxLength={FAQ_ANSWER_MAX}
                        aria-invalid={!!aError || undefined}
                        aria-describedby={aError ? `${a}-error` : undefined}
                        onChange={(e) => update(index, { answer: e.target.value })}
                      />
                      <FieldError id={`${a}-error`} message={aError} />
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </Card>
  );
}
