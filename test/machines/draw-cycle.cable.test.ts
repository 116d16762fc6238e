// @vitest-environment happy-dom
// The live channel through the official ActionCable client, against a small server that plays
// ActionCable protocol v1: the client subscribes to TimerChannel, the confirmation and a refetch
// broadcast reach the draw cycle, other messages do not, and closing ends the connection for good.
import type { AddressInfo } from 'node:net';
import * as ActionCable from '@rails/actioncable';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { CABLE_TIMINGS, cableUrl, listenToTimerChannel } from '../../src/lib/cable';

const TIMER = JSON.stringify({ channel: 'TimerChannel' });

let server: WebSocketServer;
let base = '';
const commands: Array<{ command: string; identifier: string }> = [];
const sockets: WebSocket[] = [];

beforeEach(async () => {
  commands.length = 0;
  sockets.length = 0;
  server = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    handleProtocols: (protocols) =>
      protocols.has('actioncable-v1-json') ? 'actioncable-v1-json' : false,
  });
  server.on('connection', (socket, request) => {
    sockets.push(socket);
    expect(request.url).toBe('/cable?token=player.jwt');
    socket.send(JSON.stringify({ type: 'welcome' }));
    socket.on('message', (data: Buffer) => {
      const command = JSON.parse(data.toString()) as { command: string; identifier: string };
      commands.push(command);
      if (command.command === 'subscribe') {
        socket.send(
          JSON.stringify({ identifier: command.identifier, type: 'confirm_subscription' }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const broadcast = (message: unknown) =>
  sockets.forEach((socket) => socket.send(JSON.stringify({ identifier: TIMER, message })));

describe('the live channel client', () => {
  it('subscribes to TimerChannel, refetches once confirmed, then on refetch broadcasts only', async () => {
    const onRefetch = vi.fn();
    const close = listenToTimerChannel(onRefetch, {
      url: () => `${base}${cableUrl('player.jwt')}`,
    });
    await vi.waitFor(() =>
      expect(commands).toContainEqual({ command: 'subscribe', identifier: TIMER }),
    );
    // The confirmation itself: a draw may have closed before the app was listening.
    await vi.waitFor(() => expect(onRefetch).toHaveBeenCalledTimes(1));
    broadcast({ refetch: false });
    broadcast({ something: 'else' });
    broadcast({ refetch: true });
    await vi.waitFor(() => expect(onRefetch).toHaveBeenCalledTimes(2));
    broadcast({ refetch: true });
    await vi.waitFor(() => expect(onRefetch).toHaveBeenCalledTimes(3));

    const socket = sockets[0];
    const closed = new Promise<void>((resolve) => socket?.once('close', () => resolve()));
    close();
    await closed;
    expect(sockets).toHaveLength(1);
  });

  it("uses the spec's timings for staleness, backoff and reopening", () => {
    listenToTimerChannel(() => undefined, { url: () => `${base}${cableUrl('player.jwt')}` })();
    expect(ActionCable.ConnectionMonitor.staleThreshold).toBe(6);
    expect(ActionCable.ConnectionMonitor.reconnectionBackoffRate).toBe(0.15);
    expect(ActionCable.Connection.reopenDelay).toBe(500);
    expect(CABLE_TIMINGS.subscriptionRetryMs).toBe(500);
  });

  it('puts the token in the query of /cable', () => {
    expect(cableUrl('a.b+c')).toBe('/cable?token=a.b%2Bc');
  });
});
