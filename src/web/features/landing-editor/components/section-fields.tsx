import { sectionMax } from '@shared/domain/landing';
import { Card } from '@web/components/ui/card';
import { FieldError, Input, Label, Textarea } from '@web/components/ui/input';
import type { SectionGroup } from './section-groups';

interface Props {
  group: SectionGroup;
  values: Record<string, string>;
  defaults: Record<string, string>;
  errors: Record<string, string>;
  onChange: (section: string, value: string) => void;
}

/** One section of the landing page: its fields, each showing its built-in default and able to go back to it. */
export function SectionFields({ group, values, defaults, errors, onChange }: Props) {
  const headingId = `landing-group-${group.id}`;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {group.title}
        </h2>
        <div className="mt-4 space-y-4">
          {group.fields.map(({ section, label, multiline, toggle, hint }) => {
            const id = `landing-${section}`;
            const error = errors[`content.${section}`];
            if (toggle) {
              return (
                <label key={section} htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-800">
                  <input
                    id={id}
                    type="checkbox"
                    className="h-4 w-4 accent-brand-600"
                    checked={(values[section] ?? defaults[section]) !== 'no'}
                    onChange={(e) => onChange(section, e.target.checked ? 'yes' : 'no')}
                  />
                  {label}
                </label>
              );
            }
            const common = {
              id,
              value: values[section] ?? '',
              placeholder: defaults[section],
              maxLength: sectionMax(section),
              'aria-invalid': !!error || undefined,
              'aria-describedby': [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined,
            };
            const isDefault = (values[section] ?? '') === defaults[section];
            return (
              <div key={section}>
                <div className="flex items-end justify-between gap-2">
                  <Label htmlFor={id}>{label}</Label>
                  {!isDefault && (
                    <button
                      type="button"
                      className="mb-1 rounded text-xs font-medium text-brand-700 hover:underline"
                      onClick={() => onChange(section, defaults[section])}
                    >
                      Use default <span className="sr-only">for {`${group.title} ${label.toLowerCase()}`}</span>
                    </button>
                  )}
                </div>
                {multiline ? (
                  <Textarea {...common} rows={3} onChange={(e) => onChange(section, e.target.value)} />
                ) : (
                  <Input {...common} onChange={(e) => onChange(section, e.target.value)} />
                )}
                {hint && (
                  <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
                    {hint}
                  </p>
                )}
                <FieldError id={`${id}-error`} message={error} />
              </div>
            );
          })}
        </div>
      </section>
    </Card>
  );
}
