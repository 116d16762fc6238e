// The session's resting states as its reload and Back walks name them, read off the session's
// model (helpers/session-model.ts), and what the player sees in each. The session's states name
// no screens of their own (the entry flow and the signed-in flows show them), so a state is
// told apart by where the player's sign-in rests (signed out, or signed in with the signed-in
// flows running) and by the step that brought it there: a Logout, a deletion, a 401.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { tabBar } from './app-harness';
import { expectDisclaimer } from './entry-gestures';
import { signedInCalls, type SessionApp } from './session-reload-app';
import {
  FRESH_DEVICE,
  SIGNED_IN_DEVICE,
  sessionModelFor,
  type SessionSnapshot,
} from './session-model';

/** Where the session rests: signed out, or signed in with its flows running; else null. */
function restsAt(snapshot: SessionSnapshot): 'signedOut' | 'signedIn' | null {
  if (snapshot.matches({ auth: 'signedOut' })) return 'signedOut';
  const settled = snapshot.matches({ auth: { signedIn: 'active' } });
  return settled && snapshot.context.areFlowsRunning ? 'signedIn' : null;
}

/**
 * The session told apart by its sign-in alone (where it is, the signed-in flows running, a call
 * under way): the flags the screens show are left out, so the graph stays small.
 */
const serializeSignIn = (snapshot: SessionSnapshot) =>
  JSON.stringify({
    auth: (snapshot.value as { auth: unknown }).auth,
    flows: snapshot.context.areFlowsRunning,
  });

type Edge = { event: { type: string }; state: SessionSnapshot };
type Vertex = { state: SessionSnapshot; transitions: Record<string, Edge> };

/**
 * Every resting state of the session's model from a fresh device and from a signed-in one, as
 * `<where it rests> after <the event that brought it there>` ('xstate.init': as the app opens).
 */
export function restingSessionStates(): string[] {
  const names = new Set<string>();
  for (const device of [FRESH_DEVICE, SIGNED_IN_DEVICE]) {
    const model = sessionModelFor(device, serializeSignIn);
    const states = Object.values(model.getAdjacencyMap() as Record<string, Vertex>);
    const first = states[0]?.state;
    if (first && restsAt(first)) names.add(`${restsAt(first)} after xstate.init`);
    for (const { state: from, transitions } of states) {
      for (const { event, state: to } of Object.values(transitions)) {
        const rest = restsAt(to);
        if (rest && restsAt(from) !== rest) names.add(`${rest} after ${event.type}`);
      }
    }
  }
  return [...names].sort();
}

/** The session of the running app. */
const session = (app: SessionApp) => app.root().getSnapshot() as SessionSnapshot;

/** The toasts the app showed: `walked` on the walk's app, none again once reloaded. */
export function expectToasts(app: SessionApp, walked: string[]): void {
  expect(app.toasts).toEqual(app.reloaded ? [] : walked);
}

/** Signed in at `path`, with the token kept and the tab bar there. */
export function expectSignedIn(app: SessionApp, path: string): void {
  expect(window.location.pathname).toBe(path);
  expect(session(app).matches({ auth: { signedIn: 'active' } })).toBe(true);
  expect(window.localStorage.getItem('jwt')).not.toBeNull();
  expect(tabBar()).not.toBeNull();
}

/** The countdown to today's draw on /home (the player's questions are done). */
export function expectHomeCountdown(app: SessionApp): void {
  expectSignedIn(app, '/home');
  screen.getByRole('timer');
  expect(screen.queryByRole('button', { name: /Enter To Win/ })).toBeNull();
}

/**
 * Signed out, on this device for good: nothing kept that signs the player in, no signed-in
 * screen, and no signed-in call made since (the draw, the wallet, the winnings).
 */
export function expectSignedOut(app: SessionApp): void {
  expect(session(app).matches({ auth: 'signedOut' })).toBe(true);
  expect(window.localStorage.getItem('jwt')).toBeNull();
  expect(window.localStorage.getItem('user-storage') ?? '').not.toContain('"isAuthenticated":true');
  expect(tabBar()).toBeNull();
  expect(screen.queryByRole('timer')).toBeNull();
  expect(screen.queryByRole('button', { name: /Enter To Win/ })).toBeNull();
  const flows = Object.keys(session(app).children);
  expect(flows.filter((id) => ['drawCycle', 'players', 'wallet', 'winnings'].includes(id))).toEqual(
    [],
  );
  expect(signedInCalls(app) - (app.callsWhenSignedOut ?? 0)).toBe(0);
}

/** The disclaimer, signed out; after a deletion it says so, until the app is reloaded. */
export function expectDisclaimerSignedOut(app: SessionApp, { deleted }: { deleted: boolean }) {
  expectSignedOut(app);
  expect(window.location.pathname).toBe('/disclaimer');
  expectDisclaimer(false);
  // The note lives in no storage: a reload forgets it (the account stays deleted).
  const note = screen.queryByRole('status');
  expect(note?.textContent ?? null).toBe(
    deleted && !app.reloaded ? 'Your account was deleted' : null,
  );
}

/** The drawer at /winnings, its footer offering Logout again. */
export function expectDrawer(): void {
  const footer = screen.getByRole('navigation', { name: 'Help and account' });
  within(footer).getByRole('button', { name: 'Logout' });
}
