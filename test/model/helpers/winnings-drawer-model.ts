// The winnings drawer's model, as its model test walks it (test/model/winnings-drawer.model.test.tsx):
// its timings, the events a walk takes (the player's, the server's, time's), and the machine
// with calls that never answer (each path's events say how they end).
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ContactThread } from '../../../contract/contact';
import type { AccountActionsOutput } from '../../../machines/winnings/account-actions.machine';
import { createPrizeClaimActors } from '../../../machines/winnings/prize-claim.actors';
import {
  prizeClaimMachine,
  type PrizeClaimOutput,
} from '../../../machines/winnings/prize-claim.machine';
import {
  winningsDrawerMachine,
  type WinningsDrawerEvent,
} from '../../../machines/winnings/winnings-drawer.machine';
import {
  createWinningsActors,
  type CouponClaim,
  type Winnings,
} from '../../../machines/winnings/winnings.actors';
import { ApiFailure } from '../../../src/lib/api';
import { deviceViewport } from './device';
import { UNANSWERED_WINNINGS_API } from './winnings-fake-api';

export const OPEN_DELAY_ENDS = 'xstate.after.openDelay.winningsDrawer.panel.waiting';
export const SLIDE_DOWN_ENDS = 'xstate.after.animation.winningsDrawer.panel.opening';
export const SLIDE_UP_ENDS = 'xstate.after.animation.winningsDrawer.panel.closing';
export type TimeUp = typeof OPEN_DELAY_ENDS | typeof SLIDE_DOWN_ENDS | typeof SLIDE_UP_ENDS;

/** Spec section 9: the drawer opens 500 ms after the route, and slides for 500 ms. */
export const TAKES: Record<TimeUp, number> = {
  [OPEN_DELAY_ENDS]: 500,
  [SLIDE_DOWN_ENDS]: 500,
  [SLIDE_UP_ENDS]: 500,
};

/** The phone's screen: a sixth of it is 140.67 px. */
export const SCREEN_HEIGHT = deviceViewport().height;
export const SHORT_PULL = 140;
export const LONG_PULL = 141;

export type DrawerModelEvent =
  | { type: TimeUp }
  | WinningsDrawerEvent
  | { type: 'xstate.done.actor.loadWinnings'; output: Winnings }
  | { type: 'xstate.error.actor.loadWinnings'; error: unknown }
  | { type: 'xstate.done.actor.claimCoupon'; output: CouponClaim }
  | { type: 'xstate.error.actor.claimCoupon'; error: ApiFailure }
  | { type: 'xstate.done.actor.prizeClaim'; output: PrizeClaimOutput }
  | { type: 'xstate.done.actor.loadContactThreads'; output: ContactThread[] }
  | { type: 'xstate.error.actor.loadContactThreads'; error: ApiFailure }
  | { type: 'xstate.done.actor.markThreadRead'; output: undefined }
  | { type: 'xstate.error.actor.markThreadRead'; error: ApiFailure }
  | { type: 'xstate.done.actor.accountActions'; output: AccountActionsOutput };

// The model's calls never answer: each path's events say how they end. The model walks the
// drawer alone, with no flow above it to tell how the player left (the harness gives it one).
export const logic = winningsDrawerMachine.provide({
  actors: {
    ...createWinningsActors(UNANSWERED_WINNINGS_API),
    prizeClaim: prizeClaimMachine.provide({
      actors: createPrizeClaimActors(UNANSWERED_WINNINGS_API),
    }),
  },
  actions: { goHome: () => undefined, goToContactUs: () => undefined },
});
export type DrawerSnapshot = SnapshotFrom<typeof logic>;
export type DrawerActor = ActorRefFrom<typeof logic>;

export const LOAD_FAILURE = new ApiFailure(503, null);
