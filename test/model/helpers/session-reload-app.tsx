// The whole app as the session's reload and Back walks run it (session.reload-back.test.tsx): a
// returning player whose entry is in today's draw (so /home shows the countdown and the tab
// bar), reopened as a reload does; the server's answers to Logout and the deletion, counted
// across reloads; and the gestures that sign the player out: Logout and Delete Account in the
// WINNINGS drawer's footer, 'Reset demo' there (the operator's DEMO_MODE is on), and a 401 from
// the server on the players screen's list.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { SimulatedClock, type AnyActorRef, type InspectionEvent } from 'xstate';
import {
  DRAW_STORAGE_KEY,
  INITIAL_PERSISTED_DRAW,
  serializePersistedDraw,
} from '../../../machines/draw-cycle/draw-cycle.persistence';
import type { ToastEffect } from '../../../machines/shared/effects';
import {
  DRAWER_ANIMATION_MS,
  DRAWER_OPEN_DELAY_MS,
} from '../../../machines/winnings/winnings-drawer.machine';
import { api, type ApiFailure } from '../../../src/lib/api';
import { settle } from '../../support/settle';
import {
  idleDrawApi,
  renderApp,
  screenLoaded,
  SERVER_CONFIG,
  storeSignedInSession,
  tabBar,
} from './app-harness';
import { TIMER_ENTERED } from './draw-fake-api';
import { reopenApp } from './reload-and-back';
import { FakeWinningsApi } from './winnings-fake-api';

/** What the server was asked to do, across reloads: each Logout, deletion and demo reset. */
export type SessionServer = { logouts: number; deletions: number; resets: number };

/** The operator's settings with DEMO_MODE on: the drawer offers 'Reset demo'. */
const DEMO_CONFIG = { ...SERVER_CONFIG, features: { ...SERVER_CONFIG.features, demo: true } };

/** The fake session API answers the demo's reset like its other calls (it waits, or is answered). */
function withDemoReset(rendered: ReturnType<typeof renderApp>): void {
  const sessionApi = rendered.sessionApi as unknown as {
    call(name: 'resetDemo'): Promise<unknown>;
    resetDemo?: () => Promise<unknown>;
  };
  sessionApi.resetDemo = () => sessionApi.call('resetDemo');
}

export type SessionApp = ReturnType<typeof renderApp> & {
  clock: SimulatedClock;
  user: ReturnType<typeof userEvent.setup>;
  /** The session (the root of the app's system). */
  root: () => AnyActorRef;
  toasts: string[];
  server: SessionServer;
  /** Started again by a reload. */
  reloaded: boolean;
  /** The signed-in calls made so far when the player was signed out (see `signedInCalls`). */
  callsWhenSignedOut: number | null;
};

/** The calls only a signed-in app makes (the draw, the wallet, the winnings). */
export const signedInCalls = (app: SessionApp) =>
  app.drawApi.calls.length + app.walletApi.calls.length + app.winningsApi.calls.length;

function start(server: SessionServer, reload: boolean): SessionApp {
  const clock = new SimulatedClock();
  let root: AnyActorRef | null = null;
  const toasts: string[] = [];
  const inspect = (event: InspectionEvent) => {
    const actor = event.actorRef as AnyActorRef;
    if (root || actor.sessionId !== event.rootId) return;
    root = actor;
    root.on('toast', (effect: ToastEffect) => void toasts.push(effect.message));
  };
  const options = {
    clock,
    inspect,
    drawApi: idleDrawApi(TIMER_ENTERED),
    winningsApi: new FakeWinningsApi().holding({}),
    config: DEMO_CONFIG,
  };
  const rendered = reload ? reopenApp(options) : renderApp({ path: '/home', ...options });
  withDemoReset(rendered);
  if (reload) {
    // Whatever a reload asks the server is counted: the walk answers nothing by hand any more.
    rendered.sessionApi.answerAlways('logout', () => {
      server.logouts += 1;
      return Promise.resolve({ message: 'ok' });
    });
    rendered.sessionApi.answerAlways('deleteAccount', () => {
      server.deletions += 1;
      return Promise.resolve({ message: 'ok' });
    });
    rendered.sessionApi.answerAlways('resetDemo', () => {
      server.resets += 1;
      return Promise.resolve({ starter_invite_code: 'NEWCODE2', draw_id: 2 });
    });
  }
  return {
    ...rendered,
    clock,
    user: userEvent.setup(),
    root: () => {
      if (!root) throw new Error('The session has not started');
      return root;
    },
    toasts,
    server,
    reloaded: reload,
    callsWhenSignedOut: reload ? 0 : null,
  };
}

/** The app at /home for a returning player signed in on this device. */
export async function openSignedIn(): Promise<SessionApp> {
  storeSignedInSession({ isFirstTimeUser: false, isFirstQuestionnaire: false });
  // Today's questions are done: /home counts down to the draw, with the tab bar.
  window.localStorage.setItem(
    DRAW_STORAGE_KEY,
    serializePersistedDraw({
      ...INITIAL_PERSISTED_DRAW,
      canEnterDraw: false,
      hasFinishedQuestionnaire: true,
    }),
  );
  const app = start({ logouts: 0, deletions: 0, resets: 0 }, false);
  await screenLoaded();
  return app;
}

