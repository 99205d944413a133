import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { LandingSaveBody } from '@shared/api/landing';
import { FAQ_ANSWER_MAX, FAQ_QUESTION_MAX, FAQS_MAX } from '@shared/domain/landing';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { describedBy, FieldError, Label, Textarea, TextField } from '@web/components/ui/input';
import { DeleteFaqDialog } from './delete-faq-dialog';
import { newFaqId } from './new-faq-id';

/**
 * The FAQ editor: add, edit, reorder (up and down), show or hide, delete after asking. Hidden FAQs
 * stay stored. Each FAQ keeps its own id (the save upserts on it); the rows are keyed by the field
 * array's `key`.
 */
export function FaqEditor() {
  const { control, clearErrors, getValues } = useFormContext<LandingSaveBody>();
  const faqs = useFieldArray({ control, name: 'faqs', keyName: 'key' });
  // Messages belong to a place in the list: a move or delete would pin them to the wrong FAQ.
  const rearranged = () => clearErrors('faqs');
  const add = () =>
    // The new question takes the focus, so the keyboard user types straight into it.
    faqs.append({ id: newFaqId(), question: '', answer: '', active: true }, { focusName: `faqs.${getValues('faqs').length}.question` });
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
          <Button variant="outline" onClick={add} disabled={faqs.fields.length >= FAQS_MAX}>
            <Plus className="h-4 w-4" aria-hidden />
            Add FAQ
          </Button>
        </div>
        {faqs.fields.length === 0 ? (
          <p className="mt-4 rounded-md border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
            No FAQs yet. The landing page says there are none at the moment.
          </p>
        ) : (
          <ol className="mt-4 space-y-4">
            {faqs.fields.map((faq, index) => (
              <FaqRow
                key={faq.key}
                faqId={faq.id}
                index={index}
                last={index === faqs.fields.length - 1}
                onMove={(to) => {
                  faqs.move(index, to);
                  rearranged();
                }}
                onDelete={() => {
                  faqs.remove(index);
                  rearranged();
                }}
              />
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}

/** One FAQ: its place, whether it shows, its buttons, its question and answer. */
function FaqRow(props: { faqId: string; index: number; last: boolean; onMove: (to: number) => void; onDelete: () => void }) {
  const { faqId, index, last, onMove, onDelete } = props;
  const { register, watch, formState } = useFormContext<LandingSaveBody>();
  const n = index + 1;
  const q = `faq-${faqId}-question`;
  const a = `faq-${faqId}-answer`;
  const active = watch(`faqs.${index}.active`);
  const qError = formState.errors.faqs?.[index]?.question?.message;
  const aError = formState.errors.faqs?.[index]?.answer?.message;
  return (
    <li className={`rounded-lg border p-4 ${active ? 'border-slate-200' : 'border-dashed border-slate-300 bg-slate-50'}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-slate-700">
          FAQ {n}
          {!active && <span className="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">Hidden</span>}
        </span>
        <div className="flex items-center gap-1">
          <label className="mr-2 flex cursor-pointer items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 accent-brand-600"
              aria-label={`FAQ ${n} active`}
              {...register(`faqs.${index}.active`)}
            />
            Active
          </label>
          <Button variant="ghost" size="icon" aria-label={`Move FAQ ${n} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
            <ArrowUp className="h-4 w-4" aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Move FAQ ${n} down`} disabled={last} onClick={() => onMove(index + 1)}>
            <ArrowDown className="h-4 w-4" aria-hidden />
          </Button>
          <DeleteFaqDialog position={n} question={watch(`faqs.${index}.question`) ?? ''} onConfirm={onDelete} />
        </div>
      </div>
      <div className="space-y-3">
        <TextField id={q} label="Question" maxLength={FAQ_QUESTION_MAX} error={qError} {...register(`faqs.${index}.question`)} />
        <div>
          <Label htmlFor={a}>Answer</Label>
          <Textarea id={a} rows={3} maxLength={FAQ_ANSWER_MAX} {...describedBy(a, aError)} {...register(`faqs.${index}.answer`)} />
          <FieldError id={`${a}-error`} message={aError} />
        </div>
      </div>
    </li>
  );
}
