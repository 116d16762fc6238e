// Generated paths through the draw cycle, each walked in the real signed-in app: the player's
// presses and window focus, the live channel's broadcasts, the clock, and the network's
// answers drive the running draw, and every state is checked against what the player sees.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type AnyActorRef, type InspectionEvent } from 'xstate';
import { TestModel, type Step } from 'xstate/graph';
import type { DrawCycleInput } from '../../machines/draw-cycle/draw-cycle.machine';
import { formatCountdown } from '../../machines/draw-cycle/draw-cycle.selectors';
import {
  goTo,
  idleDrawApi,
  renderApp,
  screenLoaded,
  settle,
  storeSignedInSession,
  tabBar,
} from './helpers/app-harness';
import { statesWithoutView } from './helpers/view-check';
import { CoverageRecorder, chartOf } from './helpers/coverage';
import {
  drawModelEvents,
  drawStateMatcher,
  GRAND_PRIZE_OVERLAY_EVENT,
  MODEL_INPUT,
  modelDrawCycleMachine,
  planDrawPaths,
  serializeDrawState,
  walkedDrawCycleMachine,
  type DrawModelEvent,
  type DrawModelEventType,
  type DrawSnapshot,
} from './helpers/draw-cycle-model';
import { FakeDrawApi, GRAND_PRIZE, type DrawCallName } from './helpers/draw-fake-api';

const T0 = Date.parse('2025-04-16T12:00:00.000Z');

const model = new TestModel<DrawSnapshot, DrawModelEvent, DrawCycleInput>(
  walkedDrawCycleMachine as never,
  {
    input: MODEL_INPUT,
    events: drawModelEvents,
    serializeState: serializeDrawState,
    stateMatcher: drawStateMatcher,
  },
);

const paths = planDrawPaths(model, walkedDrawCycleMachine, new Set());
const coverage = new CoverageRecorder('drawCycle');

/** The running draw-cycle actor of the app, as inspection hands it over. */
type DrawRef = { getSnapshot: () => DrawSnapshot };
type Harness = ReturnType<typeof renderApp> & { clock: SimulatedClock; draw: () => DrawRef };
let app: Harness | null = null;
const current = (): Harness => {
  if (!app) throw new Error('The app is not rendered yet');
  return app;
};
const path = () => window.location.pathname;

// ---- gestures and answers ------------------------------------------------------------------

type Executor = (step: Step<DrawSnapshot, DrawModelEvent>) => Promise<void>;

const CALLS: Record<string, DrawCallName> = {
  enterDraw: 'enterDraw',
  fetchTimer: 'timer',
  fetchGrandPrizes: 'grandPrizes',
  fetchRewards: 'rewards',
};

