// The phone field's rules (spec section 5): required, 10 to 14 characters as formatted, a US
// number only, sent with its leading 1 (the contract's PhoneNumber checks the digits).
import { AsYouType } from 'libphonenumber-js';
import { z } from 'zod/mini';
import { PhoneNumber } from '../../../contract/api';

export const PHONE_EMPTY_MESSAGE = 'Phone number cannot be empty.';
export const PHONE_INVALID_MESSAGE = 'Must be a valid mobile number';
const MIN_LENGTH = 10;
const MAX_LENGTH = 14;

/** The number without a leading US country code, as typed. */
function nationalDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The formatted national number the length rule is about. */
function formattedNational(value: string): string {
  return new AsYouType('US').input(nationalDigits(value));
}

/** As typed: trimmed, not empty, and of a formatted US number's length. */
const typedPhone = z.string().check(
  z.trim(),
  z.minLength(1, { error: PHONE_EMPTY_MESSAGE, abort: true }),
  z.refine<string>((value) => {
    const length = formattedNational(value).length;
    return length >= MIN_LENGTH && length <= MAX_LENGTH;
  }, PHONE_INVALID_MESSAGE),
);

export const PhoneFormSchema = z.object({
  phone: z.pipe(
    z.pipe(
      typedPhone,
      z.transform((value: string) => `1${nationalDigits(value)}`),
    ),
    PhoneNumber,
  ),
});

export type PhoneFormInput = z.input<typeof PhoneFormSchema>;
export type PhoneFormOutput = z.output<typeof PhoneFormSchema>;
