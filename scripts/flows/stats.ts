// The page views `npm run flows -- --stats` draws on the charts: read with the operator's own
// command (`npm run ops -- stats --json`), so the database is opened the way every operator
// command opens it: PostgreSQL with DATABASE_URL; embedded, through the running server's ops
// socket, or under the data dir's lock when no server runs (DESIGN section 5: one process per
// PGlite data dir).
import { spawn } from 'node:child_process';
import { buildServer } from '../build-server.js';
import type { FlowStats } from './docs';

export async function readFlowStats(days: number, root = process.cwd()): Promise<FlowStats> {
  // As `npm run ops` runs it: built, then run.
  const { cli } = await buildServer();
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', cli, 'stats', '--json', '--days', String(days)],
    { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let stdout = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => (stdout += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`npm run ops -- stats failed (exit ${code ?? 'signal'})`);
  const report = JSON.parse(stdout) as Partial<FlowStats>;
  if (
    typeof report.from !== 'string' ||
    typeof report.to !== 'string' ||
    !Array.isArray(report.screens)
  ) {
    throw new Error('npm run ops -- stats --json printed no report');
  }
  return { from: report.from, to: report.to, screens: report.screens };
}
