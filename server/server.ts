// `npm start`: load the configuration, take the data dir, migrate, listen; shut down cleanly.
import type { Server } from 'node:net';
import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { databaseTarget, openDatabase } from './db/database';
import { DataDirBusyError, lockDataDir, opsSocketPath } from './ops/data-dir-lock';
import { runOps } from './ops/program';
import { startOpsSocket } from './ops/socket';
import { seedOnFirstStart } from './services/seed';

const NO_SMS_PROVIDER_WARNING =
  'WARNING: SMS_PROVIDER=none: sign-in codes are shown to whoever asks; do not expose this server to the internet';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const config = loadConfigOrExit();
const embedded = !config.DATABASE_URL;

let releaseLock: (() => Promise<void>) | null = null;
if (embedded) {
  try {
    releaseLock = await lockDataDir(config.DATA_DIR, () =>
      fail(`Lost the lock on DATA_DIR (${config.DATA_DIR}); stopping to protect the data`),
    );
  } catch (error) {
    if (error instanceof DataDirBusyError) fail(error.message);
    throw error;
  }
}

const database = await openDatabase(databaseTarget(config)).catch((error: unknown) =>
  fail(`Cannot open the database: ${error instanceof Error ? error.message : String(error)}`),
);
await database
  .migrate()
  .catch((error: unknown) =>
    fail(`Cannot migrate the database: ${error instanceof Error ? error.message : String(error)}`),
  );

const app = await buildApp({
  config,
  db: database,
  ...(config.CLIENT_DIR ? { clientDir: config.CLIENT_DIR } : {}),
});
const starterCode = await seedOnFirstStart(app.services);

/**
 * Connections waiting to be accepted. When a draw closes every app asks for its timer at once,
 * most on new connections; with Node's default (511) the rest are dropped and their phones
 * retry a second later, then three. The kernel caps it (net.core.somaxconn, 4096 on Linux 5.4+).
 */
const LISTEN_BACKLOG = 4096;

await app
  .listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG })
  .catch((error: unknown) =>
    fail(
      `Cannot listen on port ${config.PORT}: ${error instanceof Error ? error.message : String(error)}`,
    ),
  );
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;

let opsSocket: Server | null = null;
if (embedded) {
  opsSocket = await startOpsSocket(opsSocketPath(config.DATA_DIR), (argv, output) =>
    runOps(argv, () => Promise.resolve(app.services), output),
  );
}

// The demo default hands every code back in the response: say so at each start, where an
// operator deploying by mistake will see it.
if (config.SMS_PROVIDER === 'none') process.stderr.write(`${NO_SMS_PROVIDER_WARNING}\n`);
if (starterCode) process.stdout.write(`Starter invite code: ${starterCode}\n`);
process.stdout.write(`BLACK BUTTON is running on http://localhost:${port}\n`);

/**
 * However clients behave, a stop ends within this: a supervisor waiting on a deploy or restart
 * must not wait forever. Sockets are told to go and cut within a second (server/cable), and
 * in-flight requests are short; this is the last resort.
 */
const STOP_DEADLINE_MS = 4_000;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    process.stderr.write(`Did not stop within ${STOP_DEADLINE_MS / 1000} s; exiting anyway\n`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  try {
    await new Promise<void>((resolve) =>
      opsSocket ? opsSocket.close(() => resolve()) : resolve(),
    );
    // Stops listening, tells every /cable socket to reconnect elsewhere, lets in-flight
    // requests finish.
    await app.close();
    await database.close();
    await releaseLock?.();
  } catch (error) {
    fail(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exit(0);
}
// `npm start` execs this process in place of its shell, so the signal a supervisor sends to
// npm (which forwards it) lands here; a shell in between would die and leave this one running.
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
