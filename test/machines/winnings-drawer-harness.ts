// The winnings drawer as its machine tests run it: a child of the session (here a stand-in with
// the systemId 'session' that records what it hears, the toasts the drawer asks the root for
// among them), on a simulated clock, its calls answered by a fake API; and the fixtures they share.
import { createActor, setup, SimulatedClock, type ActorRefFrom, type AnyEventObject } from 'xstate';
import type { GrandPrize, Reward } from '../../contract/api';
import type { ContactThread } from '../../contract/contact';
import type { ReferralBonus } from '../../contract/winnings';
import type { AppEffect } from '../../machines/shared/effects';
import type { RootEffectEvent } from '../../machines/shared/root';
import type { AccountActionsEvent } from '../../machines/winnings/account-actions.machine';
import { createPrizeClaimActors } from '../../machines/winnings/prize-claim.actors';
import { prizeClaimMachine } from '../../machines/winnings/prize-claim.machine';
import {
  DRAWER_ANIMATION_MS,
  DRAWER_OPEN_DELAY_MS,
  winningsDrawerMachine,
  type WinningsDrawerEvent,
} from '../../machines/winnings/winnings-drawer.machine';
import { createWinningsActors } from '../../machines/winnings/winnings.actors';
import { selectAccountActions } from '../../machines/winnings/winnings.selectors';
import {
  bonusOf,
  couponOf,
  FakeWinningsApi,
  grandPrizeOf,
} from '../model/helpers/winnings-fake-api';
import { settle } from '../support/settle';

export const PIZZA_5 = couponOf('c-pizza-5', 'Game Day Pizza', 5);
export const BASS_25 = couponOf('c-bass-25', 'Bass Pro Shops', 25);
export const PIZZA_10 = couponOf('c-pizza-10', 'Game Day Pizza', 10);
export const PRIZE = grandPrizeOf('p-500', 500);
export const BONUS = bonusOf('b-100', 100);
export const COUPON_CODE = 'Your code: PIZZA-5-OFF';

export type Held = {
  coupons?: Reward[];
  grandPrizes?: GrandPrize[];
  bonuses?: ReferralBonus[];
  threads?: ContactThread[];
};

export const drawerLogic = (api: FakeWinningsApi) =>
  winningsDrawerMachine.provide({
    actors: {
      ...createWinningsActors(api),
      prizeClaim: prizeClaimMachine.provide({ actors: createPrizeClaimActors(api) }),
    },
  });

/**
 * The drawer as the session's child. `holding` answers the list calls at once (and takes the
 * clicks); without it the list waits for the test.
 */
export function start(holding?: Held) {
  const api = new FakeWinningsApi();
  api.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  if (holding) api.holding(holding);
  const clock = new SimulatedClock();
  const logic = drawerLogic(api);
  // The session only listens here: the drawer asks it to log out or delete the account, and has
  // it (the root) show the drawer's toasts.
  const toSession: AnyEventObject[] = [];
  const session = createActor(
    setup({ actors: { winningsDrawer: logic } }).createMachine({
      invoke: { id: 'winningsDrawer', src: 'winningsDrawer' },
      on: { '*': { actions: ({ event }) => void toSession.push(event) } },
    }),
    { systemId: 'session', clock },
  );
  session.start();
  const actor = session.getSnapshot().children.winningsDrawer as ActorRefFrom<typeof logic>;
  const emitted: AppEffect[] = [];
  actor.on('*', (effect) => void emitted.push(effect));
  const snapshot = () => actor.getSnapshot();
  const send = (event: WinningsDrawerEvent) => actor.send(event);
  /** The player answers the account actions' question (nothing, when none is asked). */
  const answer = (event: AccountActionsEvent) => selectAccountActions(snapshot())?.send(event);
  const toasts = () =>
    toSession.flatMap((e) => {
      const { effect } = e as RootEffectEvent;
      return e.type === 'root.effect' && effect.type === 'toast'
        ? [{ message: effect.message, variant: effect.variant }]
        : [];
    });
  /** What the drawer told its flow as the player left it: closed, or Contact Us asked. */
  const waysOut = () =>
    toSession.flatMap((e) =>
      e.type === 'drawer.closed' || e.type === 'drawer.contactUs' ? [e.type] : [],
    );
  const clicks = () =>
    api.callsOf('click').map((body) => (body as { click: { event_name: string } }).click);
  const heard = () => toSession.filter((e) => e.type.startsWith('session.')).map((e) => e.type);
  /** The drawer slides down: 500 ms wait, 500 ms slide (one timer per step of the clock). */
  const openFully = () => {
    clock.increment(DRAWER_OPEN_DELAY_MS);
    clock.increment(DRAWER_ANIMATION_MS);
  };
  return {
    api,
    clock,
    actor,
    snapshot,
    send,
    answer,
    toasts,
    waysOut,
    clicks,
    heard,
    openFully,
  };
}

/** The drawer down with its list loaded. */
export async function openWith(holding: Held) {
  const drawer = start(holding);
  await settle();
  drawer.openFully();
  return drawer;
}
