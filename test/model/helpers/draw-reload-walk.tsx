// The draw cycle's walk for its reload and Back test (draw-cycle.reload-back.test.tsx): the
// draw model's chart, the signed-in app opened (and reopened as a reload does) with the draw's
// calls answered as a server keeping what it was told would answer them, and the gestures that
// take the model's events through the app (as draw-cycle.model.test.tsx takes them).
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { SimulatedClock, type AnyActorRef, type InspectionEvent } from 'xstate';
import { TestModel, type Step } from 'xstate/graph';
import type { GrandPrize, TimerResponse } from '../../../contract/api';
import { ApiFailure } from '../../../src/lib/api';
import { CARD_ARRIVAL_MS } from '../../../machines/questionnaire/questionnaire.types';
import { goTo, renderApp, screenLoaded, storeSignedInSession } from './app-harness';
import {
  drawModelEvents,
  drawStateMatcher,
  GRAND_PRIZE_OVERLAY_EVENT,
  MODEL_INPUT,
  QUESTIONS_END,
  questionsScreenOf,
  serializeDrawState,
  walkedDrawCycleMachine,
  type DrawModelEvent,
  type DrawSnapshot,
  type DrawWalkSnapshot,
} from './draw-cycle-model';
import {
  ENTRY,
  FakeDrawApi,
  FIRST_QUESTION,
  GIFT_CARD_REWARD,
  hasFinished,
  tellUsMoreStarted,
  TIMER_ENTERED,
  TIMER_NOT_ENTERED,
  TOKEN_REWARD,
  type DrawCallName,
} from './draw-fake-api';
import {
  advance,
  answerCall,
  NO_QUESTION_LEFT_FAILURE,
  passYouveEntered,
  playRewards,
  tap,
} from './questions-gestures';
import { reopenApp } from './reload-and-back';

const T0 = Date.parse('2025-04-16T12:00:00.000Z');
export const model = new TestModel<DrawWalkSnapshot, DrawModelEvent, unknown>(
  walkedDrawCycleMachine as never,
  {
    input: MODEL_INPUT,
    events: drawModelEvents,
    serializeState: serializeDrawState,
    stateMatcher: drawStateMatcher,
  },
);

/** What the server knows, across reloads: its last answers, and the steps the player took. */
export type Server = {
  timer: { answer: TimerResponse; at: number } | 'down';
  prizes: GrandPrize[];
  finished: boolean;
  /** Whether the player has an entry in the open draw, as the server last knew. */
  entered: boolean;
  /** Entries made while one was in the open draw already, answers given, rewards played. */
  steps: { secondEntries: number; answers: number; rewardsPlayed: string[][] };
};
export type DrawApp = {
  reloaded: boolean;
  clock: SimulatedClock;
  drawApi: FakeDrawApi;
  cable: ReturnType<typeof renderApp>['cable'];
  unmount: () => void;
  draw: () => DrawSnapshot;
  server: Server;
};

/** The app at `path` (the device as it is), its draw's calls answered from `server`. */
export async function start(server: Server, now: number, reload: boolean): Promise<DrawApp> {
  const clock = new SimulatedClock();
  clock.set(now);
  const drawApi = new FakeDrawApi();
  drawApi.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  if (reload) {
    drawApi.answerAlways('timer', () => {
      if (server.timer === 'down') return Promise.reject(new ApiFailure(503, null));
      const { answer, at } = server.timer;
      const left = Math.max(0, answer.time_left - Math.floor((clock.now() - at) / 1000));
      return Promise.resolve({ ...answer, time_left: left });
    });
    drawApi.answerAlways('grandPrizes', () => Promise.resolve({ data: server.prizes }));
    drawApi.answerAlways('hasFinishedQuestionnaire', () =>
      Promise.resolve(hasFinished(server.finished)),
    );
    drawApi.answerAlways('rewards', () => Promise.resolve({ data: [] }));
    drawApi.answerAlways('nextQuestion', () => Promise.resolve(FIRST_QUESTION));
    drawApi.answerAlways('startTellUsMore', () => Promise.resolve(tellUsMoreStarted(ENTRY)));
    // An entry asked for while the player has one in the open draw is a second one.
    drawApi.answerAlways('enterDraw', () => {
      if (server.entered) server.steps.secondEntries += 1;
      server.entered = true;
      return Promise.resolve({ data: ENTRY });
    });
  }
  let draw: AnyActorRef | null = null;
  const drawInspect = (event: InspectionEvent) => {
    if ((event.actorRef as AnyActorRef).id === 'drawCycle') draw = event.actorRef as AnyActorRef;
  };
  const options = { drawClock: clock, drawApi, drawInspect };
  const app = reload ? reopenApp(options) : renderApp({ path: '/home', ...options });
  await screenLoaded();
  return {
    reloaded: reload,
    clock,
    drawApi,
    cable: app.cable,
    unmount: app.view.unmount,
    server,
    draw: () => {
      if (!draw) throw new Error('The draw cycle has not started');
      return draw.getSnapshot() as DrawSnapshot;
    },
  };
}

export async function open(): Promise<DrawApp> {
  storeSignedInSession({ isFirstTimeUser: false, isFirstQuestionnaire: false });
  const server: Server = {
    timer: { answer: TIMER_NOT_ENTERED, at: T0 },
    prizes: [],
    finished: false,
    entered: false,
    steps: { secondEntries: 0, answers: 0, rewardsPlayed: [] },
  };
  return start(server, T0, false);
}

