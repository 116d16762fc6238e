// npm run flows: writes docs/flows, one page per machine with its state diagram (see
// scripts/flows/docs.ts), and removes pages of machines that are gone.
// npm run flows -- --stats [--days N] [--out DIR]: the same pages with each screen state's page
// views from the database beside it, written to DIR (never over docs/flows).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { FLOWS_DIR, renderFlows } from './flows/docs';
import { readFlowStats } from './flows/stats';

/** Where `--stats` writes by default: build output, which git ignores. */
export const STATS_DIR = 'dist/flows-stats';

function days(value: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < 1 || parsed > 366) {
    throw new InvalidArgumentError('must be a whole number from 1 to 366');
  }
  return parsed;
}

const program = new Command('flows')
  .description(`draw every machine of machines/ as a Mermaid page in ${FLOWS_DIR}`)
  .option(
    '--stats',
    'draw each screen state with its page views and distinct players from the database ' +
      '(the one `npm run ops -- stats` reads: DATABASE_URL, or the embedded DATA_DIR through ' +
      `its running server); written to --out, never to ${FLOWS_DIR}`,
  )
  .option('--days <n>', 'with --stats: how many UTC days, today included (default 7)', days)
  .option(
    '--out <dir>',
    `with --stats: where the pages go (default ${STATS_DIR}); '-' prints them instead`,
  )
  .parse();

const options = program.opts<{ stats?: boolean; days?: number; out?: string }>();
if (!options.stats && (options.days !== undefined || options.out !== undefined)) {
  program.error('--days and --out go with --stats');
}

const toStdout = options.stats && options.out === '-';
const target = options.stats ? (options.out ?? STATS_DIR) : FLOWS_DIR;
const dir = resolve(process.cwd(), target);
if (options.stats && !toStdout && dir === join(process.cwd(), FLOWS_DIR)) {
  program.error(`--stats pages never go over ${FLOWS_DIR}: choose another --out`);
}

const stats = options.stats ? await readFlowStats(options.days ?? 7) : undefined;
const pages = await renderFlows(process.cwd(), stats);

if (toStdout) {
  for (const [name, text] of pages) process.stdout.write(`<!-- ${name} -->\n${text}\n`);
} else {
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.md') && !pages.has(name)) rmSync(join(dir, name));
  }
  for (const [name, text] of pages) writeFileSync(join(dir, name), text);
  console.log(`Wrote ${pages.size} pages to ${target}: ${[...pages.keys()].join(', ')}`);
}
