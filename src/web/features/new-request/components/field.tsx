import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { FieldError, Label } from '@web/components/ui/input';

/** A titled card of the form. */
export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <Card className="p-5 sm:p-6" role="group" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className="mt-4 grid gap-4">{children}</div>
    </Card>
  );
}

/** A label, the control and its error, tied together by ids. */
export function Field({
  id,
  label,
  required,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="text-red-600" aria-hidden>
            {' '}
            *
          </span>
        )}
      </Label>
      {children}
      {hint && <div className="mt-1 text-xs text-slate-500">{hint}</div>}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** aria attributes of a control with a possible error. */
export const errorProps = (id: string, error?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});
