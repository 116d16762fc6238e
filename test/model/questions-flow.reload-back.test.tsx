// The questions flow's resting screens for a first-time player, each reached through the real
// signed-in app with the player's gestures and the server's answers (as the flow's own walk
// takes them): 'You're Entered To Win', a gift card on /rewards, What I Like, the promises at
// /disclosure, the tutorial card, then each question of the batch, 'Question 1 of 5' to
// 'Question 5 of 5'. At each the app is reloaded and the player goes Back (see
// helpers/reload-and-back.tsx): the same screen and progress after the reload, and Back lands
// where it stays, with no answer, entry or reward done twice.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import type { Reward } from '../../contract/api';
import { CARD_ARRIVAL_MS } from '../../machines/questionnaire/questionnaire.types';
import { renderApp, screenLoaded, storeSignedInSession, tabBar } from './helpers/app-harness';
import {
  ENTRY,
  FakeDrawApi,
  GIFT_CARD_REWARD,
  hasFinished,
  nextQuestion,
  TIMER_ENTERED,
  TIMER_NOT_ENTERED,
  tellUsMoreStarted,
} from './helpers/draw-fake-api';
import {
  advance,
  answerCall,
  expectQuestionCard,
  expectRewardOnScreen,
  expectWhatILike,
  expectYouveEntered,
  passYouveEntered,
  path,
  playRewards,
  tap,
} from './helpers/questions-gestures';
import { reloadThenBack, reopenApp, WalkHistory } from './helpers/reload-and-back';

const T0 = Date.parse('2026-11-25T09:00:00.000Z');

/** The questions of a batch, as the server asks them, and the player's answers. */
const QUESTIONS = [
  nextQuestion(31, 'Do you like coffee?'),
  nextQuestion(32, 'Do you go camping?'),
  nextQuestion(33, 'Do you watch football on Sundays?'),
  nextQuestion(34, 'Do you order pizza at least once a week?'),
  nextQuestion(35, 'Do you shop for fishing gear?'),
];
const ANSWERS = ['Yes', 'No', 'Skip this question', 'Yes', 'No'] as const;

/** What the server knows, across reloads, and the steps it saw done. */
type Server = {
  entered: boolean;
  unplayed: Reward[];
  steps: { entries: number; answers: number; played: string[][] };
};
type FlowApp = {
  clock: SimulatedClock;
  drawApi: FakeDrawApi;
  unmount: () => void;
  server: Server;
};

/** The app at the address it has, the device as it is; a reload's calls answered by `server`. */
async function start(server: Server, now: number, at: string | null): Promise<FlowApp> {
  const reload = at === null;
  const clock = new SimulatedClock();
  clock.set(now);
  const drawApi = new FakeDrawApi();
  drawApi.answerAlways('timer', () =>
    // Questions left for the player (the Tell Us More tab).
    Promise.resolve(
      server.entered ? TIMER_ENTERED : { ...TIMER_NOT_ENTERED, show_tell_us_more: true },
    ),
  );
  drawApi.answerAlways('grandPrizes', () => Promise.resolve({ data: [] }));
  drawApi.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  if (reload) {
    // What the server answers a reloaded app; a step it is asked to do again is counted.
    drawApi.answerAlways('rewards', () => Promise.resolve({ data: server.unplayed }));
    drawApi.answerAlways('hasFinishedQuestionnaire', () => Promise.resolve(hasFinished(false)));
    // Tell Us More starts again with the entry it has.
    drawApi.answerAlways('startTellUsMore', () => Promise.resolve(tellUsMoreStarted(ENTRY)));
    drawApi.answerAlways('nextQuestion', () =>
      Promise.resolve(QUESTIONS[server.steps.answers] ?? QUESTIONS[0]!),
    );
    // The press's entry, or Tell Us More's: an entry asked for again is a second one.
    drawApi.answerAlways('enterDraw', () => {
      server.steps.entries += 1;
      return Promise.resolve({ data: ENTRY });
    });
    drawApi.answerAlways('answerQuestion', () => {
      server.steps.answers += 1;
      return Promise.resolve({});
    });
    drawApi.answerAlways('markRewardsPlayedBack', () => {
      server.steps.played.push(drawApi.callsOf('markRewardsPlayedBack').at(-1) as string[]);
      return Promise.resolve({});
    });
  }
  const options = { drawClock: clock, drawApi };
  const app = at === null ? reopenApp(options) : renderApp({ path: at, ...options });
  await screenLoaded();
  return { clock, drawApi, unmount: app.view.unmount, server };
}

// ---- the journey: each step's gestures, then the screen it rests on --------------------------

type Stop = {
  says: string;
  walk: (app: FlowApp) => Promise<void>;
  shows: (app: FlowApp) => Promise<void> | void;
  /** The product's bug this stop's case fails for, named. */
  bug?: string;
};

