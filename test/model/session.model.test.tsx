// Generated paths through the session chart, each walked in the real app: the player's gestures
// where a screen exists, the network's answers through the fake API, the clock for retries.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { getNextSnapshot, SimulatedClock, type ActorLogic, type ActorRefLike } from 'xstate';
import { TestModel, type Step, type TestPath } from 'xstate/graph';
import {
  sessionMachine,
  TOAST_APP_UNAVAILABLE,
  TOAST_DEMO_RESET,
  TOAST_DEMO_RESET_FAILED,
  TOAST_UNAUTHORIZED,
  type SessionInput,
} from '../../machines/session/session.machine';
import { selectSettingsKnown } from '../../machines/session/session.selectors';
import { api, ApiFailure } from '../../src/lib/api';
import {
  goTo,
  renderApp,
  SERVER_CONFIG,
  settle,
  storeSignedInSession,
  tabBar,
} from './helpers/app-harness';
import { CoverageRecorder, transitionKey } from './helpers/coverage';
import { ENTRY } from './helpers/draw-fake-api';
import {
  FRESH_DEVICE,
  serializeSessionState,
  sessionModelEvents,
  sessionStateMatcher,
  SIGNED_IN_DEVICE,
  type SessionModelEvent,
  type SessionModelEventType,
  type SessionSnapshot,
} from './helpers/session-model';
import { settle as oneTurn } from '../support/settle';

const coverage = new CoverageRecorder();

type Harness = ReturnType<typeof renderApp> & {
  clock: SimulatedClock;
  session: () => ActorRefLike;
};
let app: Harness | null = null;
const current = (): Harness => {
  if (!app) throw new Error('The app is not rendered yet');
  return app;
};

function modelFor(input: SessionInput) {
  return new TestModel<SessionSnapshot, SessionModelEvent, SessionInput>(
    sessionMachine as unknown as ActorLogic<SessionSnapshot, SessionModelEvent, SessionInput>,
    {
      input,
      events: sessionModelEvents,
      serializeState: serializeSessionState,
      stateMatcher: sessionStateMatcher,
    },
  );
}

type SessionPath = TestPath<SessionSnapshot, SessionModelEvent>;

function describePath(events: SessionModelEvent[], end: SessionSnapshot): string {
  const steps = events.map((event) =>
    event.type === 'xstate.done.actor.entryFlow'
      ? `signed in (questionnaires_count ${event.output.questionnaires_count})`
      : 'instructions' in event
        ? `${event.type} (${event.instructions})`
        : 'allowed' in event
          ? `${event.type} (${String(event.allowed)})`
          : event.type,
  );
  return `reaches ${JSON.stringify(end.value)}: ${['start', ...steps].join(' → ')}`;
}

/** The transitions of the chart a path takes, step by step. */
function transitionsOf(path: SessionPath): string[] {
  return path.steps.flatMap((step, index) => {
    const before = path.steps[index - 1]?.state;
    return before
      ? sessionMachine.getTransitionData(before, step.event as never).map(transitionKey)
      : [];
  });
}

/**
 * Shortest paths reach every state but not every transition. For each transition no chosen path
 * takes yet, take the shortest path to a state where it is enabled, plus that event. `taken`
 * is shared between the models, so a reload adds only what a fresh device cannot reach.
 */
function coveringPaths(model: ReturnType<typeof modelFor>, taken: Set<string>): SessionPath[] {
  const toEachState = model
    .getShortestPaths({ allowDuplicatePaths: true })
    .sort((a, b) => a.steps.length - b.steps.length);
  const chosen: SessionPath[] = [];
  const initial = toEachState[0];
  // The first path also walks the start-up of the chart (its eventless resolving step).
  if (initial) chosen.push({ ...initial, description: describePath([], initial.state) });
  for (const path of toEachState) {
    for (const event of sessionModelEvents(path.state)) {
      const keys = sessionMachine.getTransitionData(path.state, event as never).map(transitionKey);
      if (keys.every((key) => taken.has(key))) continue;
      const next = getNextSnapshot(sessionMachine, path.state, event as never);
      const extended: SessionPath = {
        ...path,
        state: next,
        steps: [...path.steps, { state: next, event }],
        weight: path.weight + 1,
        description: describePath([...path.steps.slice(1).map((step) => step.event), event], next),
        test: (params) => model.testPath(extended, params),
      };
      chosen.push(extended);
      for (const key of transitionsOf(extended)) taken.add(key);
    }
  }
  return chosen;
}

