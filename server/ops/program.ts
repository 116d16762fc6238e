// The operator's commands (DESIGN section 5), defined once over the services. The same
// definition runs in the CLI process and inside a running server (through its ops socket).
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { DrawNotFound, DrawStillOpen } from '../services/draws';
import type { Services } from '../services/index';
import type { Payout } from '../services/payouts';
import { OpsError } from '../services/ops';
import { addMessagesCommands } from './messages';
import { addAuditCommand } from './audit';
import { addCatalogCommands } from './catalog';
import { addDemoCommands } from './demo';
import { addStatsCommand } from './stats';
import { printable } from './print';
import { isUuid } from '../ids';
import { resolve } from 'node:path';

export interface OpsOutput {
  out(text: string): void;
  err(text: string): void;
}

/** Gives the services when a command needs them, so `--help` opens no database. */
export type ServicesProvider = () => Promise<Services>;

export const DEFAULT_CAMPAIGN_USES = 100;

/** A command that already said what went wrong and only needs to exit non-zero. */
class OpsFailed extends Error {}

function formatDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${hours}h ${String(minutes).padStart(2, '0')}m ${String(seconds).padStart(2, '0')}s`;
}

function prizeId(value: string): string {
  if (!isUuid(value)) throw new InvalidArgumentError('must be a prize id (a UUID)');
  return value;
}

/**
 * Characters JSON.stringify leaves raw but a terminal acts on or hides: DEL and the C1
 * controls, format characters (bidi overrides, zero-width), line and paragraph separators.
 */
const RAW_IN_JSON = /[\u007f-\u009f\p{Cf}\u2028\u2029]/gu;

/** A JSON document whose every string a terminal shows as written: the same values, escaped. */
export function terminalJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(RAW_IN_JSON, (character) =>
    // An astral format character (a tag, U+E0001) is escaped as its two UTF-16 halves.
    Array.from(
      { length: character.length },
      (_, i) => `\\u${character.charCodeAt(i).toString(16).padStart(4, '0')}`,
    ).join(''),
  );
}

/** A claimed payout, named by its kind: the prize of a draw, or the bonus a draw's win earned. */
function payoutOf({ kind, drawId }: Payout): string {
  return kind === 'prize' ? `draw ${drawId}` : `referral bonus for draw ${drawId}`;
}

function positiveInteger(value: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(parsed) || parsed < 1) {
    throw new InvalidArgumentError('must be a whole number of at least 1');
  }
  return parsed;
}

export function buildOpsProgram(services: ServicesProvider, output: OpsOutput): Command {
  const line = (text: string) => output.out(`${text}\n`);
  // Subcommands inherit the exit override and output settings from the program.
  const program = new Command('ops')
    .description('BLACK BUTTON operator commands (npm run ops -- <command>)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => output.out(text),
      writeErr: (text) => output.err(text),
    })
    .showHelpAfterError(false);

  const invite = program.command('invite').description('campaign invite codes');
  invite
    .command('create')
    .description('create a campaign invite code and print it alone on the last line')
    .option(
      '--uses <n>',
      `how many players may sign up with it (default ${DEFAULT_CAMPAIGN_USES})`,
      positiveInteger,
    )

    .action(async (options: { uses?: number }) => {
      const uses = options.uses ?? DEFAULT_CAMPAIGN_USES;
      const code = await (await services()).ops.createCampaignInvite(uses);
      line(`Campaign invite code for ${uses} sign-up${uses === 1 ? '' : 's'}:`);
      line(code);
    });

  const draw = program.command('draw').description('the draw');
  draw
    .command('status')
    .description('show the open draw: window, commitment, entries so far, time left')
    .action(async () => {
      const { draw: open, entries, secondsLeft } = await (await services()).draws.status();
      line(`Open draw ${open.id}`);
      line(`window      ${open.opensAt.toISOString()} .. ${open.closesAt.toISOString()}`);
      line(`commitment  ${open.commitment}`);
      line(`entries     ${entries}`);
      line(`time left   ${formatDuration(secondsLeft)}`);
    });
  draw
    .command('close')
    .description('close the open draw now and open the next one')
    .action(async () => {
      const closed = await (await services()).draws.closeNow();
      line(`Closed draw ${closed.draw.id} with ${closed.draw.entriesCount ?? 0} entries.`);
      line(`Opened draw ${closed.next.id}, closing ${closed.next.closesAt.toISOString()}.`);
      line(
        closed.winner
          ? `Winning entry ${closed.winner.entryId} ($${closed.winner.prizeAmount})`
          : 'closed empty',
      );
    });
  draw
    .command('verify')
    .description('recompute a closed draw from its seed and entries; exit 1 on any mismatch')
    .argument('<id>', 'the draw id', positiveInteger)
    .action(async (id: number) => {
      let result;
      try {
        result = await (await services()).draws.verify(id);
      } catch (error) {
        if (error instanceof DrawNotFound || error instanceof DrawStillOpen) {
          throw new OpsError(error.message);
        }
        throw error;
      }
      if (result.mismatches.length === 0) {
        line(
          `Draw ${id}: OK (${result.draw.entriesCount ?? 0} entries, ` +
            `winning entry ${result.draw.winningEntryId ?? 'none'})`,
        );
        return;
      }
      for (const mismatch of result.mismatches) output.err(`Draw ${id}: MISMATCH ${mismatch}\n`);
      throw new OpsFailed();
    });

  const user = program.command('user').description('players');
  user
    .command('unlock')
    .description('let a phone locked by failed codes sign in again')
    .argument('<phone>', 'the US phone number, e.g. +12025550123')

    .action(async (phone: string) => {
      const result = await (await services()).ops.unlockPhone(phone);
      line(
        result.wasLocked
          ? `${result.phone} can sign in again.`
          : `${result.phone} was not locked; its failure count is reset.`,
      );
    });
  user
    .command('export')
    .description('print everything held about a player as one JSON document')
    .argument('<phone>', 'the US phone number, e.g. +12025550123')
    .action(async (phone: string) => {
      const document = await (await services()).privacy.exportByPhone(phone);
      line(terminalJson(document));
    });
  user
    .command('delete')
    .description("delete a player's account, as the player can from the app")
    .argument('<phone>', 'the US phone number, e.g. +12025550123')
    .action(async (phone: string) => {
      const deleted = await (await services()).privacy.deleteByPhone(phone);
      line(`Deleted the account of ${deleted.phone}; its prize records stay, anonymised.`);
    });

  const payouts = program
    .command('payouts')
    .description('grand prize and referral bonus payouts: list, paid, cashier-check');
  payouts
    .command('list')
    .description(
      'list the claimed grand prizes and referral bonuses not paid yet, oldest claim first',
    )
    .action(async () => {
      const claims = await (await services()).payouts.pendingClaims();
      for (const claim of claims) {
        line(
          `${claim.id}\t${payoutOf(claim)}\t$${claim.amount}\t${printable(claim.method)}\t` +
            `${printable(claim.details)}\t${claim.claimedAt.toISOString()}\t${claim.payee}`,
        );
      }
      line(`${claims.length} claim${claims.length === 1 ? '' : 's'} to pay`);
    });
  payouts
    .command('paid')
    .description('mark a claimed grand prize or referral bonus paid')
    .argument('<id>', 'the prize or referral bonus id, as `payouts list` shows it', prizeId)
    .action(async (id: string) => {
      const paid = await (await services()).payouts.markPaid(id);
      const what = paid.kind === 'prize' ? 'Prize' : 'Referral bonus';
      line(
        `${what} ${paid.id} is marked paid: $${paid.amount} by ${printable(paid.method)} ` +
          `to ${printable(paid.details)}.`,
      );
    });
  payouts
    .command('cashier-check')
    .description(
      'put a cashier check on a grand prize not claimed yet: the winner can then claim it ' +
        'only by Virtual Visa',
    )
    .argument('<id>', 'the prize id', prizeId)
    .requiredOption('--name <name>', 'the name on the check (at most 200 characters)')
    .requiredOption(
      '--address <address>',
      'where the check goes (at most 500 characters; line breaks allowed)',
    )
    .action(async (id: string, options: { name: string; address: string }) => {
      const check = await (await services()).payouts.setCashierCheck(id, options);
      line(
        `Prize ${check.id} has a cashier check to ${printable(check.name)}, ` +
          `${printable(check.address)}; it can now be claimed only by Virtual Visa.`,
      );
    });

  addCatalogCommands(program, services, output);
  addMessagesCommands(program, services, line);
  addAuditCommand(program, services, line, () => {
    throw new OpsFailed();
  });
  addStatsCommand(program, services, line);
  addDemoCommands(program, services, line);

  return program;
}

/** The commands whose argument is a file, which the CLI names by its full path. */
export const FILE_COMMANDS = [
  ['questions', 'import'],
  ['coupons', 'import'],
] as const;

/** `argv` with a file argument resolved against `cwd` (a running server has its own). */
export function withAbsoluteFiles(argv: readonly string[], cwd: string): string[] {
  const [group, command, file, ...rest] = argv;
  const takesFile = FILE_COMMANDS.some(([g, c]) => g === group && c === command);
  if (!takesFile || file === undefined || file.startsWith('-')) return [...argv];
  return [group ?? '', command ?? '', resolve(cwd, file), ...rest];
}

/** Runs one command line (without `node cli.ts`) and answers its exit code. */
export async function runOps(
  argv: string[],
  services: ServicesProvider,
  output: OpsOutput,
): Promise<number> {
  const program = buildOpsProgram(services, output);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    if (error instanceof OpsFailed) return 1;
    if (error instanceof OpsError) {
      output.err(`${error.message}\n`);
      return 1;
    }
    output.err(`ops failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
