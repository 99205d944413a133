import { Controller, useFormContext } from 'react-hook-form';
import type { LandingSaveBody } from '@shared/api/landing';
import { sectionMax } from '@shared/domain/landing';
import { Card } from '@web/components/ui/card';
import { FieldError, Input, Label, Textarea } from '@web/components/ui/input';
import type { SectionField, SectionGroup } from './section-groups';

interface Props {
  group: SectionGroup;
  defaults: Record<string, string>;
}

/** One section of the landing page: its fields, each showing its built-in default and able to go back to it. */
export function SectionFields({ group, defaults }: Props) {
  const headingId = `landing-group-${group.id}`;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {group.title}
        </h2>
        <div className="mt-4 space-y-4">
          {group.fields.map((field) =>
            field.toggle ? (
              <ToggleField key={field.section} field={field} fallback={defaults[field.section]} />
            ) : (
              <TextSection key={field.section} field={field} groupTitle={group.title} fallback={defaults[field.section]} />
            ),
          )}
        </div>
      </section>
    </Card>
  );
}

/** A yes/no section as a checkbox; one never set reads as its default. */
function ToggleField({ field: { section, label }, fallback }: { field: SectionField; fallback: string }) {
  const id = `landing-${section}`;
  return (
    <Controller<LandingSaveBody, `content.${string}`>
      name={`content.${section}`}
      render={({ field }) => (
        <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            id={id}
            ref={field.ref}
            name={field.name}
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={(field.value ?? fallback) !== 'no'}
            onChange={(e) => field.onChange(e.target.checked ? 'yes' : 'no')}
            onBlur={field.onBlur}
          />
          {label}
        </label>
      )}
    />
  );
}

/** A text section with its hint and message, and 'Use default' while it differs from the default. */
function TextSection({ field, groupTitle, fallback }: { field: SectionField; groupTitle: string; fallback: string }) {
  const { section, label, multiline, hint } = field;
  const { register, setValue, watch, formState } = useFormContext<LandingSaveBody>();
  const name = `content.${section}` as const;
  const id = `landing-${section}`;
  const error = formState.errors.content?.[section]?.message;
  const common = {
    id,
    placeholder: fallback,
    maxLength: sectionMax(section),
    'aria-invalid': !!error || undefined,
    'aria-describedby': [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined,
    ...register(name),
  };
  const isDefault = (watch(name) ?? '') === fallback;
  return (
    <div>
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {!isDefault && (
          <button
            type="button"
            className="mb-1 rounded text-xs font-medium text-brand-700 hover:underline"
            onClick={() => setValue(name, fallback, { shouldDirty: true })}
          >
            Use default <span className="sr-only">for {`${groupTitle} ${label.toLowerCase()}`}</span>
          </button>
        )}
      </div>
      {multiline ? <Textarea {...common} rows={3} /> : <Input {...common} />}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
