// The live channel (/cable) through the official ActionCable client: it reconnects, resubscribes
// and watches the server's pings by itself. TimerChannel broadcasts `{ refetch: true }` when a
// draw closes; every app then fetches its timer again.
import * as ActionCable from '@rails/actioncable';
import { CABLE_PATH, TIMER_CHANNEL, TimerMessage } from '../../contract/cable';
import { readString, STORAGE_KEYS } from './storage';

// The client's internals the published types leave out: the connection monitor and the
// connection hold the timings as static fields.
declare module '@rails/actioncable' {
  export const ConnectionMonitor: { staleThreshold: number; reconnectionBackoffRate: number };
  export const Connection: { reopenDelay: number };
}

/**
 * The spec's live-channel constants (section 9). The subscription retry (500 ms) is the
 * client's own SubscriptionGuarantor delay and has no setting.
 */
export const CABLE_TIMINGS = {
  /** Two missed pings (the server pings every 3 s): the connection is stale, reopen it. */
  staleThresholdSeconds: 6,
  reconnectionBackoffRate: 0.15,
  reopenDelayMs: 500,
  subscriptionRetryMs: 500,
} as const;

export function configureCableClient(): void {
  ActionCable.ConnectionMonitor.staleThreshold = CABLE_TIMINGS.staleThresholdSeconds;
  ActionCable.ConnectionMonitor.reconnectionBackoffRate = CABLE_TIMINGS.reconnectionBackoffRate;
  ActionCable.Connection.reopenDelay = CABLE_TIMINGS.reopenDelayMs;
}

/** `/cable?token=JWT`: the server identifies the player by the token in the query. */
export function cableUrl(token: string): string {
  return `${CABLE_PATH}?token=${encodeURIComponent(token)}`;
}

export type TimerChannelOptions = {
  /** Where to connect; read again on every reconnection, so a new token is picked up. */
  url?: () => string;
};

/**
 * Subscribes to TimerChannel and calls `onRefetch` for each broadcast carrying the refetch
 * flag, and once each time the subscription is confirmed (the first time included). Returns
 * the function that unsubscribes and closes the connection.
 */
export function listenToTimerChannel(
  onRefetch: () => void,
  options: TimerChannelOptions = {},
): () => void {
  const url = options.url ?? (() => cableUrl(readString(STORAGE_KEYS.jwt) ?? ''));
  configureCableClient();
  const consumer = ActionCable.createConsumer(url);
  const subscription = consumer.subscriptions.create(
    { channel: TIMER_CHANNEL },
    {
      // Each confirmation refetches once. The first: a draw may have closed between the app's
      // first fetch and this subscription, a broadcast the app never heard. Again after a lost
      // connection or a server restart: a draw may have closed while the app was away.
      connected() {
        onRefetch();
      },
      received(data: unknown) {
        const message = TimerMessage.safeParse(data);
        if (message.success && message.data.refetch === true) onRefetch();
      },
    },
  );
  return () => {
    subscription.unsubscribe();
    consumer.disconnect();
  };
}
