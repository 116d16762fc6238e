// A stop finishes: SIGTERM with phones connected to /cable tells each socket to reconnect
// (to another instance, or to this one once it is back), finishes the request in flight and
// exits within seconds, whatever the clients do.
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { rmSync } from 'node:fs';
import * as ActionCable from '@rails/actioncable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LoginResponse, RequestCodeResponse } from '../../contract/api';
import { cableClient, isDisconnect, isType } from '../api/cable-client';
import { dataDirWithDatabase } from '../support/pglite-template';
import { startServer, until, type RunningServer } from './helper';

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
 * A request whose body is half sent: in flight until `finish` sends the rest. `started` resolves
 * once the server has read its headers (it answers `Expect: 100-continue` when it has). Resolves
 * `answer` with the status and body of the answer.
 */
function slowRequest(port: number, path: string, body: string) {
  let answered: (value: { status: number; body: string }) => void = () => undefined;
  const answer = new Promise<{ status: number; body: string }>((resolve) => (answered = resolve));
  let started: () => void = () => undefined;
  const headersRead = new Promise<void>((resolve) => (started = resolve));
  const outgoing = request(
    {
      host: '127.0.0.1',
      port,
      path: `/api/v1/${path}`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    },
    (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => answered({ status: response.statusCode ?? 0, body: text }));
    },
  );
  outgoing.on('error', (error) => answered({ status: 0, body: error.message }));
  const half = Math.floor(body.length / 2);
  outgoing.on('continue', () => outgoing.write(body.slice(0, half), () => started()));
  outgoing.flushHeaders();
  return { answer, started: headersRead, finish: () => outgoing.end(body.slice(half)) };
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
    // The server has the request's headers (and half its body) before it is told to stop.
    await inFlight.started;

    const stopping = Date.now();
    server.child.kill('SIGTERM');
    // The rest of the body arrives while the server is stopping: once it has told the sockets.
    await until(
      () => rawClients.every((client) => client.frames.some(isDisconnect)),
      'the server to tell the sockets it is stopping',
    );
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
