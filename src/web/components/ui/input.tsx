import { forwardRef, type InputHTMLAttributes, type LabelHTMLAttributes, type TextareaHTMLAttributes } from 'react';

const FIELD =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100 aria-[invalid=true]:border-red-500';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className = '', ...props }, ref) {
  return <input ref={ref} className={`${FIELD} h-10 ${className}`} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className = '', ...props },
  ref,
) {
  return <textarea ref={ref} className={`${FIELD} min-h-20 ${className}`} {...props} />;
});

/** A field's label; `htmlFor` is required so every label names its control (screen readers, click to focus). */
export function Label({ className = '', htmlFor, ...props }: LabelHTMLAttributes<HTMLLabelElement> & { htmlFor: string }) {
  return <label htmlFor={htmlFor} className={`mb-1 block text-sm font-medium text-slate-700 ${className}`} {...props} />;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-600">
      {message}
    </p>
  );
}

/**
 * The attributes of a control whose message (FieldError, id `{id}-error`) may show: invalid and
 * described by the message while there is one. TextField carries them; a textarea, a date or a
 * picker spreads them itself.
 */
export const describedBy = (id: string, error: string | undefined) => ({
  'aria-invalid': !!error,
  'aria-describedby': error ? `${id}-error` : undefined,
});

/**
 * A labelled text input with its message under it: invalid and described by the message while
 * there is one (`{id}-error`). A form's `register(...)` spreads onto it; `className` is the
 * wrapper's, for the form's layout.
 */
export const TextField = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, 'aria-invalid' | 'aria-describedby'> & { id: string; label: string; error?: string }
>(function TextField({ id, label, error, className, ...input }, ref) {
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      <Input ref={ref} id={id} {...describedBy(id, error)} {...input} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
});
