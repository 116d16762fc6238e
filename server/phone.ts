// Phone numbers: stored in E.164, never logged in full.
import { PhoneNumber } from '../contract/api';

/** The wire form (`1` + ten digits, already validated by the contract) to E.164. */
export function toE164(wirePhone: string): string {
  return `+${wirePhone.trim()}`;
}

/**
 * What an operator may type (`+1 202 555 0123`, `(202) 555-0123`, `12025550123`) to E.164,
 * or null when it is not a US number the app would accept.
 */
export function parseUsPhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  const wire = digits.length === 10 ? `1${digits}` : digits;
  return PhoneNumber.safeParse(wire).success ? toE164(wire) : null;
}

/** `+12025550123` -> `+1******0123`: enough to tell numbers apart in a log, not to text one. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 5) return '***';
  return `+${digits.slice(0, 1)}${'*'.repeat(digits.length - 5)}${digits.slice(-4)}`;
}
