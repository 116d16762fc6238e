// LISTEN on PostgreSQL for one server instance: every channel the instance listens on shares
// one connection of its own (a pooled one would be handed to other queries), so an instance
// holds one listening connection however many channels it hears. A lost connection is reopened
// with backoff, listening again on every channel, and each listener is told it resumed
// (notifications in between may be missing).
import pg from 'pg';
import type { ListenHandlers } from './database';

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
const RECONNECT_MIN_MS = 250;
// At most a second between tries: broadcasts resume within a second of the database.
const RECONNECT_MAX_MS = 1_000;

export interface ListenerEvents {
  /** The listening connection was lost (the first sign of an outage). */
  lost(): void;
  /** It is back, listening again. */
  resumed(): void;
}

export function createPostgresListener(
  url: string,
  applicationName: string,
  events: ListenerEvents,
) {
  const channels = new Map<string, Set<ListenHandlers>>();
  /** The channels each connection listens on already. */
  const listening = new WeakMap<pg.Client, Set<string>>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;

  const dispatch = (message: pg.Notification) => {
    for (const handlers of channels.get(message.channel) ?? []) {
      handlers.message(message.payload ?? '');
    }
  };

  /** Listens on every channel wanted that `on` does not listen on yet. */
  const listenAll = async (on: pg.Client) => {
    const done = listening.get(on) ?? new Set<string>();
    listening.set(on, done);
    for (const channel of channels.keys()) {
      if (done.has(channel)) continue;
      done.add(channel);
      await on.query(`listen ${channel}`);
    }
  };

  const open = async (): Promise<pg.Client> => {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5_000,
      application_name: applicationName,
    });
    // Until it listens a failure rejects; afterwards a loss reconnects (see adopt).
    next.on('error', () => undefined);
    next.on('notification', dispatch);
    try {
      await next.connect();
      await listenAll(next);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    return next;
  };

  const scheduleReconnect = () => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      retry = undefined;
      if (channels.size === 0 || client) return;
      // A listen() meanwhile waits for this connection rather than opening another.
      connecting = open()
        .then(async (next) => {
          if (channels.size === 0) return void (await next.end().catch(() => undefined));
          adopt(next);
          // Channels added while it reconnected.
          await listenAll(next).catch(() => undefined);
          events.resumed();
          for (const set of channels.values()) for (const handlers of set) handlers.resumed?.();
        }, scheduleReconnect)
        .finally(() => (connecting = null));
    }, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const adopt = (next: pg.Client) => {
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      void next.end().catch(() => undefined);
      // Ended on purpose once nobody listens: nothing to reopen.
      if (channels.size === 0) return;
      events.lost();
      scheduleReconnect();
    };
    next.on('error', onLost);
    next.on('end', onLost);
    client = next;
    delay = RECONNECT_MIN_MS;
  };

  const connected = async () => {
    if (client) return listenAll(client);
    // Waiting to reconnect: it listens on every channel once back.
    if (retry !== undefined) return;
    connecting ??= open()
      .then(adopt)
      .finally(() => (connecting = null));
    await connecting;
    if (client) await listenAll(client);
  };

  const forget = async (channel: string, handlers: ListenHandlers) => {
    const set = channels.get(channel);
    if (!set?.delete(handlers) || set.size > 0) return;
    channels.delete(channel);
    const current = client;
    if (channels.size === 0) {
      clearTimeout(retry);
      retry = undefined;
      client = null;
      await current?.end().catch(() => undefined);
      return;
    }
    if (current && listening.get(current)?.delete(channel)) {
      await current.query(`unlisten ${channel}`).catch(() => undefined);
    }
  };

  return {
    /** Listens on `channel` until the returned function is called. */
    async listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>> {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
      const set = channels.get(channel) ?? new Set<ListenHandlers>();
      channels.set(channel, set);
      set.add(handlers);
      try {
        await connected();
      } catch (error) {
        await forget(channel, handlers);
        throw error;
      }
      return () => forget(channel, handlers);
    },
  };
}
