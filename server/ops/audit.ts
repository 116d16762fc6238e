// `audit`: the books check (DESIGN section 3). Prints each check with how many rows it looked
// at, then every row that does not balance; exits 1 when any does.
import type { Command } from 'commander';
import type { Services } from '../services/index';

export function addAuditCommand(
  program: Command,
  services: () => Promise<Services>,
  line: (text: string) => void,
  fail: () => never,
): void {
  program
    .command('audit')
    .description(
      'check the books: every ticket, coupon, gift card, bonus and payout traces to what ' +
        'earned it, and nothing of a deleted player remains but anonymised prize records; ' +
        'exits 1 naming each row that does not balance',
    )
    .action(async () => {
      const report = await (await services()).audit.run();
      for (const check of report.checks) {
        const verdict = check.failures === 0 ? 'ok' : `${check.failures} not balanced`;
        line(`${check.name}: ${check.checked} checked, ${verdict} (${check.covers})`);
      }
      if (report.findings.length === 0) {
        line('The books balance.');
        return;
      }
      line('');
      for (const finding of report.findings) {
        line(`NOT BALANCED  ${finding.check}: ${finding.ref}: ${finding.problem}`);
      }
      line(`${report.findings.length} row${report.findings.length === 1 ? '' : 's'} not balanced`);
      fail();
    });
}
