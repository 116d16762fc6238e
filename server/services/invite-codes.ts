import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: a code read aloud or copied by hand has one reading (DESIGN section 4).
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const GENERATED_CODE_LENGTH = 8;

export function generateInviteCode(): string {
  let code = '';
  for (let i = 0; i < GENERATED_CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Codes are case-insensitive: stored and compared in upper case. */
export function normaliseInviteCode(input: string): string {
  return input.trim().toUpperCase();
}
