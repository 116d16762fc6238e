import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { CODE_LENGTH } from '../../../contract/api';

export type CodeBoxesProps = {
  /** Digits to show (the code being checked); empty boxes when not given. */
  initialCode?: string;
  disabled: boolean;
  /** Called once all four boxes hold a digit. */
  onComplete: (code: string) => void;
};

const emptyDigits = () => Array.from({ length: CODE_LENGTH }, () => '');

/**
 * Four one-digit boxes (spec section 5): digits only, typing moves to the next box, backspace
 * on an empty box clears and focuses the previous one, the fourth digit submits.
 */
export function CodeBoxes({ initialCode = '', disabled, onComplete }: CodeBoxesProps) {
  const [digits, setDigits] = useState<string[]>(() =>
    emptyDigits().map((_, i) => initialCode[i] ?? ''),
  );
  const boxes = useRef<Array<HTMLInputElement | null>>([]);

  const focusBox = (index: number) => boxes.current[index]?.focus();

  // The boxes open disabled while the code is requested: once they take digits, the first empty
  // one gets the focus, so the phone's keyboard is up without a tap.
  useEffect(() => {
    if (disabled) return;
    const firstEmpty = boxes.current.findIndex((box) => box?.value === '');
    if (firstEmpty >= 0) boxes.current[firstEmpty]?.focus();
  }, [disabled]);

  const fill = (from: number, typed: string) => {
    const next = [...digits];
    let index = from;
    for (const digit of typed) {
      if (index >= CODE_LENGTH) break;
      next[index] = digit;
      index += 1;
    }
    setDigits(next);
    if (next.every((d) => d !== '')) onComplete(next.join(''));
    else focusBox(Math.min(index, CODE_LENGTH - 1));
  };

  const handleChange = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value.replace(/\D/g, '');
    if (typed === '') {
      const next = [...digits];
      next[index] = '';
      setDigits(next);
      return;
    }
    // A box holding a digit receives the new one after it; a pasted code fills the boxes on.
    const fresh = typed.length > 1 && digits[index] !== '' ? typed.slice(1) : typed;
    fill(index, fresh);
  };

  const handleKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Backspace' || digits[index] !== '' || index === 0) return;
    event.preventDefault();
    const next = [...digits];
    next[index - 1] = '';
    setDigits(next);
    focusBox(index - 1);
  };

  return (
    <div className="code-boxes" role="group" aria-label="Verification code">
      {digits.map((digit, index) => (
        <input
          // The boxes are a fixed row: their position is their identity.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="code-boxes__box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1}`}
          value={digit}
          disabled={disabled}
          onChange={handleChange(index)}
          onKeyDown={handleKeyDown(index)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
