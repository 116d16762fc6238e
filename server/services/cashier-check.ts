// A cashier check as the operator types it (`ops payouts cashier-check`): its name and address trimmed,
// and refused, with the reason, when empty, too long or carrying hidden characters.
import { OpsError } from './ops';

/** The longest name and address a cashier check takes, in characters. */
export const CASHIER_CHECK_NAME_MAX = 200;
export const CASHIER_CHECK_ADDRESS_MAX = 500;
/** As the contract refuses them in payout addresses; an address may keep its line breaks. */
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

const codePoint = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** One field of a cashier check as the operator typed it, trimmed, or why it is refused. */
function cashierCheckField(
  label: string,
  value: string,
  max: number,
  lineBreaks: 'allowed' | 'refused',
): string {
  let field = value.trim();
  if (lineBreaks === 'allowed') field = field.replace(/\r\n?/g, '\n');
  if (field === '') throw new OpsError(`The ${label} of a cashier check cannot be empty`);
  if ([...field].length > max) {
    throw new OpsError(`The ${label} of a cashier check is longer than ${max} characters`);
  }
  const hidden = [...field].find(
    (character) =>
      HIDDEN_CHARACTER.test(character) && !(lineBreaks === 'allowed' && character === '\n'),
  );
  if (hidden !== undefined) {
    throw new OpsError(
      `The ${label} of a cashier check cannot contain control or format characters ` +
        `(it has ${codePoint(hidden)})`,
    );
  }
  return field;
}

/** The check's name (one line) and address (line breaks kept), or why they are refused. */
export function cashierCheckFields(check: { name: string; address: string }): {
  name: string;
  address: string;
} {
  return {
    name: cashierCheckField('name', check.name, CASHIER_CHECK_NAME_MAX, 'refused'),
    address: cashierCheckField('address', check.address, CASHIER_CHECK_ADDRESS_MAX, 'allowed'),
  };
}
