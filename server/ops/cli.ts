// `npm run ops -- <command>`. With DATABASE_URL it connects to PostgreSQL like one more server
// instance. Embedded, it hands the command to the running server through DATA_DIR/ops.sock, or,
// when no server runs, takes the data dir lock and opens the database itself (DESIGN 5).
import { loadConfigOrExit } from '../config';
import { databaseTarget, openDatabase, type OpenDatabase } from '../db/database';
import { createServices, type Services } from '../services/index';
import { createSmsSender } from '../sms/sender';
import { SESSIONS_ENDED_NOTIFY_CHANNEL, TIMER_NOTIFY_CHANNEL } from '../cable/channels';
import { DataDirBusyError, lockDataDir, opsSocketPath } from './data-dir-lock';
import { runOps, withAbsoluteFiles, type OpsOutput } from './program';
import { sendOpsCommand } from './socket';

const config = loadConfigOrExit();
// A file argument is named by its full path: a running server reads it from its own directory.
const argv = withAbsoluteFiles(process.argv.slice(2), process.cwd());
const output: OpsOutput = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
};

let database: OpenDatabase | null = null;
async function openServices(): Promise<Services> {
  const opened = await openDatabase(databaseTarget(config));
  database = opened;
  await opened.migrate();
  return createServices({
    db: opened.db,
    config,
    // The only text an operator command sends: to the winner of a draw it closes.
    sms: createSmsSender(config, { info: () => undefined }),
    now: () => new Date(),
    // With PostgreSQL the running servers hear a closing and tell their apps to refetch.
    broadcast: {
      timer: (message) => opened.notify(TIMER_NOTIFY_CHANNEL, JSON.stringify(message)),
      // Every server instance drops the live sockets of sessions a command ended (a deletion,
      // a demo reset) at once, as when the API ends them.
      sessionsEnded: (ended) => opened.notify(SESSIONS_ENDED_NOTIFY_CHANNEL, JSON.stringify(ended)),
    },
  });
}

function lazily(open: () => Promise<Services>) {
  let services: Promise<Services> | null = null;
  return () => (services ??= open());
}

async function main(): Promise<number> {
  if (config.DATABASE_URL) {
    try {
      return await runOps(argv, lazily(openServices), output);
    } finally {
      await database?.close();
    }
  }
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(config.DATA_DIR);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    return sendOpsCommand(opsSocketPath(config.DATA_DIR), argv, output);
  }
  try {
    return await runOps(argv, lazily(openServices), output);
  } finally {
    await database?.close();
    await release();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`ops failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
