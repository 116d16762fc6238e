import { forwardRef, type ChangeEvent } from 'react';
import { AsYouType } from 'libphonenumber-js';
import './PhoneInput.css';

/** The field takes up to 15 digits (the longest phone number anywhere). */
export const PHONE_MAX_DIGITS = 15;

/**
 * The digits the field keeps: a country code typed by habit (`1 415...`, `+1 415...`) is the
 * +1 the field already shows, and no US area code starts with 1, so a leading 1 is dropped.
 */
export function nationalPhoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return (digits.startsWith('1') ? digits.slice(1) : digits).slice(0, PHONE_MAX_DIGITS);
}

/** Formats as the player types, US only: (555) 555-0123. */
export function formatPhoneInput(value: string): string {
  return formatDigits(nationalPhoneDigits(value));
}

function formatDigits(digits: string): string {
  return digits === '' ? '' : new AsYouType('US').input(digits);
}

export type PhoneInputProps = {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (formatted: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  error?: string | undefined;
};

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * A US phone field (no country to choose) that formats as the player types, (555) 555-0123,
 * and takes at most 15 digits.
 */
export const PhoneInput = forwardRef<HTMLInputElement, PhoneInputProps>(function PhoneInput(
  { id, name, label, value, onChange, onBlur, disabled = false, error },
  ref,
) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    let digits = nationalPhoneDigits(typed);
    // Deleting a bracket, space or dash alone would be undone by the formatting: take the digit
    // before it instead, so backspace always makes progress.
    if (typed.length < value.length && digits === digitsOf(value)) digits = digits.slice(0, -1);
    onChange(formatDigits(digits));
  };
  const errorId = `${id}-error`;
  return (
    <div className="phone-input">
      <label className="phone-input__label" htmlFor={id}>
        {label}
      </label>
      <div className="phone-input__field">
        <span className="phone-input__country" aria-hidden="true">
          +1
        </span>
        <input
          ref={ref}
          id={id}
          name={name}
          className="phone-input__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(555) 555-0123"
          value={value}
          onChange={handleChange}
          onBlur={onBlur}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      {error && (
        <p id={errorId} className="phone-input__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