// ---- the walk's gestures and answers (as draw-cycle.model.test.tsx takes them) ---------------

type WalkStep = Step<DrawWalkSnapshot, DrawModelEvent>;
const CALLS: Record<string, DrawCallName> = {
  enterDraw: 'enterDraw',
  fetchTimer: 'timer',
  checkHasFinished: 'hasFinishedQuestionnaire',
  fetchGrandPrizes: 'grandPrizes',
};

/** The server has the player's entry in the open draw (a second one counts as a replay). */
function entered({ server, clock }: DrawApp): void {
  if (server.entered) server.steps.secondEntries += 1;
  server.entered = true;
  server.timer = { answer: TIMER_ENTERED, at: clock.now() };
}

/** The server answers the waiting call as the step's event says, and remembers it. */
async function answer({ event }: WalkStep, app: DrawApp): Promise<void> {
  const id = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  const call = CALLS[id]!;
  const output = 'output' in event ? (event.output as unknown) : undefined;
  const { server } = app;
  if (call === 'timer') {
    server.timer = output ? { answer: output as TimerResponse, at: app.clock.now() } : 'down';
    if (output) server.entered = !(output as TimerResponse).cycle_finished;
  } else if (call === 'grandPrizes' && output) server.prizes = output as GrandPrize[];
  else if (call === 'hasFinishedQuestionnaire' && output !== undefined) server.finished = !!output;
  else if (call === 'enterDraw' && output) entered(app);
  const body = {
    enterDraw: { data: output },
    timer: output,
    hasFinishedQuestionnaire: hasFinished(!!output),
    grandPrizes: { data: output },
  }[call as 'timer'];
  await answerCall(app, call, body, 'error' in event ? (event.error as never) : undefined);
}

async function playAndRemember(app: DrawApp, rewards: (typeof TOKEN_REWARD)[]): Promise<void> {
  await passYouveEntered(app, rewards);
  await playRewards(app, rewards);
  app.server.steps.rewardsPlayed.push(rewards.map(({ id }) => id));
}

const gestures: Record<string, (step: WalkStep, app: DrawApp) => Promise<void>> = {
  'draw.press': () => userEvent.click(screen.getByRole('button', { name: /Enter To Win/ })),
  'window.focused': () =>
    act(async () => {
      window.dispatchEvent(new Event('focus'));
      await Promise.resolve();
    }),
  'session.flagsChanged': () => Promise.resolve(),
  'cable.refetch': (_, app) =>
    act(async () => {
      app.cable.broadcastRefetch();
      await Promise.resolve();
    }),
  'countdown.tick': (_, app) =>
    act(async () => {
      app.clock.set(app.clock.now() + app.draw().context.timeLeft * 1000);
      await Promise.resolve();
    }),
  'route.opened': async ({ event }) => {
    if (event.type === 'route.opened') await goTo(event.path);
  },
  [QUESTIONS_END]: async (_, app) => {
    switch (questionsScreenOf(app.draw())) {
      case 'youveEntered':
        return playAndRemember(app, [TOKEN_REWARD]);
      case 'whatILike':
        return tap('Skip');
      case 'question':
        // Its answers come on once the card has arrived.
        await advance(app, CARD_ARRIVAL_MS);
        await tap('No');
        app.server.steps.answers += 1;
        await answerCall(app, 'answerQuestion', {});
        return answerCall(app, 'nextQuestion', null, NO_QUESTION_LEFT_FAILURE);
      default:
        return answerCall(app, 'startTellUsMore', null, NO_QUESTION_LEFT_FAILURE);
    }
  },
  'questionnaire.giftCardReceived': (_, app) => playAndRemember(app, [GIFT_CARD_REWARD]),
  'questionnaire.entryFound': async (_, app) => {
    if (questionsScreenOf(app.draw()) === 'tellUsMore') {
      app.server.entered = true;
      return answerCall(app, 'startTellUsMore', tellUsMoreStarted(ENTRY));
    }
    const held = app.draw().context.currentDrawEntry;
    await tap('What I Like');
    if (held === null) {
      entered(app);
      await answerCall(app, 'enterDraw', { data: ENTRY });
    }
  },
  'questionnaire.finishedChecked': async (_, app) => {
    app.server.entered = true;
    await answerCall(app, 'startTellUsMore', tellUsMoreStarted(ENTRY));
    await answerCall(app, 'hasFinishedQuestionnaire', hasFinished(false));
  },
  'questionnaire.questionShown': (_, app) => answerCall(app, 'nextQuestion', FIRST_QUESTION),
  // 'YOU WON!' shows its 3 s on /home.
  [GRAND_PRIZE_OVERLAY_EVENT]: (_, app) =>
    act(async () => {
      app.clock.increment(3000);
      await Promise.resolve();
    }),
  ...Object.fromEntries(
    Object.keys(CALLS).flatMap((id) => [
      [`xstate.done.actor.${id}`, answer],
      [`xstate.error.actor.${id}`, answer],
    ]),
  ),
};

export const events = Object.fromEntries(
  Object.entries(gestures).map(([type, gesture]) => [
    type,
    async (step: WalkStep, app: DrawApp) => {
      await gesture(step, app);
      await waitFor(() =>
        expect(serializeDrawState(app.draw())).toBe(serializeDrawState(step.state)),
      );
    },
  ]),
);
