// `stats [--days N] [--json]`: daily figures and each flow's funnel. `--json` prints the same
// report as one JSON document (what `npm run flows -- --stats` draws on the charts).
import { InvalidArgumentError, type Command } from 'commander';
import type { Services } from '../services/index';
import {
  DAILY_FIGURES,
  DEFAULT_STATS_DAYS,
  type DailyFigure,
  type StatsReport,
} from '../services/stats';
import { printable } from './print';

export const MAX_STATS_DAYS = 366;

/** The column headings of the daily figures. */
const HEADINGS: Record<DailyFigure, string> = {
  sign_ups: 'sign-ups',
  active_players: 'active',
  presses: 'presses',
  answers: 'answers',
  rewards_claimed: 'rewards claimed',
  invites_sent: 'invites sent',
  invites_accepted: 'invites accepted',
  grand_prizes_claimed: 'prizes claimed',
  grand_prizes_paid: 'prizes paid',
  page_views: 'page views',
  clicks: 'clicks',
};

function days(value: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < 1 || parsed > MAX_STATS_DAYS) {
    throw new InvalidArgumentError(`must be a whole number from 1 to ${MAX_STATS_DAYS}`);
  }
  return parsed;
}

/** The report as terminal lines: a table of days, then each funnel with its screens. */
export function statsLines(report: StatsReport): string[] {
  const lines: string[] = [];
  const headings = ['day', ...DAILY_FIGURES.map((figure) => HEADINGS[figure])];
  const table = [
    ...report.days.map((row) => [row.day, ...DAILY_FIGURES.map((figure) => String(row[figure]))]),
    ['total', ...DAILY_FIGURES.map((figure) => String(report.totals[figure]))],
  ];
  const widths = headings.map((heading, i) =>
    Math.max(heading.length, ...table.map((row) => (row[i] ?? '').length)),
  );
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  lines.push(`Daily figures, ${report.from} to ${report.to} (UTC days)`);
  lines.push(format(headings));
  for (const row of table) lines.push(format(row));
  const { page_views: views, clicks } = report.platforms;
  lines.push(
    `By platform: page views iOS ${views.ios}, Android ${views.android}, Other ${views.other}; ` +
      `clicks iOS ${clicks.ios}, Android ${clicks.android}, Other ${clicks.other}` +
      (clicks.unknown > 0 ? `, not said ${clicks.unknown}` : ''),
  );
  lines.push('');
  lines.push('Funnels: how many reached each screen (page views; distinct signed-in players)');
  const pathWidth = Math.max(
    ...report.funnels.flatMap((funnel) => funnel.steps.map((step) => step.path.length)),
  );
  for (const funnel of report.funnels) {
    lines.push(funnel.name);
    const first = funnel.steps[0];
    for (const step of funnel.steps) {
      const share =
        first && first.views > 0 ? `  ${Math.round((step.views / first.views) * 100)}%` : '';
      lines.push(
        `  ${printable(step.path).padEnd(pathWidth)}  ${String(step.views).padStart(6)} views` +
          `  ${String(step.players).padStart(6)} players${share}`,
      );
    }
  }
  return lines;
}

export function addStatsCommand(
  program: Command,
  services: () => Promise<Services>,
  line: (text: string) => void,
): void {
  program
    .command('stats')
    .description(
      'daily figures (sign-ups, active players, presses, answers, rewards claimed, invites ' +
        'sent and accepted, grand prizes claimed and paid, page views, clicks) and each ' +
        "flow's funnel: how many reached each screen",
    )
    .option('--days <n>', `how many UTC days, today included (default ${DEFAULT_STATS_DAYS})`, days)
    .option('--json', 'print the report as one JSON document')
    .action(async (options: { days?: number; json?: boolean }) => {
      const report = await (await services()).stats.report(options.days ?? DEFAULT_STATS_DAYS);
      if (options.json) {
        line(JSON.stringify(report, null, 2));
        return;
      }
      for (const text of statsLines(report)) line(text);
    });
}
