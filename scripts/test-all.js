// `npm test`: every check and every test stage, in four lanes side by side, so the two cores
// never wait while there is work:
//   tests: the unit, model and API projects in one Vitest run (3 workers: alone, two leave a
//     third of the two cores idle while their files wait on timers, processes and the database);
//   browser: the browser files, 3 at a time (most of a browser test waits on the app's timers);
//   checks and format: the typecheck and lint (one program), and the format check, at a lower
//     priority: they take the CPU the other two leave while they wait, and the rest once those
//     are done (a check that starves the tests only moves the end later).
// Before the lanes, the client is built once into a scratch directory (CLIENT_DIR), which every
// stage that needs a build reads (the browser tests, the service worker's, the static files').
// A lane stops at its first failure; the others run to their end; the exit code is non-zero if
// any stage failed. Each stage's wall time is printed at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const clientDir = mkdtempSync(join(tmpdir(), 'bb-test-client-'));
const env = { ...process.env, CLIENT_DIR: clientDir, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };

/** The niceness of the checks' lane: below the tests, which wait on each other's CPU. */
const CHECKS_NICENESS = 10;

const lanes = {
  tests: [
    [
      'unit+model+api',
      'vitest',
      'run',
      '--project=unit',
      '--project=model',
      '--project=api',
      '--maxWorkers=3',
      '--reporter=default',
      '--reporter=./test/model/coverage-reporter.ts',
    ],
  ],
  browser: [['e2e', 'vitest', 'run', '--project=e2e', '--maxWorkers=3']],
  checks: [
    // `npm run typecheck` and `npm run lint` over one TypeScript program (a third less work than
    // the two apart); young-generation room for the compiler's many short-lived objects.
    [
      'typecheck+lint',
      'node',
      '--max-semi-space-size=64',
      'scripts/typecheck-and-lint.js',
      { niceness: CHECKS_NICENESS },
    ],
  ],
  // Beside the checks, not after them: one process on one core, which alone at the end would
  // leave the other idle.
  format: [['format', 'prettier', '--check', '.', { niceness: CHECKS_NICENESS }]],
};

const started = Date.now();
const timings = [];

/** Runs one stage with its output prefixed by its name, line by line. */
function run([name, command, ...rest]) {
  const last = rest.at(-1);
  const { niceness = 0 } = typeof last === 'object' ? last : {};
  const args = rest.filter((arg) => typeof arg === 'string');
  return new Promise((resolve) => {
    const stageStart = Date.now();
    const executable =
      command === 'node' ? process.execPath : join('node_modules', '.bin', command);
    // Under `nice`, the stage's processes and every thread they start run at its niceness.
    const child = niceness
      ? spawn('nice', ['-n', String(niceness), executable, ...args], { env })
      : spawn(executable, args, { env });
    const prefix = (stream, out) => {
      let partial = '';
      stream.on('data', (chunk) => {
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) out.write(`[${name}] ${line}\n`);
      });
      stream.on('end', () => partial && out.write(`[${name}] ${partial}\n`));
    };
    prefix(child.stdout, process.stdout);
    prefix(child.stderr, process.stderr);
    child.on('close', (code) => {
      const seconds = (Date.now() - stageStart) / 1000;
      timings.push({ name, seconds, code });
      process.stdout.write(`[${name}] ${code ? 'FAILED' : 'done'} in ${seconds.toFixed(1)} s\n`);
      resolve(code === 0);
    });
  });
}

async function runLane(stages) {
  for (const stage of stages) if (!(await run(stage))) return false;
  return true;
}

const built = await run([
  'build',
  'vite',
  'build',
  '--outDir',
  clientDir,
  '--emptyOutDir',
  '--logLevel',
  'warn',
]);
const results = built ? await Promise.all(Object.values(lanes).map(runLane)) : [false];
rmSync(clientDir, { recursive: true, force: true });

const total = (Date.now() - started) / 1000;
process.stdout.write('\nstage times (wall):\n');
for (const { name, seconds, code } of timings) {
  process.stdout.write(
    `  ${name.padEnd(16)} ${seconds.toFixed(1).padStart(6)} s${code ? ' FAILED' : ''}\n`,
  );
}
process.stdout.write(`  ${'total'.padEnd(16)} ${total.toFixed(1).padStart(6)} s\n`);
process.exitCode = results.every(Boolean) ? 0 : 1;
