// The flow documents of docs/flows: one Markdown page per machine of machines/, with its
// Mermaid diagram (GitHub draws it) and its states, and an index. Deterministic, so a test can
// tell when a page is out of date with its machine.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { rootEvents, stateTable, toMermaid, type StateNote } from './mermaid';

export const FLOWS_DIR = 'docs/flows';
const MACHINES_DIR = 'machines';

export type FoundMachine = {
  machine: AnyStateMachine;
  file: string;
  exportName: string;
  /** The machine's own description, or the comment its file opens with. */
  about: string;
};

function openingComment(path: string): string {
  const lines = readFileSync(path, 'utf8').split('\n');
  const comment: string[] = [];
  for (const line of lines) {
    if (!line.startsWith('//')) break;
    comment.push(line.replace(/^\/\/ ?/, ''));
  }
  return comment.join(' ').trim();
}

/** Every machine exported by a `*.machine.ts` file under machines/, in a stable order. */
export async function findMachines(root = process.cwd()): Promise<FoundMachine[]> {
  const files = readdirSync(join(root, MACHINES_DIR), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.machine.ts'))
    .map((file) => join(MACHINES_DIR, file))
    .sort();
  const found: FoundMachine[] = [];
  for (const file of files) {
    const exports = (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports).sort(([a], [b]) =>
      a.localeCompare(b),
    )) {
      if (!(value instanceof StateMachine)) continue;
      const about = value.root.description ?? openingComment(join(root, file));
      found.push({ machine: value, file, exportName, about });
    }
  }
  return found;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** Page views of each screen, from the database (`npm run flows -- --stats`). */
export type FlowStats = {
  /** The UTC days counted, as `ops stats` says them. */
  from: string;
  to: string;
  screens: ReadonlyArray<{ path: string; views: number; players: number }>;
};

/** The route a state's screen names (`meta.route`), if it names one. */
function routeOf(meta: unknown): string | null {
  const route = (meta as { route?: unknown } | undefined)?.route;
  return typeof route === 'string' ? route : null;
}

/** What the chart writes beside each screen state: its route's page views and players. */
function countsNote(stats: FlowStats): StateNote {
  const byPath = new Map(stats.screens.map((screen) => [screen.path, screen]));
  return (node) => {
    const route = routeOf(node.meta);
    if (route === null) return null;
    const counted = byPath.get(route) ?? { views: 0, players: 0 };
    const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
    return `${route} · ${count(counted.views, 'view')} · ${count(counted.players, 'player')}`;
  };
}

function page({ machine, file, about }: FoundMachine, stats?: FlowStats): string {
  const rows = stateTable(machine);
  const anywhere = rootEvents(machine);
  return [
    `# ${machine.id}`,
    '',
    stats
      ? `<!-- Written by \`npm run flows -- --stats\` from ${file} and the database. -->`
      : `<!-- Written by \`npm run flows\` from ${file}; edit the machine, not this page. -->`,
    '',
    ...(stats
      ? [
          `Page views of each screen from ${stats.from} to ${stats.to} (UTC days), and how many ` +
            'distinct signed-in players saw it, beside each screen state of the chart.',
          '',
        ]
      : []),
    about || `The \`${machine.id}\` statechart of \`${file}\`.`,
    '',
    '```mermaid',
    toMermaid(machine, stats ? countsNote(stats) : undefined),
    '```',
    '',
    ...(anywhere.length > 0
      ? [`Wherever it is, the machine answers: ${anywhere.map((e) => `\`${e}\``).join(', ')}.`, '']
      : []),
    ...(rows.some((row) => row.route !== null)
      ? [
          '| State | Route | What the player sees or waits for | Events that leave or act |',
          '| --- | --- | --- | --- |',
        ]
      : [
          '| State | What the player sees or waits for | Events that leave or act |',
          '| --- | --- | --- |',
        ]),
    ...rows.map((row) => {
      const routeCell = rows.some((other) => other.route !== null) ? ` ${row.route ?? ''} |` : '';
      return `| \`${row.state}\` |${routeCell} ${cell(row.description)} | ${row.leavesOn.map((e) => `\`${cell(e)}\``).join(', ')} |`;
    }),
    '',
  ].join('\n');
}

function index(machines: FoundMachine[]): string {
  return [
    '# The statecharts',
    '',
    '<!-- Written by `npm run flows`; edit the machines, not these pages. -->',
    '',
    "Each of the app's flows is an XState machine in `machines/`. These pages draw each one as a",
    'state diagram, with a table of its states; `npm run flows` writes them again and `npm test`',
    'fails when one is out of date with its machine.',
    '',
    '| Machine | Source | States |',
    '| --- | --- | --- |',
    ...machines.map(
      ({ machine, file }) =>
        `| [${machine.id}](./${machine.id}.md) | \`${file}\` | ${stateTable(machine).length} |`,
    ),
    '',
  ].join('\n');
}

/**
 * The pages of docs/flows by file name, formatted as the repo's Prettier would; with `stats`,
 * each screen state of the charts carries its page views.
 */
export async function renderFlows(
  root = process.cwd(),
  stats?: FlowStats,
): Promise<Map<string, string>> {
  const machines = await findMachines(root);
  const pages = new Map<string, string>();
  const options = await resolveConfig(join(root, FLOWS_DIR, 'README.md'));
  const markdown = (text: string) => format(text, { ...options, parser: 'markdown' });
  pages.set('README.md', await markdown(index(machines)));
  for (const found of machines) {
    pages.set(`${found.machine.id}.md`, await markdown(page(found, stats)));
  }
  return pages;
}
