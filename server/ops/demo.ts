// `demo reset [--yes]`: the presentation environment wiped to its start (DEMO_MODE only), as the
// drawer's 'Reset demo' does. On PostgreSQL, where one slip reaches a shared database, it wipes
// only with --yes; embedded, the data dir is this demo's own.
import type { Command } from 'commander';
import { OpsError } from '../services/ops';
import type { Services } from '../services/index';

export const DEMO_MODE_OFF = 'demo reset: DEMO_MODE is off; only a demo environment is wiped';
export const YES_NEEDED =
  'demo reset: this wipes every player, entry and draw of the PostgreSQL database; ' +
  'run it again with --yes';

export function addDemoCommands(
  program: Command,
  services: () => Promise<Services>,
  line: (text: string) => void,
): void {
  const demo = program.command('demo').description('the presentation environment (DEMO_MODE)');
  demo
    .command('reset')
    .description(
      'wipe the demo to its start: players, entries, answers, rewards, messages and draws go, ' +
        'the questions and offers stay; a new draw opens and a new starter invite code is ' +
        'printed on the last line (on PostgreSQL only with --yes)',
    )
    .option('--yes', 'wipe a PostgreSQL database (DATABASE_URL) without asking')
    .action(async (options: { yes?: boolean }) => {
      const all = await services();
      const { config } = all.context;
      if (!all.demo.enabled()) throw new OpsError(DEMO_MODE_OFF);
      if (config.DATABASE_URL && !options.yes) throw new OpsError(YES_NEEDED);
      const reset = await all.demo.reset();
      line(
        'The demo is wiped: every player, entry, answer, reward, message and draw is gone; ' +
          'the questions and offers stay.',
      );
      line(`Opened draw ${reset.drawId}.`);
      line(`Starter invite code: ${reset.starterCode}`);
    });
}
