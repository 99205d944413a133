import { useState, type FormEvent } from 'react';
import { Loader2, Save } from 'lucide-react';
import { LANDING_MESSAGES, landingSaveBody, type EditorFaq, type LandingEditor, type LandingSaveBody } from '@shared/api/landing';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { useUnsavedGuard } from '@web/components/ui/unsaved-guard';
import { ApiError } from '@web/lib/api';
import { useSaveLanding } from '../api/save-landing';
import { FaqEditor } from './faq-editor';
import { newFaqId } from './new-faq-id';
import { SectionFields } from './section-fields';
import { sectionGroups } from './section-groups';

type Errors = Record<string, string>;

/** The first message per field, keyed as the server keys them ('content.hero_heading', 'faqs.0.question'). */
function errorsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const out: Errors = {};
  for (const issue of issues) out[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  return out;
}

const faqsOf = (editor: LandingEditor): EditorFaq[] =>
  editor.faqs.map(({ id, question, answer, active }) => ({ id, question, answer, active }));

/**
 * 'Edit Landing Page' (guide/administration.md#the-landing-page): every section and the FAQ list, one Save. The typed
 * text lives here and is filled once from the server, so a refused or failed save loses nothing
 * and a live reload never overwrites what is being typed; a successful save shows what was stored.
 */
export function LandingForm({ editor }: { editor: LandingEditor }) {
  const [content, setContent] = useState<Record<string, string>>(() => ({ ...editor.content }));
  const [faqs, setFaqs] = useState<EditorFaq[]>(() => faqsOf(editor));
  const [errors, setErrors] = useState<Errors>({});
  // What the server holds, as the form shows it: the editor is dirty while the form differs.
  const [stored, setStored] = useState(() => JSON.stringify({ content: editor.content, faqs: faqsOf(editor) }));
  const save = useSaveLanding((saved) => {
    setContent({ ...saved.content });
    setFaqs(faqsOf(saved));
    setStored(JSON.stringify({ content: saved.content, faqs: faqsOf(saved) }));
  });

  const changeSection = (section: string, value: string) => setContent((c) => ({ ...c, [section]: value }));
  const changeFaqs = (next: EditorFaq[]) => {
    setFaqs(next);
    // Errors are keyed by position; a move or delete would pin them to the wrong FAQ.
    if (next.length !== faqs.length || next.some((f, i) => f.id !== faqs[i].id)) setErrors((e) => withoutFaqErrors(e));
  };
  const addFaq = () => {
    const id = newFaqId();
    setFaqs((f) => [...f, { id, question: '', answer: '', active: true }]);
    // Focus the new question once it is on screen, so the keyboard user types straight into it.
    requestAnimationFrame(() => document.getElementById(`faq-${id}-question`)?.focus());
  };

  /** Checks and saves; true once the server holds it (Save Changes and the guard's Save & Close). */
  const saveNow = async (): Promise<boolean> => {
    const body: LandingSaveBody = { content, faqs };
    const parsed = landingSaveBody.safeParse(body);
    if (!parsed.success) {
      const found = errorsOf(parsed.error.issues);
      setErrors(found);
      toast({ title: LANDING_MESSAGES.saveFailed, description: Object.values(found)[0], variant: 'destructive' });
      return false;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      return true;
    } catch (err) {
      setErrors(err instanceof ApiError && err.fields ? err.fields : {});
      return false;
    }
  };
  const dirty = JSON.stringify({ content, faqs }) !== stored;
  const guard = useUnsavedGuard({ dirty, save: saveNow });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void saveNow();
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {sectionGroups(editor.tiers).map((group) => (
        <SectionFields key={group.id} group={group} values={content} defaults={editor.defaults} errors={errors} onChange={changeSection} />
      ))}
      <FaqEditor faqs={faqs} errors={errors} onChange={changeFaqs} onAdd={addFaq} />
      <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Save className="h-4 w-4" aria-hidden />}
          Save Changes
        </Button>
      </div>
      {guard.dialog}
    </form>
  );
}

function withoutFaqErrors(errors: Errors): Errors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !key.startsWith('faqs.')));
}
