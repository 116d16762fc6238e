// `npm test`: every check and every test stage, in two lanes side by side, so the two cores
// stay busy while the browser tests wait on the app's own timers, and no more than that:
//   checks and tests: the typecheck and lint (one program), the format check, then the unit, model and API projects
//     in one Vitest run (2 workers): the work that keeps a core busy;
//   browser: the browser files, 3 at a time.
// Before both, the client is built once into a scratch directory (CLIENT_DIR), which every stage
// that needs a build reads (the browser tests, the service worker's, the static files').
// A lane stops at its first failure; the other runs to its end; the exit code is non-zero if any
// stage failed. Each stage's wall time is printed at the end.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const clientDir = mkdtempSync(join(tmpdir(), 'bb-test-client-'));
const env = { ...process.env, CLIENT_DIR: clientDir, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' };

const lanes = {
  checksAndTests: [
    // `npm run typecheck` and `npm run lint` over one TypeScript program (a third less work than
    // the two apart); young-generation room for the compiler's many short-lived objects.
    ['typecheck+lint', 'node', '--max-semi-space-size=64', 'scripts/typecheck-and-lint.js'],
    ['format', 'prettier', '--check', '.'],
    [
      'unit+model+api',
      'vitest',
      'run',
      '--project=unit',
      '--project=model',
      '--project=api',
      '--maxWorkers=2',
      '--reporter=default',
      '--reporter=./test/model/coverage-reporter.ts',
    ],
  ],
  browser: [['e2e', 'vitest', 'run', '--project=e2e', '--maxWorkers=3']],
};

const started = Date.now();
const timings = [];

/** Runs one stage with its output prefixed by its name, line by line. */
function run([name, command, ...args]) {
  return new Promise((resolve) => {
    const stageStart = Date.now();
    const executable =
      command === 'node' ? process.execPath : join('node_modules', '.bin', command);
    const child = spawn(executable, args, { env });
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
