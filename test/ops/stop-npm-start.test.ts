// `npm start` stops as a supervisor stops it: a signal to the npm process alone stops the server
// below it cleanly, closes its port and leaves no process of the tree behind.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtClient } from '../support/built-client';
import { dataDirWithDatabase } from '../support/pglite-template';
import { until } from './helper';

/** A port nothing listens on now (the kernel's pick, released at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Every process below `pid`, read from /proc (a supervisor sees the same tree). */
function descendantsOf(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended while we looked
    }
    // The command name is in parentheses and may hold spaces: the parent pid follows it.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() ?? 0) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Whether `pid` still runs (a zombie waiting for its parent counts as ended). */
function isRunning(pid: number): boolean {
  try {
    return !/^\S+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function answersHealth(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status === 200;
  } catch {
    return false;
  }
}

describe('stopping `npm start` as a supervisor does', () => {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const leftovers: number[] = [];
  /** `npm start`: the client's build, then the server command, which is what these tests run. */
  const startScript = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts.start;
  const serverCommand = /^vite build && (.+)$/.exec(startScript ?? '')?.[1] ?? '';
  let clientDir = '';

  beforeAll(async () => {
    clientDir = await builtClient();
  });

  afterAll(() => {
    // A failed run must not leave a server behind: each tree was started in a group of its own.
    for (const group of leftovers) {
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });

  it('is the client build followed by the server command', () => {
    expect(startScript).toMatch(/^vite build && node scripts\/build-server\.js && exec node /);
    expect(serverCommand).toBe(
      'node scripts/build-server.js && exec node --enable-source-maps dist/server/server.mjs',
    );
  });

  // The server command of `npm start` on a client built once for the run, run by npm as
  // `npm start` runs it (npm, its shell, the server), so the signal takes the same way.
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s to the npm process stops the server and leaves no process behind',
    async (signal) => {
      const dataDir = dataDirWithDatabase('bb-npm-stop-');
      const port = await freePort();
      const env: Record<string, string | undefined> = {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        CLIENT_DIR: clientDir,
      };
      delete env.DATABASE_URL;
      // Its own process group, as under a supervisor: the signal goes to npm alone.
      const npm = spawn('npm', ['exec', '--call', serverCommand], {
        cwd: root,
        env,
        detached: true,
      });
      const npmPid = npm.pid ?? 0;
      leftovers.push(npmPid);
      let output = '';
      npm.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      npm.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        npm.on('exit', (code, exitSignal) => resolve({ code, signal: exitSignal })),
      );
      let hasExited = false;
      void exited.then(() => (hasExited = true));
      try {
        await until(
          () => hasExited || output.includes('BLACK BUTTON is running on'),
          'the server to print its address',
          // A hang guard: a few seconds on an idle machine, far more on a busy one.
          100_000,
        );
        expect(hasExited, output).toBe(false);
        expect(output).toMatch(/Starter invite code: \w+/);
        expect(await answersHealth(port)).toBe(true);
        // It serves the built client.
        expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200);
        const tree = descendantsOf(npmPid);
        expect(tree.length, 'npm runs the server below it').toBeGreaterThan(0);

        const stopping = Date.now();
        process.kill(npmPid, signal);
        const result = await Promise.race([
          exited,
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 6_000)),
        ]);
        const stopMs = Date.now() - stopping;
        expect(result, `npm still runs 6 s after ${signal}`).not.toBeNull();
        // A clean stop, as the server's own handler ends it.
        expect(result?.code, output).toBe(0);
        // The port is closed before the server process ends; nothing of the tree may remain.
        expect(await answersHealth(port), 'the port still answers after npm exited').toBe(false);
        await until(
          () => tree.every((pid) => !isRunning(pid)),
          `every process of the tree to end (${tree.join(', ')})`,
        );
        expect(stopMs).toBeLessThan(5_000);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
