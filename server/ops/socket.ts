// The ops socket: a running embedded server takes operator commands on DATA_DIR/ops.sock
// (owner-only). One JSON line in ({ argv }), JSON lines out ({ out } / { err }, then { exit }).
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import type { OpsOutput } from './program';

export type OpsRunner = (argv: string[], output: OpsOutput) => Promise<number>;

type Message = { out: string } | { err: string } | { exit: number };

export async function startOpsSocket(path: string, run: OpsRunner): Promise<Server> {
  // We hold the data dir lock, so a socket file left here belongs to a dead server.
  if (existsSync(path)) rmSync(path);
  const server = createServer((socket) => {
    let buffer = '';
    let started = false;
    const send = (message: Message) => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
    };
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      if (started) return;
      buffer += chunk;
      if (buffer.length > 64 * 1024) return socket.destroy();
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      started = true;
      let argv: unknown;
      try {
        argv = (JSON.parse(buffer.slice(0, newline)) as { argv?: unknown }).argv;
      } catch {
        argv = undefined;
      }
      if (!Array.isArray(argv) || !argv.every((item) => typeof item === 'string')) {
        send({ err: 'ops: malformed request\n' });
        send({ exit: 2 });
        socket.end();
        return;
      }
      void run(argv, {
        out: (text) => send({ out: text }),
        err: (text) => send({ err: text }),
      }).then(
        (code) => {
          send({ exit: code });
          socket.end();
        },
        (error: unknown) => {
          send({ err: `ops failed: ${error instanceof Error ? error.message : String(error)}\n` });
          send({ exit: 1 });
          socket.end();
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return server;
}

/** Sends a command line to the server on `path`, streaming its output; answers the exit code. */
export function sendOpsCommand(path: string, argv: string[], output: OpsOutput): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let buffer = '';
    let exitCode: number | null = null;
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ argv })}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        const message = JSON.parse(buffer.slice(0, newline)) as Partial<Record<string, unknown>>;
        buffer = buffer.slice(newline + 1);
        if (typeof message.out === 'string') output.out(message.out);
        if (typeof message.err === 'string') output.err(message.err);
        if (typeof message.exit === 'number') exitCode = message.exit;
        newline = buffer.indexOf('\n');
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (exitCode === null)
        reject(new Error('the server closed the ops socket without an answer'));
      else resolve(exitCode);
    });
  });
}