/** The network answers the waiting call as the step's event says. */
async function answer({ event }: Step<DrawSnapshot, DrawModelEvent>): Promise<void> {
  const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  const call = CALLS[id];
  if (!call) throw new Error(`No call behind ${event.type}`);
  const { drawApi } = current();
  await waitFor(() => expect(drawApi.isWaiting(call)).toBe(true));
  await act(async () => {
    if ('error' in event) drawApi.reject(call, event.error);
    else if (call === 'timer') drawApi.resolve(call, (event as { output: unknown }).output);
    else drawApi.resolve(call, { data: (event as { output: unknown }).output });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function advance(ms: number): Promise<void> {
  await act(async () => {
    current().clock.increment(ms);
    await Promise.resolve();
  });
}

const executors = {
  'xstate.init': async () => {
    storeSignedInSession({ isFirstTimeUser: false, isFirstQuestionnaire: false });
    const clock = new SimulatedClock();
    clock.set(T0);
    let root: DrawRef | null = null;
    const harness = renderApp({
      path: '/home',
      drawClock: clock,
      drawApi: new FakeDrawApi(),
      drawInspect: (event: InspectionEvent) => {
        if ((event.actorRef as AnyActorRef).id === 'drawCycle') root = event.actorRef;
        coverage.inspect(event);
      },
    });
    app = {
      ...harness,
      clock,
      draw: () => {
        if (!root) throw new Error('The draw cycle has not started');
        return root;
      },
    };
    // The signed-in app is a chunk of its own: wait until it is on screen.
    await screenLoaded();
  },
  'draw.press': async () => {
    expect(path()).toBe('/home');
    await userEvent.click(screen.getByRole('button', { name: /Enter To Win/ }));
    await waitFor(() => expect(path()).toBe('/youve-entered'));
    expect(window.localStorage.getItem('hasClickedButton')).toBe('true');
  },
  'window.focused': async () => {
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await Promise.resolve();
    });
  },
  'cable.refetch': async () => {
    await act(async () => {
      current().cable.broadcastRefetch();
      await Promise.resolve();
    });
  },
  // The clock moves on to the moment the countdown runs out.
  'countdown.tick': async () => {
    const { clock, draw } = current();
    const left = draw().getSnapshot().context.timeLeft;
    await act(async () => {
      clock.set(clock.now() + left * 1000);
      await Promise.resolve();
    });
  },
  'route.opened': async ({ event }) => {
    if (event.type !== 'route.opened') return;
    await goTo(event.path);
    // /rewards and /what-i-like come with their screens; until then they lead to /home.
    const next = ['/rewards', '/what-i-like'].includes(event.path) ? '/home' : event.path;
    await waitFor(() => expect(path()).toBe(next));
  },
  // 'You're Entered To Win' for 1.5 s, then the rewards check (its own walk is below).
  'xstate.done.actor.youveEntered': async ({ event }) => {
    await advance(1499);
    expect(current().drawApi.isWaiting('rewards')).toBe(false);
    await advance(1);
    const { rewards } = (event as { output: { rewards: unknown[] } }).output;
    const { drawApi } = current();
    await waitFor(() => expect(drawApi.isWaiting('rewards')).toBe(true));
    await act(async () => {
      drawApi.resolve('rewards', { data: rewards });
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    // /rewards and /what-i-like come with their screens; until then they lead to /home.
    await waitFor(() => expect(path()).toBe('/home'));
  },
  'xstate.done.actor.enterDraw': answer,
  'xstate.error.actor.enterDraw': async (step) => {
    await answer(step);
    expect(await screen.findByText('The draw is closed')).toBeDefined();
  },
  'xstate.done.actor.fetchTimer': answer,
  'xstate.error.actor.fetchTimer': answer,
  'xstate.done.actor.fetchGrandPrizes': answer,
  'xstate.error.actor.fetchGrandPrizes': answer,
  [GRAND_PRIZE_OVERLAY_EVENT]: async () => {
    await advance(2999);
    expect(screen.getByRole('dialog', { name: 'YOU WON!' })).toBeDefined();
    await advance(1);
    await waitFor(() =>
      expect(window.localStorage.getItem('user-storage')).toContain(
        '"grandPrizeHasBeenShown":true',
      ),
    );
  },
} satisfies Record<DrawModelEventType, Executor>;

/** Waits until the running draw is where the model says the step leads. */
async function arrive(step: Step<DrawSnapshot, DrawModelEvent>): Promise<void> {
  await waitFor(() => {
    expect(serializeDrawState(current().draw().getSnapshot())).toBe(serializeDrawState(step.state));
  });
}

const syncedExecutors = Object.fromEntries(
  Object.entries(executors).map(([type, execute]) => [
    type,
    async (step: Step<DrawSnapshot, DrawModelEvent>) => {
      await execute(step);
      await arrive(step);
    },
  ]),
);

// ---- what the player sees -----------------------------------------------------------------

function expectHome(snapshot: DrawSnapshot): void {
  expect(path()).toBe('/home');
  if (snapshot.context.canEnterDraw) {
    const button = screen.getByRole('button', { name: /Enter To Win/ });
    expect(within(button).getByText('$500')).toBeDefined();
    expect(screen.queryByText('Enter The Next Drawing In:')).toBeNull();
    // The bar stays off /home while the player may enter.
    expect(tabBar()).toBeNull();
  } else {
    expect(screen.queryByRole('button', { name: /Enter To Win/ })).toBeNull();
    expect(screen.getByText("You're Entered To Win $500.")).toBeDefined();
    expect(screen.getByText('Enter The Next Drawing In:')).toBeDefined();
    const left = current().draw().getSnapshot().context.timeLeft;
    expect(screen.getByRole('timer').textContent).toBe(formatCountdown(left));
    expect(tabBar()).not.toBeNull();
  }
}

function expectYouveEntered(): void {
  expect(path()).toBe('/youve-entered');
  expect(screen.getByRole('heading', { name: "You're Entered To Win" })).toBeDefined();
  expect(tabBar()).toBeNull();
}

const states: Record<string, (snapshot: DrawSnapshot) => void> = {
  'screen.home': expectHome,
  'screen.youveEntered': expectYouveEntered,
  // No screens yet: they lead on to /home.
  'screen.rewards': expectHome,
  'screen.whatILike': expectHome,
  'screen.elsewhere': () => {
    expect(path()).toBe('/wallet');
    expect(screen.queryByRole('dialog', { name: 'YOU WON!' })).toBeNull();
  },
  'grandPrize.showing': () => {
    const overlay = screen.getByRole('dialog', { name: 'YOU WON!' });
    expect(within(overlay).getByText('$500')).toBeDefined();
  },
  'grandPrize.idle': () => {
    expect(screen.queryByRole('dialog', { name: 'YOU WON!' })).toBeNull();
  },
  'grandPrize.fetching': () => {
    expect(current().drawApi.isWaiting('grandPrizes')).toBe(true);
  },
  'entry.idle': () => {
    // No entry is on its way: a press now would make one.
    expect(current().drawApi.isWaiting('enterDraw')).toBe(false);
  },
  'entry.entering': () => {
    expect(current().drawApi.isWaiting('enterDraw')).toBe(true);
  },
  'timer.fetching': () => {
    expect(current().drawApi.isWaiting('timer')).toBe(true);
  },
  'timer.idle': () => {
    expect(current().drawApi.isWaiting('timer')).toBe(false);
  },
};

// ---- the walk -------------------------------------------------------------------------------

describe('draw cycle, generated paths through the signed-in app', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, drawPath) => {
    try {
      await model.testPath(drawPath, { events: syncedExecutors, states });
    } finally {
      app?.view.unmount();
      app = null;
    }
  });
});

