// Generated paths through the draw cycle, each walked in the real signed-in app: the player's
// presses and window focus, the live channel's broadcasts, the clock, the network's answers and
// the questions flow (its reports and its end, each reached through the flow's screens) drive
// the running draw, and every state is checked against what the player sees.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type AnyActorRef, type InspectionEvent } from 'xstate';
import { TestModel, type Step } from 'xstate/graph';
import { NO_QUESTION_LEFT } from '../../contract/questionnaires';
import {
  REDIRECTED_FROM_YOUVE_ENTERED,
  type DrawCycleEvent,
  type DrawCycleInput,
} from '../../machines/draw-cycle/draw-cycle.machine';
import {
  goTo,
  idleDrawApi,
  renderApp,
  screenLoaded,
  settle,
  storeSignedInSession,
  tabBar,
} from './helpers/app-harness';
import { CoverageRecorder } from './helpers/coverage';
import { expectCountdownShows } from './helpers/countdown';
import { describeWalkCoverage } from './helpers/generated-walks';
import {
  drawModelEvents,
  drawStateMatcher,
  GRAND_PRIZE_OVERLAY_EVENT,
  MODEL_INPUT,
  modelDrawCycleMachine,
  planDrawPaths,
  QUESTIONS_END,
  questionsScreenOf,
  serializeDrawState,
  WALKED_QUESTION,
  walkedDrawCycleMachine,
  type DrawModelEvent,
  type DrawModelEventType,
  type DrawSnapshot,
  type DrawWalkSnapshot,
  type WithReports,
} from './helpers/draw-cycle-model';
import {
  ENTRY,
  FakeDrawApi,
  FIRST_QUESTION,
  GIFT_CARD_REWARD,
  GRAND_PRIZE,
  hasFinished,
  tellUsMoreStarted,
  TOKEN_REWARD,
  type DrawCallName,
} from './helpers/draw-fake-api';
import {
  answerCall,
  expectQuestionCard,
  expectQuestionLoading,
  expectQuestionnaireTabs,
  expectWhatILike,
  expectYouveEntered,
  NO_QUESTION_LEFT_FAILURE,
  passYouveEntered,
  playRewards,
  tap,
} from './helpers/questions-gestures';
import { settle as oneTurn } from '../support/settle';

const T0 = Date.parse('2025-04-16T12:00:00.000Z');

