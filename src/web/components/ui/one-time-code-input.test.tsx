// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { Label } from './input';
import { isOneTimeCode, OneTimeCodeInput } from './one-time-code-input';

function Field({ error }: { error?: string }) {
  const [code, setCode] = useState('');
  return (
    <>
      <Label htmlFor="code">Code from the app</Label>
      <OneTimeCodeInput id="code" value={code} errorId={error ? 'code-error' : undefined} onChange={(e) => setCode(e.target.value)} />
      {error && <p id="code-error">{error}</p>}
    </>
  );
}

afterEach(cleanup);

describe('One-time code input', () => {
  it('is named by its label and asks the phone for a one-time code on a numeric keypad, room for "123 456"', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByRole('textbox', { name: 'Code from the app' });
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('pattern', '[0-9 ]*');
    expect(input).toHaveAttribute('maxlength', '7');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).not.toHaveAttribute('aria-describedby');
    await user.type(input, '123 4567');
    expect(input).toHaveValue('123 456');
  });

  it('is invalid and described by its error while there is one', () => {
    render(<Field error="Enter the 6-digit code from your authenticator app." />);
    const input = screen.getByRole('textbox', { name: 'Code from the app' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter the 6-digit code from your authenticator app.');
  });

  it('hands its element to a ref, so a form can focus it', () => {
    const ref = createRef<HTMLInputElement>();
    render(<OneTimeCodeInput id="code" aria-label="Code" ref={ref} defaultValue="" />);
    ref.current!.focus();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveFocus();
  });
});

describe('isOneTimeCode', () => {
  it.each(['123456', '123 456', ' 123456 '])('takes %j', (code) => expect(isOneTimeCode(code)).toBe(true));
  it.each(['', '12345', '1234567', '12 3456', '123  456', 'abcdef', '12345a'])('refuses %j', (code) =>
    expect(isOneTimeCode(code)).toBe(false),
  );
});