/** The app stopped and started again as a reload does, from the device and the address. */
export async function reload(app: SessionApp): Promise<SessionApp> {
  app.view.unmount();
  const reloaded = start(app.server, true);
  await screenLoaded();
  return reloaded;
}

// ---- the gestures ------------------------------------------------------------------------------

/** A tab of the bar at the bottom. */
export async function tapTab(app: SessionApp, name: string): Promise<void> {
  const bar = await waitFor(() => {
    const shown = tabBar();
    if (!shown) throw new Error(`No tab bar to tap ${name} in`);
    return shown;
  });
  await app.user.click(within(bar).getByRole('link', { name }));
  await screenLoaded();
}

/** The WINNINGS drawer slides up as /winnings opens (its delays run on the app's clock). */
export async function slideUp(app: SessionApp): Promise<void> {
  await act(async () => {
    app.clock.increment(DRAWER_OPEN_DELAY_MS);
    app.clock.increment(DRAWER_ANIMATION_MS);
    await settle();
  });
}

/** WINNINGS from the tab bar, then Logout in the drawer's footer: 'Are you sure…?' asks. */
export async function askLogout(app: SessionApp): Promise<HTMLElement> {
  await tapTab(app, 'WINNINGS');
  await slideUp(app);
  const footer = await screen.findByRole('navigation', { name: 'Help and account' });
  await app.user.click(within(footer).getByRole('button', { name: 'Logout' }));
  return screen.getByRole('dialog', { name: 'Logout' });
}

const COUNTED = { logout: 'logouts', deleteAccount: 'deletions', resetDemo: 'resets' } as const;

/** The server answers the session's waiting call (Logout, the deletion, the reset), or fails it. */
export async function answerSession(
  app: SessionApp,
  call: 'logout' | 'deleteAccount' | 'resetDemo',
  failure: ApiFailure | null = null,
): Promise<void> {
  await waitFor(() => expect(app.sessionApi.isWaiting(call)).toBe(true));
  if (!failure) app.server[COUNTED[call]] += 1;
  await act(async () => {
    if (failure) app.sessionApi.reject(call, failure);
    else app.sessionApi.resolve(call, { message: 'ok' });
    await settle();
  });
  await screenLoaded();
}

/** Logout, confirmed; the server answers it (or fails: the player is signed out all the same). */
export async function logOut(app: SessionApp, failure: ApiFailure | null = null): Promise<void> {
  const question = await askLogout(app);
  await app.user.click(within(question).getByRole('button', { name: 'Logout' }));
  await answerSession(app, 'logout', failure);
  app.callsWhenSignedOut = signedInCalls(app);
}

/** Delete Account, asked once more and confirmed; the server deletes it (or fails to). */
export async function deleteAccount(
  app: SessionApp,
  failure: ApiFailure | null = null,
): Promise<void> {
  const question = await askLogout(app);
  await app.user.click(within(question).getByRole('button', { name: 'Delete Account' }));
  const again = screen.getByRole('dialog', { name: 'Delete Account' });
  await app.user.click(within(again).getByRole('button', { name: 'Delete my account' }));
  await answerSession(app, 'deleteAccount', failure);
  if (!failure) app.callsWhenSignedOut = signedInCalls(app);
}

/** 'Reset demo' at the bottom of the drawer, asked once more and confirmed; the server resets. */
export async function resetDemo(app: SessionApp, failure: ApiFailure | null = null): Promise<void> {
  await tapTab(app, 'WINNINGS');
  await slideUp(app);
  const footer = await screen.findByRole('navigation', { name: 'Help and account' });
  await app.user.click(within(footer).getByRole('button', { name: 'Reset demo' }));
  const question = screen.getByRole('dialog', { name: 'Reset demo' });
  await app.user.click(within(question).getByRole('button', { name: 'Reset demo' }));
  await answerSession(app, 'resetDemo', failure);
  if (!failure || failure.status === 401) app.callsWhenSignedOut = signedInCalls(app);
}

/**
 * The player opens the players screen from the tab bar, and the server answers its list with
 * 401 (the token is no longer good), through the app's own API client.
 */
export async function openPlayersUnauthorized(app: SessionApp): Promise<void> {
  app.playersApi.listInvites = () => api.listInvites();
  const unauthorized = JSON.stringify({
    errors: [{ status: '401', code: 'unauthorized', detail: 'Expired' }],
  });
  vi.stubGlobal('fetch', () =>
    Promise.resolve(
      new Response(unauthorized, {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    ),
  );
  try {
    await tapTab(app, 'Players');
    await waitFor(() => expect(window.localStorage.getItem('jwt')).toBeNull());
  } finally {
    vi.unstubAllGlobals();
  }
  await screenLoaded();
  app.callsWhenSignedOut = signedInCalls(app);
}