const model = new TestModel<DrawWalkSnapshot, DrawModelEvent, DrawCycleInput>(
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
type DrawRef = { getSnapshot: () => DrawSnapshot; send: (event: DrawCycleEvent) => void };
type Harness = ReturnType<typeof renderApp> & { clock: SimulatedClock; draw: () => DrawRef };
let app: Harness | null = null;
const current = (): Harness => {
  if (!app) throw new Error('The app is not rendered yet');
  return app;
};
const path = () => window.location.pathname;

// ---- gestures and answers ------------------------------------------------------------------

type WalkStep = Step<DrawWalkSnapshot, DrawModelEvent>;
type Executor = (step: WalkStep) => Promise<void>;

/** Each of the draw's calls, and how the server words its answer. */
const CALLS: Record<string, { call: DrawCallName; body: (output: unknown) => unknown }> = {
  enterDraw: { call: 'enterDraw', body: (output) => ({ data: output }) },
  fetchTimer: { call: 'timer', body: (output) => output },
  checkHasFinished: { call: 'hasFinishedQuestionnaire', body: (output) => hasFinished(!!output) },
  fetchGrandPrizes: { call: 'grandPrizes', body: (output) => ({ data: output }) },
};

/** The network answers the waiting call as the step's event says. */
async function answer({ event }: WalkStep): Promise<void> {
  const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  const answered = CALLS[id];
  if (!answered) throw new Error(`No call behind ${event.type}`);
  const { drawApi } = current();
  await waitFor(() => expect(drawApi.isWaiting(answered.call)).toBe(true));
  await act(async () => {
    if ('error' in event) drawApi.reject(answered.call, event.error);
    else drawApi.resolve(answered.call, answered.body((event as { output: unknown }).output));
    await oneTurn();
  });
}

/** The flow's screen the player is on (the app has arrived where the step starts). */
const questionsScreenNow = () => questionsScreenOf(current().draw().getSnapshot());
const heldEntry = () => current().draw().getSnapshot().context.currentDrawEntry;
const drawStorage = () => window.localStorage.getItem('draw-storage') ?? '';

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
    const drawApi = new FakeDrawApi();
    // Analytics of the questions' buttons: taken at once.
    drawApi.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
    const harness = renderApp({
      path: '/home',
      drawClock: clock,
      drawApi,
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
  // The session's word, as the session sends it (its own walk covers when it does).
  'session.flagsChanged': async ({ event }) => {
    if (event.type !== 'session.flagsChanged') return;
    await act(async () => {
      current().draw().send(event);
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
  'route.opened': async ({ event, state }) => {
    if (event.type !== 'route.opened') return;
    await goTo(event.path);
    // A screen of the press's questions once they are over: /home shows in its place.
    const shown = state.matches({ screen: 'home' }) ? '/home' : event.path;
    await waitFor(() => expect(path()).toBe(shown));
  },
  // The questions flow ends, from the screen it rests on, with what it reports on the way out
  // (its own walk is in questions-flow.model.test.tsx).
  [QUESTIONS_END]: async ({ event }) => {
    const app = current();
    const finishes = (event as WithReports).reports?.some(
      (report) => report.type === 'questionnaire.finished',
    );
    switch (questionsScreenNow()) {
      case 'youveEntered':
        // 'You're Entered To Win' for 1.5 s, then the ticket found plays on /rewards.
        await passYouveEntered(app, [TOKEN_REWARD]);
        expect(window.history.state).toMatchObject(REDIRECTED_FROM_YOUVE_ENTERED);
        await playRewards(app, [TOKEN_REWARD]);
        break;
      case 'whatILike':
        // A returning player's Skip: the questionnaire is over, nothing to record or win.
        expect(finishes).toBe(true);
        await tap('Skip');
        await waitFor(() => expect(drawStorage()).toContain('"hasFinishedQuestionnaire":true'));
        break;
      case 'question':
        // Answered; the server has no question left after it.
        await tap('No');
        expect(app.drawApi.callsOf('answerQuestion').at(-1)).toMatchObject({
          questionId: WALKED_QUESTION.id,
          answer: false,
          isSkipped: false,
          draw_entry_id: ENTRY.id,
        });
        await answerCall(app, 'answerQuestion', {});
        await answerCall(app, 'nextQuestion', null, NO_QUESTION_LEFT_FAILURE);
        expect(await screen.findByText(NO_QUESTION_LEFT)).toBeDefined();
        break;
      case 'tellUsMore':
        // No question left for Tell Us More.
        await answerCall(app, 'startTellUsMore', null, NO_QUESTION_LEFT_FAILURE);
        expect(await screen.findByText(NO_QUESTION_LEFT)).toBeDefined();
        break;
      default:
        throw new Error(`The walk does not end the flow from ${questionsScreenNow()}`);
    }
    await waitFor(() => expect(path()).toBe('/home'));
  },
  // After a press, the rewards check finds a gift card: it plays, and What I Like comes next.
  'questionnaire.giftCardReceived': async () => {
    const app = current();
    await passYouveEntered(app, [GIFT_CARD_REWARD]);
    expect(window.history.state).toMatchObject(REDIRECTED_FROM_YOUVE_ENTERED);
    await playRewards(app, [GIFT_CARD_REWARD]);
    await waitFor(() => expect(path()).toBe('/what-i-like'));
    await waitFor(() => expect(drawStorage()).toContain('"hasReceivedGC":true'));
  },
  // The questionnaire finds the entry its answers go with: the press's (or a new one when the
  // draw holds none), or the one Tell Us More starts with.
  'questionnaire.entryFound': async () => {
    const app = current();
    if (questionsScreenNow() === 'tellUsMore') {
      await answerCall(app, 'startTellUsMore', tellUsMoreStarted(ENTRY));
      return;
    }
    const held = heldEntry();
    const entries = app.drawApi.count('enterDraw');
    await tap('What I Like');
    if (held === null) await answerCall(app, 'enterDraw', { data: ENTRY });
    else expect(app.drawApi.count('enterDraw')).toBe(entries);
  },
  // Tell Us More starts, and the server says the player has not finished a questionnaire.
  'questionnaire.finishedChecked': async () => {
    const app = current();
    await answerCall(app, 'startTellUsMore', tellUsMoreStarted(ENTRY));
    await answerCall(app, 'hasFinishedQuestionnaire', hasFinished(false));
  },
  'questionnaire.questionShown': async () => {
    await answerCall(current(), 'nextQuestion', FIRST_QUESTION);
    await waitFor(() => expect(drawStorage()).toContain(WALKED_QUESTION.prompt));
  },
  'xstate.done.actor.checkHasFinished': answer,
  'xstate.error.actor.checkHasFinished': answer,
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
async function arrive(step: WalkStep): Promise<void> {
  await waitFor(() => {
    expect(serializeDrawState(current().draw().getSnapshot())).toBe(serializeDrawState(step.state));
  });
}

const syncedExecutors = Object.fromEntries(
  Object.entries(executors).map(([type, execute]) => [
    type,
    async (step: WalkStep) => {
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
    expectCountdownShows(left);
    expect(tabBar()).not.toBeNull();
  }
}

/** The flow's screen the player rests on (the model says which). */
async function expectQuestions(snapshot: DrawWalkSnapshot): Promise<void> {
  const { drawApi } = current();
  const tellUsMore = snapshot.context.isAnsweringFromTellUsMore;
  switch (snapshot.questionsScreen) {
    case 'youveEntered':
      expectYouveEntered();
      break;
    case 'whatILike':
      await expectWhatILike(false);
      break;
    case 'loadingQuestion':
      await expectQuestionLoading(tellUsMore);
      expect(drawApi.isWaiting('nextQuestion')).toBe(true);
      break;
    case 'question':
      await expectQuestionCard(WALKED_QUESTION.prompt, 1, 5);
      expectQuestionnaireTabs(tellUsMore);
      break;
    case 'tellUsMore':
      expect(tellUsMore).toBe(true);
      // The server starts it. (Its 'Loading questions' toast is not checked: a toast a step
      // asks for as it starts does not reach the screen yet.)
      await expectQuestionLoading(true);
      expect(drawApi.isWaiting('startTellUsMore')).toBe(true);
      break;
    case null:
      throw new Error('The draw runs the questions flow, but the model has no screen for it');
  }
  expect(screen.queryByRole('dialog', { name: 'YOU WON!' })).toBeNull();
}

const states: Record<string, (snapshot: DrawWalkSnapshot) => void | Promise<void>> = {
  'screen.home': expectHome,
  'screen.questions': expectQuestions,
  'screen.elsewhere': () => {
    expect(path()).toBe('/wallet');
    expect(screen.queryByRole('dialog', { name: 'YOU WON!' })).toBeNull();
  },
  'grandPrize.showing': () => {
    const overlay = screen.getByRole('dialog', { name: 'YOU WON!' });
    expect(within(overlay).getByText('$500')).toBeDefined();
    const claim = within(overlay).getByRole('link', { name: 'Claim your prize' });
    expect(claim.getAttribute('href')).toBe('/grandPrize');
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
    expect(current().drawApi.isWaiting('hasFinishedQuestionnaire')).toBe(false);
  },
  // The timer says the player's entry is in the open draw, which this device does not know of:
  // the button stays while the app asks whether the questionnaire is done.
  'timer.checkingQuestionnaire': (snapshot) => {
    expect(current().drawApi.isWaiting('hasFinishedQuestionnaire')).toBe(true);
    expect(snapshot.context.canEnterDraw).toBe(true);
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

describeWalkCoverage('draw cycle, coverage of the walk', {
  logic: modelDrawCycleMachine,
  states,
  coverage,
  chart: { transitions: { moreThan: 25 } },
  walkedIn: 'the app',
});
