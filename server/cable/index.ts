// /cable: the live channel, speaking ActionCable protocol v1 (`actioncable-v1-json`), so the
// official @rails/actioncable client connects unchanged (DESIGN section 1). Players identify
// with `?token=JWT`; the only channel is TimerChannel, whose broadcasts tell apps to refetch.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer } from 'ws';
import {
  CABLE_PATH,
  CABLE_PROTOCOL,
  PING_INTERVAL_SECONDS,
  TIMER_CHANNEL,
  type TimerMessage,
} from '../../contract/cable';

export const PING_INTERVAL_MS = PING_INTERVAL_SECONDS * 1000;

export interface Cable {
  /** Sends `message` to every connection subscribed to TimerChannel on this instance. */
  broadcastTimer(message: TimerMessage): void;
  /** How many connections are subscribed to TimerChannel. */
  timerSubscribers(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    cable: Cable;
  }
}

interface Command {
  command?: unknown;
  identifier?: unknown;
}

function channelOf(identifier: string): string | null {
  try {
    const parsed = JSON.parse(identifier) as { channel?: unknown };
    return typeof parsed.channel === 'string' ? parsed.channel : null;
  } catch {
    return null;
  }
}

export function attachCable(app: FastifyInstance): Cable {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 16 * 1024,
    handleProtocols: (protocols) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
  });
  /** Each subscribed socket with the identifier string it subscribed with. */
  const timerSubscriptions = new Map<WebSocket, Set<string>>();

  const sendText = (socket: WebSocket, text: string) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(text);
  };
  const send = (socket: WebSocket, message: unknown) => sendText(socket, JSON.stringify(message));
  const unauthorized = (socket: WebSocket) => {
    send(socket, { type: 'disconnect', reason: 'unauthorized', reconnect: false });
    socket.close();
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== CABLE_PATH) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  app.server.on('upgrade', onUpgrade);

  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token') ?? '';
    let ping: NodeJS.Timeout | undefined;
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(ping);
      timerSubscriptions.delete(socket);
    });

    const identified = app.sessionFromToken(token).then(
      (session) => session !== null,
      () => false,
    );

    void identified.then((ok) => {
      if (!ok) {
        unauthorized(socket);
        return;
      }
      send(socket, { type: 'welcome' });
      ping = setInterval(
        () => send(socket, { type: 'ping', message: Math.floor(Date.now() / 1000) }),
        PING_INTERVAL_MS,
      );
    });

    socket.on('message', (data: Buffer) => {
      void identified.then((ok) => {
        if (!ok) return;
        let command: Command;
        try {
          command = JSON.parse(data.toString()) as Command;
        } catch {
          return;
        }
        if (typeof command.identifier !== 'string') return;
        const identifier = command.identifier;
        if (command.command === 'subscribe') {
          if (channelOf(identifier) !== TIMER_CHANNEL) {
            send(socket, { identifier, type: 'reject_subscription' });
            return;
          }
          // A session revoked since the connection opened gets no new subscription.
          void app.sessionFromToken(token).then(
            (session) => {
              if (!session) return unauthorized(socket);
              if (socket.readyState !== WebSocket.OPEN) return;
              const identifiers = timerSubscriptions.get(socket) ?? new Set<string>();
              identifiers.add(identifier);
              timerSubscriptions.set(socket, identifiers);
              send(socket, { identifier, type: 'confirm_subscription' });
            },
            () => unauthorized(socket),
          );
        } else if (command.command === 'unsubscribe') {
          timerSubscriptions.get(socket)?.delete(identifier);
        }
      });
    });
  });

  const cable: Cable = {
    broadcastTimer(message) {
      // Every client subscribes with the same identifier: each frame is serialised once.
      const frames = new Map<string, string>();
      for (const [socket, identifiers] of timerSubscriptions) {
        for (const identifier of identifiers) {
          let frame = frames.get(identifier);
          if (frame === undefined) {
            frame = JSON.stringify({ identifier, message });
            frames.set(identifier, frame);
          }
          sendText(socket, frame);
        }
      }
    },
    timerSubscribers: () =>
      [...timerSubscriptions.values()].filter((identifiers) => identifiers.size > 0).length,
  };

  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const socket of wss.clients) socket.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });

  return cable;
}
