// `messages list`: the contact-us messages players sent, for the operator to read whether or not
// they were mailed (DESIGN section 5).
import type { Command } from 'commander';
import { maskPhone } from '../phone';
import type { ContactMessageWithPhone } from '../repositories/contact';
import type { Services } from '../services/index';

const INDENT = '    ';

/**
 * A player's text as safe terminal output: control characters (escape sequences could rewrite
 * the operator's screen) are shown as codes; line breaks stay, each line indented.
 */
function shown(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g,
      (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
    )
    .split('\n')
    .join(`\n${INDENT}`);
}

function statusOf(row: ContactMessageWithPhone): string {
  if (row.deliveredAt) return `delivered ${row.deliveredAt.toISOString()}`;
  if (row.attempts === 0) return 'pending';
  const tries = `${row.attempts} failed attempt${row.attempts === 1 ? '' : 's'}`;
  return `pending (${tries}, last error: ${shown(row.lastError ?? 'unknown').replace(/\n\s*/g, ' ')})`;
}

/** One message: a header line, then subject and message indented under it. */
export function describeMessage(row: ContactMessageWithPhone): string {
  const sender = row.phone ? maskPhone(row.phone) : '(deleted)';
  return [
    `${row.id}  ${row.createdAt.toISOString()}  ${sender}  ${statusOf(row)}`,
    `  Subject: ${shown(row.subject)}`,
    `${INDENT}${shown(row.message)}`,
  ].join('\n');
}

export function addMessagesCommands(
  program: Command,
  services: () => Promise<Services>,
  line: (text: string) => void,
): void {
  const messages = program.command('messages').description('contact-us messages from players');
  messages
    .command('list')
    .description('list contact-us messages, newest first, and whether each was mailed')
    .option('--pending', 'only the messages not mailed yet')
    .action(async (options: { pending?: boolean }) => {
      const rows = await (await services()).contact.list({ pendingOnly: options.pending === true });
      for (const row of rows) {
        line(describeMessage(row));
        line('');
      }
      const pending = rows.filter((row) => !row.deliveredAt).length;
      const noun = `${options.pending ? 'pending ' : ''}message${rows.length === 1 ? '' : 's'}`;
      line(
        options.pending ? `${rows.length} ${noun}` : `${rows.length} ${noun}, ${pending} pending`,
      );
    });
}
