// `messages`: the contact-us messages players sent, for the operator to read whether or not they
// were mailed, to answer (the player reads the answer in the app), and to queue again once the
// mail server gave up on one (DESIGN section 5). No phone is ever shown: the operator answers
// through the app, never by texting.
import { InvalidArgumentError, Option, type Command } from 'commander';
import { isUuid } from '../ids';
import type { ContactReplyRow, ListedContactMessage } from '../repositories/contact';
import { REPLY_MAX_LENGTH } from '../services/contact';
import type { Services } from '../services/index';
import { printable } from './print';

const INDENT = '    ';

/** Player-written text over several lines, each escaped and indented. */
function lines(text: string, indent = INDENT): string[] {
  return text.split(/\r\n|\r|\n/).map((part) => `${indent}${printable(part)}`);
}

const plural = (count: number, noun: string, nouns = `${noun}s`) =>
  `${count} ${count === 1 ? noun : nouns}`;

function statusOf(row: ListedContactMessage): string {
  if (row.deliveredAt) return `delivered ${row.deliveredAt.toISOString()}`;
  const lastError = printable(row.lastError ?? 'unknown');
  if (row.failedAt) {
    return `failed ${row.failedAt.toISOString()} after ${plural(row.attempts, 'try', 'tries')}: ${lastError}`;
  }
  if (row.senderDeleted) return 'not mailed: the player deleted the account';
  if (row.attempts === 0) return 'pending';
  return `pending (${plural(row.attempts, 'failed try', 'failed tries')}, last error: ${lastError})`;
}

/** One message: a header line, then subject, message and answers indented under it. */
export function describeMessage(
  row: ListedContactMessage & { replies: ContactReplyRow[] },
): string {
  const replies = row.replyCount > 0 ? `, ${plural(row.replyCount, 'reply', 'replies')}` : '';
  return [
    `${row.id}  ${row.createdAt.toISOString()}  ${statusOf(row)}${replies}`,
    `  Subject: ${printable(row.subject)}`,
    ...lines(row.message),
    ...row.replies.flatMap((reply) => [
      `  Reply ${reply.createdAt.toISOString()} (${reply.readAt ? 'read' : 'unread'}):`,
      ...lines(reply.body),
    ]),
  ].join('\n');
}

function messageId(value: string): string {
  if (!isUuid(value)) throw new InvalidArgumentError('must be a message id (a UUID)');
  return value;
}

export function addMessagesCommands(
  program: Command,
  services: () => Promise<Services>,
  line: (text: string) => void,
): void {
  const messages = program
    .command('messages')
    .description('contact-us messages from players, and the answers to them');
  messages
    .command('list')
    .description(
      'list contact-us messages, newest first: id, date, whether each was mailed, answers, text',
    )
    .addOption(new Option('--pending', 'only the messages still to be mailed').conflicts('failed'))
    .option('--failed', 'only the messages the mail server refused or that failed ten tries')
    .action(async (options: { pending?: boolean; failed?: boolean }) => {
      const rows = await (
        await services()
      ).contact.list({
        pendingOnly: options.pending === true,
        failedOnly: options.failed === true,
      });
      for (const row of rows) {
        line(describeMessage(row));
        line('');
      }
      if (options.pending) line(plural(rows.length, 'pending message'));
      else if (options.failed) line(plural(rows.length, 'failed message'));
      else {
        const pending = rows.filter(
          (row) => !row.deliveredAt && !row.failedAt && !row.senderDeleted,
        ).length;
        const failed = rows.filter((row) => row.failedAt).length;
        line(`${plural(rows.length, 'message')}, ${pending} pending, ${failed} failed`);
      }
    });
  messages
    .command('reply')
    .description('answer a message; the player reads the answer in the app under Contact Us')
    .argument('<id>', 'the message id, as `messages list` shows it', messageId)
    .argument(
      '<text...>',
      `the answer (quote it; line breaks stay; at most ${REPLY_MAX_LENGTH} characters, no control characters)`,
    )
    .action(async (id: string, words: string[]) => {
      await (await services()).contact.reply(id, words.join(' '));
      line(`Answered message ${id}; the player reads it in the app.`);
    });
  messages
    .command('retry')
    .description('put a failed message back in the queue to be mailed again, its tries reset')
    .argument('<id>', 'the message id, as `messages list --failed` shows it', messageId)
    .action(async (id: string) => {
      await (await services()).contact.retry(id);
      line(`Message ${id} is queued to be mailed again.`);
    });
}
