// The one way an operator command prints what a player wrote (subjects, messages, payout
// addresses, cashier checks): whatever a player typed reaches the operator's terminal as plain
// visible text. Control characters (an escape sequence can clear the screen, retitle the
// window or move the cursor over another line), format characters (U+202E turns a line's
// text around), line and paragraph separators, line breaks and lone surrogates are shown as
// `\uXXXX` escapes, and a backslash as `\\`, so an escape shown is never one the player typed.

/** Cc: controls (C0, DEL, C1, line breaks); Cf: format (bidi, zero-width); Zl, Zp; Cs. */
const UNPRINTABLE = /[\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** `\uXXXX`, or `\u{XXXXX}` beyond the basic plane (a tag character, say). */
function escapeCharacter(character: string): string {
  if (character === '\\') return '\\\\';
  const code = character.codePointAt(0) ?? 0;
  const hex = code.toString(16);
  return code > 0xffff ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
}

/** Player-written text as one safe line of terminal output. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, escapeCharacter);
}
