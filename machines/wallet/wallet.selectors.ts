// Narrow reads of the wallet for the views: each view subscribes to what it shows, never to the
// whole snapshot, and asks the machine (`can`) whether a control is enabled.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SlidesMachine } from '../shared/slides.machine';
import type { walletMachine } from './wallet.machine';

type WalletSnapshot = SnapshotFrom<typeof walletMachine>;

/** What /wallet-token shows. */
export type TicketsScreen = 'loading' | 'loadFailed' | 'empty' | 'holding' | null;

export const selectIsShowingInstructions = (snapshot: WalletSnapshot): boolean =>
  snapshot.matches('instructions');

/** The instruction slides while /wallet shows them. */
export const selectSlides = (snapshot: WalletSnapshot): ActorRefFrom<SlidesMachine> | undefined =>
  snapshot.children.slides as ActorRefFrom<SlidesMachine> | undefined;

export function selectTicketsScreen(snapshot: WalletSnapshot): TicketsScreen {
  if (snapshot.matches({ tickets: 'loading' })) return 'loading';
  if (snapshot.matches({ tickets: 'loadFailed' })) return 'loadFailed';
  if (snapshot.matches({ tickets: 'empty' })) return 'empty';
  if (snapshot.matches({ tickets: 'choosing' }) || snapshot.matches({ tickets: 'entering' })) {
    return 'holding';
  }
  return null;
}

export const selectTickets = (snapshot: WalletSnapshot): number => snapshot.context.tickets;

export const selectEntriesInCurrentDraw = (snapshot: WalletSnapshot): number =>
  snapshot.context.entriesInCurrentDraw;

/** Whether the wallet has heard from the server (the entries line needs a real figure). */
export const selectHasLoaded = (snapshot: WalletSnapshot): boolean =>
  snapshot.context.currentDrawId !== null;

export const selectCount = (snapshot: WalletSnapshot): number => snapshot.context.count;

export const selectCanAddTicket = (snapshot: WalletSnapshot): boolean =>
  snapshot.can({ type: 'tickets.increment' });

export const selectCanRemoveTicket = (snapshot: WalletSnapshot): boolean =>
  snapshot.can({ type: 'tickets.decrement' });

export const selectCanEnter = (snapshot: WalletSnapshot): boolean =>
  snapshot.can({ type: 'tickets.enter' });

export const selectCanEnterAll = (snapshot: WalletSnapshot): boolean =>
  snapshot.can({ type: 'tickets.enterAll' });

/** 'Enter all' is offered whenever the player holds more than one ticket. */
export const selectIsEnterAllShown = (snapshot: WalletSnapshot): boolean =>
  snapshot.context.tickets > 1;

export const selectIsEntering = (snapshot: WalletSnapshot): boolean =>
  snapshot.matches({ tickets: 'entering' });

export const selectCanRetry = (snapshot: WalletSnapshot): boolean =>
  snapshot.can({ type: 'tickets.retry' });
