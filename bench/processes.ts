// Server processes for the benchmarks: started as `npm start` starts them, on a free loopback
// port, timed until healthy, and stopped with their whole process group.
import { spawn } from 'node:child_process';
import { freePort, postJson } from '../test/e2e/harness';

export { postJson };
import { BUILT, buildServer } from '../scripts/build-server.js';

let built: Promise<unknown> | undefined;

export interface Server {
  baseUrl: string;
  pid: number;
  /** Milliseconds from the spawn until /api/v1/health answered 200. */
  msToHealthy: number;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs `command` (by default the built server as `npm start` runs it, built once for the run,
 * plus BENCH_SERVER_NODE_ARGS) through a shell that raises
 * the open-file limit first (each live connection holds a descriptor) and then execs it, so the
 * pid is the server's own.
 */
export async function startServer(
  env: Record<string, string>,
  openFiles = 4096,
  command: string[] = [
    process.execPath,
    // BENCH_SERVER_NODE_ARGS adds node flags to the server, e.g. `--cpu-prof --cpu-prof-dir=DIR`.
    ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    '--enable-source-maps',
    BUILT.server,
  ],
): Promise<Server> {
  await (built ??= buildServer());
  const port = await freePort();
  const began = performance.now();
  const child = spawn(
    'bash',
    ['-c', `ulimit -n ${openFiles} 2>/dev/null || true; exec "$0" "$@"`, ...command],
    {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, 'SIGTERM');
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      if (performance.now() - began > 180_000) throw new Error(`not healthy in 180 s:\n${output}`);
      try {
        if ((await fetch(`${baseUrl}/api/v1/health`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    pid: child.pid!,
    msToHealthy: performance.now() - began,
    output: () => output,
    stop,
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