const PHONE_NUMBER = '12025550123';
const CODE = '4821';

// The graph hands each executor its step with the event typed by its type only.
type Executor = (step: Step<SessionSnapshot, { type: string }>) => Promise<void> | void;
type EventOf<T extends SessionModelEventType> = Extract<SessionModelEvent, { type: T }>;

function executorsFor(device: SessionInput) {
  return {
    'xstate.init': async () => {
      if (device === SIGNED_IN_DEVICE) storeSignedInSession();
      const clock = new SimulatedClock();
      let root: ActorRefLike | null = null;
      const harness = renderApp({
        path: device === SIGNED_IN_DEVICE ? '/home' : '/',
        config: null,
        flowsByHand: true,
        clock,
        inspect: (event) => {
          if (event.actorRef.sessionId === event.rootId) root = event.actorRef;
          coverage.inspect(event);
        },
      });
      harness.entryApi.answerAlways('requestCode', () => Promise.resolve({ message: 'sent' }));
      // The demo's reset, a call the session makes only with DEMO_MODE: waits like the others.
      const sessionApi = harness.sessionApi as unknown as {
        call(name: 'resetDemo'): Promise<unknown>;
        resetDemo?: () => Promise<unknown>;
      };
      sessionApi.resetDemo = () => sessionApi.call('resetDemo');
      app = {
        ...harness,
        clock,
        session: () => {
          if (!root) throw new Error('The session actor has not started');
          return root;
        },
      };
      await settle();
    },
    'session.termsAccepted': async () => {
      await goTo('/disclaimer');
      await userEvent.click(await screen.findByRole('checkbox'));
      await userEvent.click(screen.getByRole('button', { name: 'SUBMIT' }));
      await waitFor(() => expect(window.location.pathname).toBe('/invite-code'));
    },
    'xstate.done.actor.entryFlow': async (step) => {
      const { output: login } = step.event as EventOf<'xstate.done.actor.entryFlow'>;
      current().entryApi.answerAlways('verifyCode', () => Promise.resolve(login));
      await goTo('/login', { phoneNumber: PHONE_NUMBER });
      const boxes = await screen.findAllByRole('textbox');
      await userEvent.click(boxes[0] as HTMLElement);
      await userEvent.keyboard(CODE);
      await waitFor(() => expect(window.location.pathname).toBe('/home'));
      expect(window.localStorage.getItem('jwt')).toBe(login.token);
    },
    // A call answered 401 while signed in, through the app's one API client.
    'session.unauthorized': async () => {
      const fetch = vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              errors: [{ status: '401', code: 'unauthorized', detail: 'Expired' }],
            }),
            { status: 401, headers: { 'content-type': 'application/json' } },
          ),
        ),
      );
      vi.stubGlobal('fetch', fetch);
      try {
        await act(async () => {
          await expect(api.listInvites()).rejects.toBeInstanceOf(ApiFailure);
        });
      } finally {
        vi.unstubAllGlobals();
      }
      expect(await screen.findByText('Please confirm your number again.')).toBeDefined();
      expect(window.localStorage.getItem('jwt')).toBeNull();
    },
    // The logout modal and the screens below come with later screens; until then the session
    // actor of the running app receives what they will send.
    'session.logout': () => sendToSession({ type: 'session.logout' }),
    'session.deleteAccount': () => sendToSession({ type: 'session.deleteAccount' }),
    // The drawer's 'Reset demo', once confirmed (its dialog is walked in test/e2e/demo.test.ts).
    'session.resetDemo': async () => {
      await sendToSession({ type: 'session.resetDemo' });
      expect(current().sessionApi.isWaiting('resetDemo')).toBe(true);
    },
    'session.grandPrizeShown': () => sendToSession({ type: 'session.grandPrizeShown', drawId: 11 }),
    // Passed on to the winnings flow, which keeps the prize for 'Claim your $500 prize'.
    'session.grandPrizesLoaded': async (step) => {
      await sendToSession(step.event as EventOf<'session.grandPrizesLoaded'>);
      type Winnings = { getSnapshot(): { context: { prizeToClaim: { id: string } | null } } };
      const snapshot = current().session().getSnapshot() as {
        children: { winnings?: Winnings };
      };
      expect(snapshot.children.winnings?.getSnapshot().context.prizeToClaim?.id).toBe('gp-1');
    },
    // The winnings flow handed the player to /home: the draw shows it there.
    'session.homeShown': async () => {
      await sendToSession({ type: 'session.homeShown' });
      type Draw = { getSnapshot(): { matches(value: { screen: 'home' }): boolean } };
      const snapshot = current().session().getSnapshot() as { children: { drawCycle?: Draw } };
      expect(snapshot.children.drawCycle?.getSnapshot().matches({ screen: 'home' })).toBe(true);
      await waitFor(() => expect(window.location.pathname).toBe('/home'));
    },
    'session.instructionsSeen': (step) =>
      sendToSession(step.event as EventOf<'session.instructionsSeen'>),
    'session.tabsAllowed': (step) => sendToSession(step.event as EventOf<'session.tabsAllowed'>),
    // A first-time player skips the questions on /what-i-like: the skip is recorded against an
    // entry, the wishlist coupon asked for, and the player is returning from then on.
    'session.questionnaireFinished': async () => {
      const { drawApi } = current();
      drawApi.answerAlways('enterDraw', () => Promise.resolve({ data: ENTRY }));
      drawApi.answerAlways('skipQuestionnaire', () => Promise.resolve({}));
      drawApi.answerAlways('wishlistCoupon', () => Promise.resolve({}));
      await goTo('/what-i-like');
      expect(
        await screen.findByText(/Your first answers also win you a random prize/),
      ).toBeDefined();
      await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
      await waitFor(() => expect(window.location.pathname).toBe('/home'));
      expect(drawApi.callsOf('skipQuestionnaire')).toEqual([{ draw_entry_id: ENTRY.id }]);
      expect(drawApi.count('wishlistCoupon')).toBe(1);
    },
    // Opening /players: the session passes the address on, and its players child shows the
    // screen (the codes load; the page says 'soon' while the operator's feature is off).
    'route.opened': async () => {
      await goTo('/players');
      expect(window.location.pathname).toBe('/players');
      await waitFor(() => {
        const snapshot = current().session().getSnapshot() as {
          children: Record<string, { getSnapshot: () => { value: unknown } } | undefined>;
        };
        const players = snapshot.children.players;
        expect(players?.getSnapshot().value).toEqual({ shown: 'ready' });
      });
    },
    'xstate.done.actor.logout': async () => {
      await answer(() => current().sessionApi.resolve('logout', { message: 'ok' }));
      await waitFor(() => expect(window.location.pathname).toBe('/disclaimer'));
      expect(window.localStorage.getItem('jwt')).toBeNull();
    },
    'xstate.error.actor.logout': async () => {
      await answer(() => current().sessionApi.reject('logout', new ApiFailure(500, null)));
      await waitFor(() => expect(window.location.pathname).toBe('/disclaimer'));
      expect(window.localStorage.getItem('jwt')).toBeNull();
    },
    'xstate.done.actor.deleteAccount': async () => {
      await answer(() => current().sessionApi.resolve('deleteAccount', { message: 'ok' }));
      await waitFor(() => expect(window.location.pathname).toBe('/disclaimer'));
      expect(window.localStorage.getItem('user-storage')).not.toContain('"isAuthenticated":true');
    },
    'xstate.error.actor.deleteAccount': async () => {
      await answer(() => current().sessionApi.reject('deleteAccount', new ApiFailure(500, null)));
      expect(await screen.findByText('Could not delete user account')).toBeDefined();
    },
    'xstate.done.actor.resetDemo': async () => {
      await answer(() =>
        current().sessionApi.resolve('resetDemo', { starter_invite_code: 'NEWCODE2', draw_id: 2 }),
      );
      await waitFor(() => expect(window.location.pathname).toBe('/disclaimer'));
      expect(await screen.findByText(TOAST_DEMO_RESET)).toBeDefined();
      expect(screen.getByText('Your account was deleted')).toBeDefined();
      expect(window.localStorage.getItem('jwt')).toBeNull();
    },
    'xstate.error.actor.resetDemo': async (step) => {
      const { error } = step.event as EventOf<'xstate.error.actor.resetDemo'>;
      await answer(() => current().sessionApi.reject('resetDemo', error));
      const unauthorized = (error as ApiFailure).status === 401;
      expect(
        await screen.findByText(unauthorized ? TOAST_UNAUTHORIZED : TOAST_DEMO_RESET_FAILED),
      ).toBeDefined();
      expect(window.localStorage.getItem('jwt') === null).toBe(unauthorized);
    },
    'xstate.done.actor.loadSignedInFlows': async () => {
      await answer(() => current().flows.resolve());
      await waitFor(() => expect(screen.queryByLabelText('Loading')).toBeNull());
    },
    'xstate.error.actor.loadSignedInFlows': async () => {
      await answer(() => current().flows.reject());
      expect(await screen.findByText(TOAST_APP_UNAVAILABLE)).toBeDefined();
    },
    'xstate.done.actor.loadAppConfig': async () => {
      await answer(() => current().sessionApi.resolve('appConfig', SERVER_CONFIG));
    },
    'xstate.error.actor.loadAppConfig': async () => {
      await answer(() => current().sessionApi.reject('appConfig', new ApiFailure(503, null)));
    },
    // What the machines tell the root: they report it themselves as the walk goes on.
    'root.effect': unreachable,
    'root.screen': unreachable,
    'root.keep': unreachable,
    'xstate.after.configRetry.session.config.waitingToRetry': async () => {
      await answer(() => current().clock.increment(30_000));
      await waitFor(() => expect(current().sessionApi.isWaiting('appConfig')).toBe(true));
    },
  } satisfies Record<SessionModelEventType, Executor>;
}

