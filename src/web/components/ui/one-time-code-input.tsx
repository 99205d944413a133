import { forwardRef, type InputHTMLAttributes } from 'react';
import { Input } from './input';

/** Six digits as an authenticator app shows them, '123456' or '123 456'. */
export const isOneTimeCode = (value: string) => /^\d{3} ?\d{3}$/.test(value.trim());

type FixedAttributes = 'type' | 'autoComplete' | 'inputMode' | 'pattern' | 'maxLength' | 'aria-invalid' | 'aria-describedby';

export type OneTimeCodeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, FixedAttributes> & {
  /** Required so a `Label htmlFor` names the field. */
  id: string;
  /** The id of the error shown for this field, while there is one: the field is then invalid and described by it. */
  errorId?: string;
};

/**
 * The field of a six-digit code from an authenticator app: the phone offers the code it received
 * (`one-time-code`) on a numeric keypad; seven characters leave room for the space in '123 456'.
 */
export const OneTimeCodeInput = forwardRef<HTMLInputElement, OneTimeCodeInputProps>(function OneTimeCodeInput({ errorId, ...props }, ref) {
  return (
    <Input
      ref={ref}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9 ]*"
      maxLength={7}
      aria-invalid={!!errorId}
      aria-describedby={errorId}
      {...props}
    />
  );
});
