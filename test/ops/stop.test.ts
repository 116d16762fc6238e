// A stop finishes: SIGTERM with phones connected to /cable tells each socket to reconnect
// (to another instance, or to this one once it is back) and exits within seconds, whatever
// the clients do.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import * as ActionCable from '@rails/actioncable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LoginResponse, RequestCodeResponse } from '../../contract/api';
import { cableClient, isDisconnect, isType } from '../api/cable-client';
import { startServer, type RunningServer } from './helper';
import { dataDirWithDatabase } from '../support/pglite-template';

const serverRestart = { type: 'disconnect', reason: 'server_restart', reconnect: true };

const post = (baseUrl: string, path: string, body: unknown) =>
  fetch(`${baseUrl}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

async function signIn(server: RunningServer): Promise<string> {
  const starter = /Starter invite code: (\w+)/.exec(server.stdout())?.[1] ?? '';
  const phone = '12025550177';
  await post(server.baseUrl, 'users/registrations', { phone_number: phone, invite_code: starter });
  const requested = await post(server.baseUrl, 'users/request_code', { phone_number: phone });
  const { otp } = RequestCodeResponse.parse(await requested.json());
  const verified = await post(server.baseUrl, 'users/verify_code', {
    phone_number: phone,
    code: otp,
  });
  return LoginResponse.parse(await verified.json()).token;
}

/**
 * A client that completes the WebSocket handshake and then ignores everything, even the close
 * frame (a frozen phone, a proxy that keeps the connection): only the server can end it.
 */
function deafSocket(port: number, token: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    [
      `GET /cable?token=${token} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Protocol: actioncable-v1-json',
      '',
      '',
    ].join('\r\n'),
  );
  return { received: () => received, closed, destroy: () => socket.destroy() };
}

/**
 * A request whose body is half sent: in flight until `finish` sends the rest. Resolves with
 * the status and body of the answer.
 */
function slowRequest(port: number, path: string, body: string) {
  let answered: (value: { status: number; body: string }) => void = () => undefined;
  const answer = new Promise<{ status: number; body: string }>((resolve) => (answered = resolve));
  const outgoing = request(
    {
      host: '127.0.0.1',
      port,
      path: `/api/v1/${path}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    },
    (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => answered({ status: response.statusCode ?? 0, body: text }));
    },
  );
  outgoing.on('error', (error) => answered({ status: 0, body: error.message }));
  const half = Math.floor(body.length / 2);
  outgoing.write(body.slice(0, half));
  return { answer, finish: () => outgoing.end(body.slice(half)) };
}

async function until(condition: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('stopping the server with sockets open', () => {
  const dataDir = dataDirWithDatabase('bb-stop-');
  let server: RunningServer;
  const cleanups: (() => void)[] = [];

  beforeAll(async () => {
    server = await startServer({ DATA_DIR: dataDir });
    // Node has no page visibility; the official client's connection monitor asks for it.
    ActionCable.adapters.WebSocket = WebSocket as unknown as typeof globalThis.WebSocket;
    const global = globalThis as unknown as Record<string, unknown>;
    global.addEventListener ??= () => undefined;
    global.removeEventListener ??= () => undefined;
  });

  afterAll(async () => {
    for (const cleanup of cleanups) cleanup();
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM finishes the request in flight, tells every socket to reconnect and exits with 0 within 5 seconds', async () => {
    const token = await signIn(server);
    const port = Number(new URL(server.baseUrl).port);
    const cable = `ws://127.0.0.1:${port}/cable?token=${token}`;

    const rawClients = [cableClient(cable), cableClient(cable), cableClient(cable)];
    for (const client of rawClients) {
      await client.waitFor(isType('welcome'));
      client.subscribe();
      await client.waitFor(isType('confirm_subscription'));
    }

    const consumer = ActionCable.createConsumer(cable);
    cleanups.push(() => consumer.disconnect());
    let officialConnected = false;
    let officialDisconnected: { willAttemptReconnect: boolean } | undefined;
    consumer.subscriptions.create(
      { channel: 'TimerChannel' },
      {
        connected: () => (officialConnected = true),
        disconnected: (details: { willAttemptReconnect: boolean }) =>
          (officialDisconnected ??= details),
      },
    );
    await until(() => officialConnected, 'the official client to subscribe');

    const deaf = [deafSocket(port, token), deafSocket(port, token)];
    cleanups.push(() => deaf.forEach((socket) => socket.destroy()));
    for (const socket of deaf) {
      await until(() => socket.received().includes('"type":"welcome"'), 'a welcome');
    }

    const validate = JSON.stringify({ invite_code: 'ZZZZZZZZ' });
    const before = await post(server.baseUrl, 'invites/validate', JSON.parse(validate));
    const inFlight = slowRequest(port, 'invites/validate', validate);
    // The server has the request's headers before it is told to stop.
    await new Promise((resolve) => setTimeout(resolve, 200));

    const stopping = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    inFlight.finish();
    expect(await inFlight.answer).toEqual({ status: before.status, body: await before.text() });
    const exited = await Promise.race([
      server.exited,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
    ]);
    expect(exited, 'the server still runs 5 s after SIGTERM').not.toBeNull();
    expect(Date.now() - stopping).toBeLessThan(5_000);
    expect(exited?.code).toBe(0);

    for (const client of rawClients) {
      expect(client.frames.find(isDisconnect)).toEqual(serverRestart);
      await client.closed;
    }
    for (const socket of deaf) {
      expect(socket.received()).toContain(JSON.stringify(serverRestart));
      await socket.closed;
    }
    // The official client heard the reason and keeps trying to come back.
    await until(() => officialDisconnected !== undefined, 'the official client to disconnect');
    expect(officialDisconnected).toEqual({ willAttemptReconnect: true });
  });
});

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

  // `npm start` builds the client first, then serves it.
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
      };
      delete env.DATABASE_URL;
      // Its own process group, as under a supervisor: the signal goes to npm alone.
      const npm = spawn('npm', ['start'], { cwd: root, env, detached: true });
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
          'npm start to print its address',
          // A hang guard: the build alone takes 8 s on an idle machine, far more on a busy one.
          100_000,
        );
        expect(hasExited, output).toBe(false);
        expect(output).toMatch(/Starter invite code: \w+/);
        expect(await answersHealth(port)).toBe(true);
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