function unreachable(step: Step<SessionSnapshot, { type: string }>): never {
  throw new Error(`The walk never sends ${step.event.type}: the machines report it themselves`);
}

/** The network answers a pending call; the app settles on what follows. */
async function answer(respond: () => void): Promise<void> {
  await act(async () => {
    respond();
    await oneTurn();
  });
}

async function sendToSession(event: SessionModelEvent): Promise<void> {
  await answer(() => current().session().send(event));
}

/** The signed-in table is mounted: unknown paths go to /home, the black button shows. */
/**
 * Signed in before the draw and the players screen have loaded (or when they could not): the
 * loading screen, whatever the address.
 */
function isLoadingFlows(snapshot: SessionSnapshot): boolean {
  if (!snapshot.matches({ auth: 'signedIn' }) || snapshot.context.areFlowsRunning) return false;
  expect(screen.getByLabelText('Loading')).toBeDefined();
  expect(screen.queryByRole('button', { name: /Enter To Win/ })).toBeNull();
  return true;
}

async function expectSignedInApp(snapshot: SessionSnapshot): Promise<void> {
  if (isLoadingFlows(snapshot)) return;
  await goTo('/nowhere');
  await waitFor(() => expect(window.location.pathname).toBe('/home'));
  const button = await screen.findByRole('button', { name: /Enter To Win/ });
  expect(within(button).getByText('$500')).toBeDefined();
  expect(screen.queryByText('Welcome to BLACK BUTTON') !== null).toBe(
    snapshot.context.isFirstTimeUser,
  );
  // Off the home screen the tab bar shows unless a screen hid it, a call is running, or the
  // settings are not known yet (a tab coming later would move the others).
  await goTo('/players-tutorial');
  const expectTabs =
    snapshot.context.canSeeTabs && !snapshot.context.loading && selectSettingsKnown(snapshot);
  await waitFor(() => expect(tabBar() !== null).toBe(expectTabs));
  await goTo('/home');
}

