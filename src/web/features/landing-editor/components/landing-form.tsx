import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Save } from 'lucide-react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { LANDING_MESSAGES, landingSaveBody, type LandingEditor, type LandingSaveBody } from '@shared/api/landing';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { useUnsavedGuard } from '@web/components/ui/unsaved-guard';
import { errorMessages, setServerErrors } from '@web/lib/form-errors';
import { useSaveLanding } from '../api/save-landing';
import { FaqEditor } from './faq-editor';
import { SectionFields } from './section-fields';
import { sectionGroups } from './section-groups';

/** The form's values: what the server holds, as the save sends it. */
const valuesOf = (editor: LandingEditor): LandingSaveBody => ({
  content: { ...editor.content },
  faqs: editor.faqs.map(({ id, question, answer, active }) => ({ id, question, answer, active })),
});

/** The fields a refusal may name, keyed as the server keys them ('content.hero_heading', 'faqs.0.question'). */
const fieldsOf = (body: LandingSaveBody): Array<FieldPath<LandingSaveBody>> => [
  ...Object.keys(body.content).map((section) => `content.${section}` as const),
  ...body.faqs.flatMap((_, i) => [`faqs.${i}.question` as const, `faqs.${i}.answer` as const]),
];

const toastRefusal = (found: object) =>
  toast({ title: LANDING_MESSAGES.saveFailed, description: Object.values(errorMessages(found))[0], variant: 'destructive' });

/**
 * 'Edit Landing Page' (guide/administration.md#the-landing-page): every section and the FAQ list, one Save, checked by
 * the API's own schema. The typed text lives in the form and is filled once from the server, so a
 * refused or failed save loses nothing and a live reload never overwrites what is being typed; a
 * successful save shows what was stored.
 */
export function LandingForm({ editor }: { editor: LandingEditor }) {
  const form = useForm<LandingSaveBody>({
    resolver: zodResolver(landingSaveBody),
    defaultValues: valuesOf(editor),
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isDirty },
  } = form;
  // What the server holds becomes the form's start: the editor is dirty while the form differs.
  const save = useSaveLanding((saved) => reset(valuesOf(saved)));

  const store = async (body: LandingSaveBody): Promise<boolean> => {
    try {
      await save.mutateAsync(body);
      return true;
    } catch (err) {
      setServerErrors(setError, err, fieldsOf(body));
      return false;
    }
  };
  /** Checks and saves; true once the server holds it (Save Changes and the guard's Save & Close). */
  const saveNow = async (): Promise<boolean> => {
    let saved = false;
    await handleSubmit(async (body) => {
      saved = await store(body);
    }, toastRefusal)();
    return saved;
  };
  const guard = useUnsavedGuard({ dirty: isDirty, save: saveNow });

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void saveNow();
        }}
        noValidate
        className="space-y-6"
      >
        {sectionGroups(editor.tiers).map((group) => (
          <SectionFields key={group.id} group={group} defaults={editor.defaults} />
        ))}
        <FaqEditor />
        <div className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Save className="h-4 w-4" aria-hidden />}
            Save Changes
          </Button>
        </div>
        {guard.dialog}
      </form>
    </FormProvider>
  );
}