/** Question `index` (from 0) answered on its card; the server asks the next one, if any. */
async function answer(app: FlowApp, index: number): Promise<void> {
  await advance(app, CARD_ARRIVAL_MS);
  await tap(ANSWERS[index]!);
  expect(app.drawApi.callsOf('answerQuestion').at(-1)).toMatchObject({
    questionId: Number(QUESTIONS[index]!.data.id),
    draw_entry_id: ENTRY.id,
  });
  app.server.steps.answers += 1;
  await answerCall(app, 'answerQuestion', {});
  const next = QUESTIONS[index + 1];
  if (next) await answerCall(app, 'nextQuestion', next);
}

/** The batch's questions, each on its card, the first coming after `first`'s gestures. */
const questionStops = (first: (app: FlowApp) => Promise<void>): Stop[] =>
  QUESTIONS.map((question, index) => ({
    says: `Question ${index + 1} of 5`,
    walk: (app) => (index === 0 ? first(app) : answer(app, index - 1)),
    shows: () => expectQuestionCard(question.data.attributes.next_question, index + 1, 5),
  }));

/** A first-time player's press, on to the questions. */
const FIRST_TIME: Stop[] = [
  {
    says: "'You're Entered To Win' after the press",
    walk: async (app) => {
      await userEvent.click(await screen.findByRole('button', { name: /Enter To Win/ }));
      app.server.entered = true;
      app.server.steps.entries += 1;
      await answerCall(app, 'enterDraw', { data: ENTRY });
    },
    shows: () => expectYouveEntered(),
  },
  {
    says: 'a gift card on /rewards',
    walk: async (app) => {
      app.server.unplayed = [GIFT_CARD_REWARD];
      await passYouveEntered(app, [GIFT_CARD_REWARD]);
    },
    shows: () => expectRewardOnScreen(GIFT_CARD_REWARD),
  },
  {
    says: 'What I Like, after the gift card',
    walk: async (app) => {
      await playRewards(app, [GIFT_CARD_REWARD]);
      app.server.unplayed = [];
      app.server.steps.played.push([GIFT_CARD_REWARD.id]);
    },
    shows: () => expectWhatILike(true),
  },
  {
    says: 'the promises at /disclosure',
    walk: () => tap('What I Like'),
    shows: async () => {
      await waitFor(() => expect(path()).toBe('/disclosure'));
      await screen.findByRole('heading', { name: 'Before you start' });
    },
  },
  {
    says: 'the tutorial card before the first question',
    walk: async (app) => {
      await tap("Got it, let's go");
      await answerCall(app, 'nextQuestion', QUESTIONS[0]);
    },
    shows: async () => {
      await waitFor(() => expect(path()).toBe('/questionnaire'));
      await screen.findByText(/The More You Tell Us, The More You'll Win/);
    },
  },
  ...questionStops(() => tap('Start')),
];

/** A returning player's Tell Us More tab: the server starts it with the player's entry. */
const TELL_US_MORE: Stop[] = questionStops(async (app) => {
  await waitFor(() => expect(tabBar()).not.toBeNull());
  await userEvent.click(screen.getByRole('link', { name: 'Tell Us More' }));
  app.server.entered = true;
  await answerCall(app, 'startTellUsMore', tellUsMoreStarted(ENTRY));
  await answerCall(app, 'hasFinishedQuestionnaire', hasFinished(false));
  await answerCall(app, 'nextQuestion', QUESTIONS[0]);
});

const JOURNEYS = [
  {
    who: 'a first-time player pressing the button',
    firstTime: true,
    at: '/home',
    stops: FIRST_TIME,
  },
  {
    who: "a returning player's Tell Us More",
    firstTime: false,
    at: '/players-tutorial',
    stops: TELL_US_MORE,
  },
];

// ---- a reload and Back at each stop ------------------------------------------------------------

for (const { who, firstTime, at, stops } of JOURNEYS) {
  describe(`questions flow, a reload and Back at every resting screen (${who})`, () => {
    for (const [index, { says, bug }] of stops.entries()) {
      (bug ? it.fails : it)(bug ? `${says} (${bug})` : says, async () => {
        storeSignedInSession({ isFirstTimeUser: firstTime, isFirstQuestionnaire: firstTime });
        const history = new WalkHistory();
        const server: Server = {
          entered: false,
          unplayed: [],
          steps: { entries: 0, answers: 0, played: [] },
        };
        let app = await start(server, T0, at);
        try {
          for (const stop of stops.slice(0, index + 1)) await stop.walk(app);
          app = await reloadThenBack(history, app, {
            expectScreen: (running) => stops[index]!.shows(running),
            reload: async (running) => {
              running.unmount();
              return start(running.server, running.clock.now(), null);
            },
            stepsDone: (running) => structuredClone(running.server.steps),
            // 'You're Entered To Win' and a reward move on with time: the clock goes on 10 s.
            afterBack: (_, running) =>
              act(async () => {
                running.clock.increment(10_000);
                await Promise.resolve();
              }),
          });
        } finally {
          history.stop();
          app.unmount();
        }
      });
    }
  });
}