const assertions: Record<string, (snapshot: SessionSnapshot) => Promise<void>> = {
  'auth.signedOut': async (snapshot) => {
    await goTo('/nowhere');
    // The signed-out table sends unknown paths to /, whose disclaimer moves on once accepted.
    const start = snapshot.context.hasAcceptedTerms ? '/invite-code' : '/';
    await waitFor(() => expect(window.location.pathname).toBe(start));
    expect(screen.queryByRole('button', { name: /Enter To Win/ })).toBeNull();
    expect(tabBar()).toBeNull();
  },
  'auth.signedIn.active': expectSignedInApp,
  'auth.signedIn.loggingOut': expectSignedInApp,
  'auth.signedIn.deletingAccount': expectSignedInApp,
  'auth.signedIn.resettingDemo': expectSignedInApp,
  'config.loaded': async (snapshot) => {
    if (isLoadingFlows(snapshot)) return;
    await goTo('/rules');
    expect((await screen.findAllByText(/Acme Draws, Inc\./)).length).toBeGreaterThan(0);
  },
  'config.loading': expectFallbackOperator,
  'config.waitingToRetry': expectFallbackOperator,
  'config.unavailable': expectFallbackOperator,
};

async function expectFallbackOperator(snapshot: SessionSnapshot): Promise<void> {
  if (isLoadingFlows(snapshot)) return;
  await goTo('/rules');
  expect((await screen.findAllByText(/Black Button, Inc\./)).length).toBeGreaterThan(0);
  expect(screen.queryByText(/Acme Draws/)).toBeNull();
}