describe("draw cycle, 'YOU WON!' only on /home, once per prize", () => {
  const secondWin = {
    ...GRAND_PRIZE,
    id: 'gp-2',
    draw_id: 12,
    additional_info: { prize_amount: 750 },
  };
  const dialog = () => screen.queryByRole('dialog', { name: 'YOU WON!' });

  /** Opens the app at `path`; a reload keeps what the device holds. */
  async function openApp(path: string, prizes: (typeof GRAND_PRIZE)[], reload = false) {
    if (!reload) storeSignedInSession({ isFirstTimeUser: false, isFirstQuestionnaire: false });
    const clock = new SimulatedClock();
    clock.set(T0);
    const drawApi = idleDrawApi();
    drawApi.answerAlways('grandPrizes', () => Promise.resolve({ data: prizes }));
    const harness = renderApp({ path, drawClock: clock, drawApi, drawInspect: coverage.inspect });
    await screenLoaded();
    await settle();
    const pass = (ms: number) =>
      act(async () => {
        clock.increment(ms);
        await Promise.resolve();
      });
    return { ...harness, clock, pass };
  }

  it('waits for /home, never shows on another screen, and leaving ends it for good', async () => {
    const app = await openApp('/rules', [GRAND_PRIZE]);
    try {
      expect(app.drawApi.count('grandPrizes')).toBe(1);
      await app.pass(5000);
      expect(dialog()).toBeNull();
      await goTo('/home');
      const shownAtHome = await screen.findByRole('dialog', { name: 'YOU WON!' });
      expect(within(shownAtHome).getByText('$500')).toBeDefined();
      // Announced as it shows: a reload now would not bring it back.
      expect(window.localStorage.getItem('user-storage')).toContain(
        '"announcedGrandPrizeDrawIds":[11]',
      );
      // The player leaves within the 3 s: the view goes with /home, and does not follow.
      await app.pass(1000);
      await goTo('/wallet');
      expect(dialog()).toBeNull();
      await goTo('/home');
      await app.pass(5000);
      expect(dialog()).toBeNull();
      // A reload, and the next draw closing: the same win is not announced twice ...
    } finally {
      app.view.unmount();
    }
    const reloaded = await openApp('/home', [GRAND_PRIZE], true);
    try {
      expect(dialog()).toBeNull();
      // ... but a second win, of another draw, is.
      reloaded.drawApi.answerAlways('grandPrizes', () =>
        Promise.resolve({ data: [secondWin, GRAND_PRIZE] }),
      );
      await act(async () => {
        reloaded.cable.broadcastRefetch();
        await Promise.resolve();
      });
      const shown = await screen.findByRole('dialog', { name: 'YOU WON!' });
      expect(within(shown).getByText('$750')).toBeDefined();
      await reloaded.pass(3000);
      await waitFor(() => expect(dialog()).toBeNull());
      expect(window.localStorage.getItem('user-storage')).toContain(
        '"announcedGrandPrizeDrawIds":[11,12]',
      );
    } finally {
      reloaded.view.unmount();
    }
  });
});

describe('draw cycle, coverage of the walk', () => {
  it('asserts what the player sees in every state they can rest in', () => {
    expect(statesWithoutView(modelDrawCycleMachine, states)).toEqual([]);
  });

  it('walked every state and every transition of the chart in the app', ({ task }) => {
    coverage.report(task, modelDrawCycleMachine);
    const chart = chartOf(modelDrawCycleMachine);
    expect(chart.transitions.length).toBeGreaterThan(25);
    expect(coverage.missing(modelDrawCycleMachine)).toEqual({ states: [], transitions: [] });
  });
});
