// The signed-in app for the winnings flow's reload and Back walks (winnings, winnings-drawer and
// prize-claim .reload-back.test.tsx): opened at /home with the server of
// winnings-reload-server.ts behind it, the actors the walks' gestures reach (the flow, the
// drawer, the prize claim) found as they start, what the session was asked, and the same app
// reloaded (reopenApp) with every list answered at once from what the server holds.
import { act, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import { SimulatedClock, type AnyActorRef, type InspectionEvent } from 'xstate';
import {
  DRAWER_ANIMATION_MS,
  DRAWER_OPEN_DELAY_MS,
} from '../../../machines/winnings/winnings-drawer.machine';
import { settle } from '../../support/settle';
import {
  idleDrawApi,
  renderApp,
  screenLoaded,
  storeSignedInSession,
  type RenderAppOptions,
} from './app-harness';
import type { CurrentApp } from './generated-walks';
import { reopenApp } from './reload-and-back';
import {
  ServerWinningsApi,
  type Call,
  type WinningsCall,
  type WinningsServer,
} from './winnings-reload-server';

/** The actors of the winnings flow the walks drive, by id: the newest of each. */
type ActorId = 'winnings' | 'winningsDrawer' | 'prizeClaim';
const ACTOR_IDS: readonly string[] = ['winnings', 'winningsDrawer', 'prizeClaim'];
/** What the drawer asks of the session (its account actions). */
const SESSION_ASKS: readonly string[] = ['session.logout', 'session.deleteAccount'];

export type WinningsApp = {
  reloaded: boolean;
  server: WinningsServer;
  api: ServerWinningsApi;
  sessionApi: ReturnType<typeof renderApp>['sessionApi'];
  cable: ReturnType<typeof renderApp>['cable'];
  view: ReturnType<typeof renderApp>['view'];
  clock: SimulatedClock;
  user: ReturnType<typeof userEvent.setup>;
  actors: Partial<Record<ActorId, AnyActorRef>>;
  /** What the session was asked by the drawer, in order. */
  heard: string[];
};

/**
 * The app at /home (or where a reload finds it), the server answering `served` at once and the
 * walk the rest. The draw finds the player's grand prizes on the server.
 */
async function start(
  server: WinningsServer,
  reloaded: boolean,
  served?: readonly WinningsCall[],
): Promise<WinningsApp> {
  const clock = new SimulatedClock();
  const api = new ServerWinningsApi(server).serve(served);
  const drawApi = idleDrawApi();
  drawApi.answerAlways('grandPrizes', server.drawPrizes);
  const actors: WinningsApp['actors'] = {};
  const heard: string[] = [];
  const inspect = (event: InspectionEvent) => {
    const ref = event.actorRef as AnyActorRef;
    if (event.type === '@xstate.actor' && ACTOR_IDS.includes(ref.id)) {
      actors[ref.id as ActorId] = ref;
    }
    if (event.type === '@xstate.event' && SESSION_ASKS.includes(event.event.type)) {
      heard.push(event.event.type);
    }
  };
  const options: Omit<RenderAppOptions, 'path'> = { clock, winningsApi: api, drawApi, inspect };
  const app = reloaded ? reopenApp(options) : renderApp({ path: '/home', ...options });
  await screenLoaded();
  return {
    reloaded,
    server,
    api,
    sessionApi: app.sessionApi,
    cable: app.cable,
    view: app.view,
    clock,
    user: userEvent.setup(),
    actors,
    heard,
  };
}

/** A returning player signed in on the device, at /home; the walk answers all but `served`. */
export function openApp(server: WinningsServer, served: readonly WinningsCall[] = []) {
  storeSignedInSession({ isFirstTimeUser: false, isFirstQuestionnaire: false });
  return start(server, false, served);
}

/** The app stopped and started again as a reload does: the server answers every list at once. */
async function reloadApp(app: WinningsApp): Promise<WinningsApp> {
  app.server.endRun(app.api, app.sessionApi);
  app.view.unmount();
  return start(app.server, true);
}

/**
 * The app a walk runs, held where a model test's gestures and checks reach it (its harness's
 * `current`) as `running` makes it: `hold` the walked app; `reload` it (the reloaded app is held
 * then); `close` the one running.
 */
export function holding<TRunning>(
  current: CurrentApp<TRunning>,
  running: (app: WinningsApp) => TRunning,
) {
  let release = () => undefined as void;
  const hold = (app: WinningsApp): WinningsApp => {
    release = current.hold(running(app), () => undefined);
    return app;
  };
  return {
    hold,
    reload: async (app: WinningsApp) => hold(await reloadApp(app)),
    close: (app: WinningsApp) => {
      release();
      app.view.unmount();
    },
  };
}

/** The steps the player took that the server recorded, across reloads. */
export const stepsDone = (app: WinningsApp): Call[] =>
  app.server.stepsDone(app.api, app.sessionApi);

/** The actor `id` of the running app. */
export function actorOf(app: WinningsApp, id: ActorId): AnyActorRef {
  const actor = app.actors[id];
  if (!actor) throw new Error(`No ${id} has started in the app`);
  return actor;
}

/** The drawer's time passes: it waits 500 ms above the screen, then slides down in 500 ms. */
export const slideDown = (app: WinningsApp) =>
  act(async () => {
    app.clock.increment(DRAWER_OPEN_DELAY_MS);
    app.clock.increment(DRAWER_ANIMATION_MS);
    await settle();
  });

/**
 * After Back: the drawer, where Back lands on it, slides down and the app settles; nothing the
 * server records may be asked again (reload-and-back.tsx compares the steps done).
 */
export const afterBack = (_: unknown, app: WinningsApp) => slideDown(app);

/** /home: the black button, and 'Claim your $X prize' while a prize of `toClaim` dollars waits. */
export async function expectHome(app: WinningsApp, toClaim: number | null): Promise<void> {
  expect(window.location.pathname).toBe('/home');
  // 'YOU WON!' shows for its 3 s first, the one time the draw announces the prize.
  if (screen.queryByRole('dialog', { name: 'YOU WON!' })) {
    await act(async () => {
      app.clock.increment(3000);
      await settle();
    });
  }
  await screen.findByRole('button', { name: /Enter To Win/ });
  await waitFor(() =>
    expect(screen.queryByRole('link', { name: /^Claim your/ })?.textContent ?? null).toBe(
      toClaim === null ? null : `Claim your $${toClaim.toLocaleString('en-US')} prize`,
    ),
  );
}
