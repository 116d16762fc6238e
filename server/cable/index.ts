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
  channelOf,
  parseCableCommand,
  type DisconnectReason,
  type TimerMessage,
} from '../../contract/cable';
import type { EndedSessions } from './channels';

export const PING_INTERVAL_MS = PING_INTERVAL_SECONDS * 1000;

/**
 * How long a stopping server waits for clients to close after `server_restart` before it cuts
 * them: the official client closes at once; a client that ignores the frame must not hold the
 * stop (Fastify's close waits for every upgraded socket).
 */
export const STOP_GRACE_MS = 1_000;

export interface Cable {
  /** Sends `message` to every connection subscribed to TimerChannel on this instance. */
  broadcastTimer(message: TimerMessage): void;
  /** How many connections are subscribed to TimerChannel. */
  timerSubscribers(): number;
  /** Disconnects (`unauthorized`, no reconnect) every socket of these sessions or players. */
  endSessions(ended: EndedSessions): void;
  /** Checks every socket's session again (announcements may have been missed) and drops the dead. */
  recheckSessions(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    cable: Cable;
  }
}

/** What the server knows of one open socket. */
interface Connection {
  token: string;
  /** The session the token names, once the database confirmed it live. */
  session: { id: string; userId: string } | null;
  /**
   * The connection's one TimerChannel subscription: the identifier it subscribed with, held
   * from the subscribe frame on so a second identifier is refused while the first is checked.
   */
  timer: { identifier: string; confirmed: boolean } | null;
}

export function attachCable(app: FastifyInstance): Cable {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 16 * 1024,
    handleProtocols: (protocols) => (protocols.has(CABLE_PROTOCOL) ? CABLE_PROTOCOL : false),
  });
  /** Open sockets not yet dismissed; a dismissed socket hears nothing more. */
  const connections = new Map<WebSocket, Connection>();
  let stopping = false;

  const sendText = (socket: WebSocket, text: string) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(text);
  };
  const send = (socket: WebSocket, message: unknown) => sendText(socket, JSON.stringify(message));
  /** Tells the client why it must go, and whether to come back, then closes. */
  const dismiss = (socket: WebSocket, reason: DisconnectReason) => {
    connections.delete(socket);
    send(socket, { type: 'disconnect', reason, reconnect: reason === 'server_restart' });
    socket.close();
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== CABLE_PATH || stopping) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  };
  app.server.on('upgrade', onUpgrade);

  const subscribe = (socket: WebSocket, connection: Connection, token: string, id: string) => {
    if (channelOf(id) !== TIMER_CHANNEL) {
      send(socket, { identifier: id, type: 'reject_subscription' });
      return;
    }
    if (connection.timer) {
      // The official client repeats a subscribe until confirmed: the same one is confirmed
      // again; another identifier would multiply every broadcast on this socket.
      if (connection.timer.identifier !== id) {
        send(socket, { identifier: id, type: 'reject_subscription' });
      } else if (connection.timer.confirmed) {
        send(socket, { identifier: id, type: 'confirm_subscription' });
      }
      return;
    }
    connection.timer = { identifier: id, confirmed: false };
    // A session revoked since the connection opened gets no new subscription.
    void app.sessionFromToken(token).then(
      (session) => {
        if (connections.get(socket) !== connection) return;
        if (!session) return dismiss(socket, 'unauthorized');
        connection.timer = { identifier: id, confirmed: true };
        send(socket, { identifier: id, type: 'confirm_subscription' });
      },
      () => dismiss(socket, 'unauthorized'),
    );
  };

  wss.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token') ?? '';
    const connection: Connection = { token, session: null, timer: null };
    connections.set(socket, connection);
    let ping: NodeJS.Timeout | undefined;
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(ping);
      connections.delete(socket);
    });

    const identified = app.sessionFromToken(token).then(
      (session) => {
        if (connections.get(socket) !== connection) return false;
        if (!session) {
          dismiss(socket, 'unauthorized');
          return false;
        }
        connection.session = { id: session.id, userId: session.user.id };
        send(socket, { type: 'welcome' });
        ping = setInterval(
          () => send(socket, { type: 'ping', message: Math.floor(Date.now() / 1000) }),
          PING_INTERVAL_MS,
        );
        return true;
      },
      () => {
        dismiss(socket, 'unauthorized');
        return false;
      },
    );

    socket.on('message', (data: Buffer, isBinary: boolean) => {
      // ActionCable v1 is JSON text: binary frames and anything not a command are ignored.
      if (isBinary) return;
      const command = parseCableCommand(data.toString());
      if (!command) return;
      void identified.then((ok) => {
        if (!ok || connections.get(socket) !== connection) return;
        if (command.command === 'subscribe') {
          subscribe(socket, connection, token, command.identifier);
        } else if (
          command.command === 'unsubscribe' &&
          connection.timer?.identifier === command.identifier
        ) {
          connection.timer = null;
        }
        // `message` performs a channel action: TimerChannel has none.
      });
    });
  });

  const cable: Cable = {
    broadcastTimer(message) {
      // Every client subscribes with the same identifier: each frame is serialised once.
      const frames = new Map<string, string>();
      for (const [socket, { timer }] of connections) {
        if (!timer?.confirmed) continue;
        let frame = frames.get(timer.identifier);
        if (frame === undefined) {
          frame = JSON.stringify({ identifier: timer.identifier, message });
          frames.set(timer.identifier, frame);
        }
        sendText(socket, frame);
      }
    },
    timerSubscribers: () =>
      [...connections.values()].filter((connection) => connection.timer?.confirmed).length,
    endSessions({ sessionIds = [], userIds = [] }) {
      const sessions = new Set(sessionIds);
      const users = new Set(userIds);
      for (const [socket, { session }] of connections) {
        if (session && (sessions.has(session.id) || users.has(session.userId))) {
          dismiss(socket, 'unauthorized');
        }
      }
    },
    async recheckSessions() {
      await Promise.all(
        [...connections].map(async ([socket, connection]) => {
          if (!connection.session) return;
          const live = await app.sessionFromToken(connection.token).catch(() => undefined);
          // Unknown (the database is unreachable): the socket keeps its benefit of the doubt.
          if (live === null && connections.get(socket) === connection) {
            dismiss(socket, 'unauthorized');
          }
        }),
      );
    },
  };

  // Before the HTTP server closes: it waits for every upgraded socket, and phones never leave
  // on their own. Each client is told to reconnect (to another instance, or to this one once
  // it is back); those still open after the grace are cut.
  app.addHook('preClose', async () => {
    stopping = true;
    const sockets = [...wss.clients];
    for (const socket of sockets) dismiss(socket, 'server_restart');
    const closed = sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) resolve();
          else socket.once('close', () => resolve());
        }),
    );
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(closed),
      new Promise((resolve) => (grace = setTimeout(resolve, STOP_GRACE_MS))),
    ]);
    clearTimeout(grace);
    for (const socket of wss.clients) socket.terminate();
  });

  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const socket of wss.clients) socket.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });

  return cable;
}