const taken = new Set<string>();
for (const [name, device] of [
  ['a fresh device', FRESH_DEVICE],
  ['a reload of a signed-in player', SIGNED_IN_DEVICE],
] as const) {
  describe(`session paths from ${name}`, () => {
    const model = modelFor(device);
    const executors = executorsFor(device);
    for (const path of coveringPaths(model, taken)) {
      it(path.description, async () => {
        try {
          await path.test({ events: executors, states: assertions });
        } finally {
          app?.view.unmount();
          app = null;
        }
      });
    }
  });
}

describe('session: what the machines report to their root', () => {
  it('keeps the invite code the entry flow accepted, written by the one writer', async () => {
    const harness = renderApp({
      path: '/invite-code',
      config: null,
      flowsByHand: true,
      clock: new SimulatedClock(),
      inspect: (event) => coverage.inspect(event),
    });
    try {
      harness.entryApi.answerAlways('validateInvite', () => Promise.resolve({ valid: true }));
      await userEvent.type(await screen.findByLabelText('Invitation code'), 'FRIEND25');
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await waitFor(() => expect(window.location.pathname).toBe('/onboarding'));
      expect(window.localStorage.getItem('inviteCode')).toBe('FRIEND25');
    } finally {
      harness.view.unmount();
    }
  });
});

describe('session model coverage', () => {
  afterAll(() => {
    app = null;
  });

  it('walked every state and every transition of the session chart in the app', ({ task }) => {
    coverage.report(task, sessionMachine);
    const missing = coverage.missing(sessionMachine);
    expect(missing.states).toEqual([]);
    expect(missing.transitions).toEqual([]);
    expect(coverage.states.size).toBeGreaterThan(0);
  });
});
