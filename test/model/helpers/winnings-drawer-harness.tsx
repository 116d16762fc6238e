// The running drawer of the winnings drawer's model test: the drawer as the session's child (a
// stand-in session that takes the account's answers and, as the root, emits the toasts the
// drawer asks for), its calls answered by a fake API, its view rendered; the harness hears the
// root as the app shell does (`root.on`), and carries out what it emits.
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import {
  assign,
  emit,
  sendParent,
  sendTo,
  setup,
  SimulatedClock,
  type AnyActorRef,
  type InspectionEvent,
} from 'xstate';
import type { AppEffect, ClearDeviceEffect } from '../../../machines/shared/effects';
import type { RootEffectEvent } from '../../../machines/shared/root';
import { createPrizeClaimActors } from '../../../machines/winnings/prize-claim.actors';
import { prizeClaimMachine } from '../../../machines/winnings/prize-claim.machine';
import { CONTACT_US_PATH } from '../../../machines/winnings/winnings-drawer.machine';
import { createWinningsActors } from '../../../machines/winnings/winnings.actors';
import { SessionContext } from '../../../src/lib/session-context';
import { WinningsDrawer } from '../../../src/features/winnings/WinningsDrawer';
import { dismissToast, showToast } from '../../../src/lib/toast';
import { CoverageRecorder } from './coverage';
import { CurrentApp } from './generated-walks';
import { renderUnderSession } from './session-stand-in';
import { logic, type DrawerActor } from './winnings-drawer-model';
import type { Walk } from './winnings-drawer-walks';
import { FakeWinningsApi } from './winnings-fake-api';

/** What the walks took of each chart: the drawer's, and its account actions'. */
export const coverage = new CoverageRecorder('winningsDrawer');
export const accountCoverage = new CoverageRecorder('accountActions');

export type Running = {
  walk: Walk;
  api: FakeWinningsApi;
  clock: SimulatedClock;
  user: ReturnType<typeof userEvent.setup>;
  drawer: DrawerActor | null;
  /** What the root emitted: the drawer's toasts, and where its ways out lead. */
  emitted: AppEffect[];
  /** What the session was asked. */
  heard: string[];
  /** The deletions the session could not carry out so far. */
  failedDeletions: number;
  /** The toasts the walk has caused so far, in order. */
  toasts: string[];
  /** The coupons selected so far (each logs gift_card_selected). */
  selections: number;
  unmount: () => void;
};

/** The drawer's ways out, which the winnings flow leads on from in the app. */
type WayOut = { type: 'drawer.closed' } | { type: 'drawer.contactUs' };

/**
 * The session as the drawer sees it: found as 'session' (the root), it takes the account's
 * answers, emits the effects it is asked for, and leads the drawer's ways out where the winnings
 * flow would (/home, Contact Us).
 */
function sessionStandIn(drawer: typeof logic, heard: string[]) {
  return setup({
    types: {
      context: {} as { loading: boolean },
      events: {} as
        | { type: 'session.logout' }
        | { type: 'session.deleteAccount' }
        | { type: 'test.deletionFails' }
        | RootEffectEvent
        | WayOut,
      emitted: {} as AppEffect,
    },
    actors: { winningsDrawer: drawer },
  }).createMachine({
    id: 'session',
    context: { loading: false },
    invoke: { id: 'winningsDrawer', src: 'winningsDrawer' },
    on: {
      // As the session does: busy while it signs the player out.
      'session.logout': {
        actions: [({ event }) => void heard.push(event.type), assign({ loading: true })],
      },
      'session.deleteAccount': {
        actions: [({ event }) => void heard.push(event.type), assign({ loading: true })],
      },
      // As the session does when the server refuses: idle again, and the drawer told so.
      'test.deletionFails': {
        actions: [
          assign({ loading: false }),
          sendTo('winningsDrawer', { type: 'account.deletionFailed' }),
        ],
      },
      'root.effect': { actions: emit(({ event }) => event.effect) },
      'drawer.closed': { actions: emit({ type: 'navigate', to: '/home' } as const) },
      'drawer.contactUs': { actions: emit({ type: 'navigate', to: CONTACT_US_PATH } as const) },
    },
  });
}

/** /winnings as the signed-in app shows it: the drawer, and what the root emits carried out. */
function DrawerScreen({ heard }: { heard: (effect: AppEffect) => void }) {
  const root = SessionContext.useActorRef();
  const [, navigate] = useLocation();
  // A layout effect: listening before the root starts, so no effect of its first steps is lost.
  useLayoutEffect(() => {
    const listening = root.on('*', (effect: AppEffect | ClearDeviceEffect) => {
      if (effect.type === 'device.clear') return;
      heard(effect);
      if (effect.type === 'navigate') navigate(effect.to);
      else if (effect.type === 'toast') showToast(effect);
      else dismissToast(effect.key);
    });
    return () => listening.unsubscribe();
  }, [root, navigate, heard]);
  const drawer = SessionContext.useSelector(
    (snapshot) =>
      (snapshot.children as Record<string, DrawerActor | undefined>).winningsDrawer ?? null,
  );
  return drawer ? <WinningsDrawer actor={drawer} /> : <></>;
}

export function open(walk: Walk): Running {
  const api = new FakeWinningsApi();
  api.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  const running: Running = {
    walk,
    api,
    clock: new SimulatedClock(),
    user: userEvent.setup(),
    drawer: null,
    emitted: [],
    heard: [],
    failedDeletions: 0,
    toasts: [],
    selections: 0,
    unmount: () => undefined,
  };
  const drawer = logic.provide({
    actors: {
      ...createWinningsActors(api),
      prizeClaim: prizeClaimMachine.provide({ actors: createPrizeClaimActors(api) }),
    },
    // As the drawer has it in the app: it tells its parent it closed or Contact Us was asked.
    actions: {
      goHome: sendParent({ type: 'drawer.closed' } satisfies WayOut),
      goToContactUs: sendParent({ type: 'drawer.contactUs' } satisfies WayOut),
    },
  });
  const inspect = (event: InspectionEvent) => {
    coverage.inspect(event);
    accountCoverage.inspect(event);
    const ref = event.actorRef as AnyActorRef;
    if (event.type === '@xstate.actor' && ref.id === 'winningsDrawer') {
      running.drawer = ref as DrawerActor;
    }
  };
  window.history.replaceState(null, '', '/winnings');
  running.unmount = renderUnderSession(
    sessionStandIn(drawer, running.heard),
    { clock: running.clock, inspect },
    <DrawerScreen heard={(effect) => void running.emitted.push(effect)} />,
  );
  return running;
}

export const current = new CurrentApp<Running>('The drawer is not running.');
export const app = current.get;
export const drawerActor = current.part(({ drawer }) => drawer, 'The drawer has not started.');
/** The account actions, while they ask. */
export const accountActions = () => drawerActor().getSnapshot().children.accountActions;
