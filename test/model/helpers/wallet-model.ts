// The abstract model of the wallet that path generation walks: which events a player (or the
// network) can cause in each state, with small named fixtures, and which parts of a state tell
// two states apart.
import type { DoneActorEvent, ErrorActorEvent, SnapshotFrom } from 'xstate';
import type { TicketsEntered, WalletHoldings } from '../../../machines/wallet/wallet.actors';
import type {
  walletMachine,
  WalletEvent,
  WalletInput,
  WalletPath,
} from '../../../machines/wallet/wallet.machine';
import { ApiFailure } from '../../../src/lib/api';
import { CURRENT_DRAW_ID } from './wallet-fake-api';

export const MODEL_INPUT: WalletInput = { hasSeenInstructions: false };

/** A player with three tickets and the button's entry already in today's draw. */
export const THREE_TICKETS: WalletHoldings = {
  tickets: 3,
  currentDrawId: CURRENT_DRAW_ID,
  entriesInCurrentDraw: 1,
};
export const NO_TICKETS: WalletHoldings = {
  tickets: 0,
  currentDrawId: CURRENT_DRAW_ID,
  entriesInCurrentDraw: 1,
};
export const REJECTED_COUNT_DETAIL = 'You do not hold that many tickets';

export const INVOKE_IDS = ['loadWallet', 'enterTickets', 'slides'] as const;
export type InvokeId = (typeof INVOKE_IDS)[number];

export type ModelEvent =
  | WalletEvent
  | DoneActorEvent<unknown, InvokeId>
  | ErrorActorEvent<unknown, Exclude<InvokeId, 'slides'>>;
export type ModelEventType = ModelEvent['type'];

export type WalletSnapshot = SnapshotFrom<typeof walletMachine>;

const done = (id: InvokeId, output: WalletHoldings | TicketsEntered | undefined): ModelEvent =>
  ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as unknown as ModelEvent;
const failed = (id: InvokeId, status: number, detail: string | null = null): ModelEvent =>
  ({
    type: `xstate.error.actor.${id}`,
    error: new ApiFailure(status, detail),
    actorId: id,
  }) as unknown as ModelEvent;

/** The page on screen in a state of the model (/home, where the walk starts, when none of the wallet's). */
export function pageOf(snapshot: WalletSnapshot): WalletPath | '/home' {
  if (snapshot.matches('instructions')) return '/wallet';
  if (snapshot.matches('tickets')) return '/wallet-token';
  return '/home';
}

const ROUTE_OPENINGS: WalletEvent[] = [
  { type: 'route.opened', path: '/wallet' },
  { type: 'route.opened', path: '/wallet-token' },
  // Another screen (the tab bar's Home): the wallet shows nothing.
  { type: 'route.opened', path: '/home' },
];

const PLAYER_EVENTS: WalletEvent[] = [
  { type: 'tickets.increment' },
  { type: 'tickets.decrement' },
  { type: 'tickets.enter' },
  { type: 'tickets.enterAll' },
  { type: 'tickets.retry' },
];

/** The events enabled in `snapshot`: what the player can do there and how running calls end. */
export function walletModelEvents(snapshot: WalletSnapshot): ModelEvent[] {
  const page = pageOf(snapshot);
  // Opening the page already on screen is no gesture a player can make.
  const candidates: ModelEvent[] = [
    ...ROUTE_OPENINGS.filter((event) => event.type === 'route.opened' && event.path !== page),
    ...PLAYER_EVENTS,
  ];
  // The instruction slides end (their own walk moves through them one by one).
  if (snapshot.children.slides) candidates.push(done('slides', undefined));
  if (snapshot.children.loadWallet) {
    candidates.push(
      done('loadWallet', THREE_TICKETS),
      done('loadWallet', NO_TICKETS),
      failed('loadWallet', 500),
    );
  }
  if (snapshot.children.enterTickets) {
    const { count, tickets } = snapshot.context;
    candidates.push(
      done('enterTickets', { entered: count, tickets: tickets - count }),
      failed('enterTickets', 422, REJECTED_COUNT_DETAIL),
      failed('enterTickets', 503),
    );
  }
  return candidates.filter((event) => snapshot.can(event as WalletEvent));
}

/** What tells two states apart for the walk: where the wallet is and what that page shows. */
export function serializeWalletState(snapshot: WalletSnapshot): string {
  const c = snapshot.context;
  const page = (): Record<string, unknown> => {
    if (snapshot.matches({ tickets: 'loading' }) || snapshot.matches({ tickets: 'loadFailed' }))
      return {};
    if (snapshot.matches({ tickets: 'empty' })) return { entries: c.entriesInCurrentDraw };
    if (snapshot.matches('tickets'))
      return { tickets: c.tickets, count: c.count, entries: c.entriesInCurrentDraw };
    return {};
  };
  return JSON.stringify({ value: snapshot.value, seen: c.hasSeenInstructions, ...page() });
}
