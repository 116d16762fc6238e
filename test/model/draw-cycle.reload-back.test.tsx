// The draw cycle's resting states (/home with its button or its countdown, 'You're Entered To
// Win', What I Like, a question, another flow's screen; 'YOU WON!' announced or not), each
// reached on the draw model's shortest path through the real signed-in app, then reloaded and
// left with Back (see helpers/reload-and-back.tsx; the walk is helpers/draw-reload-walk.tsx).
// States the player cannot tell apart (the same screen and progress, reached after other
// calls) are walked once.
import { act, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import {
  questionsScreenOf,
  serializeDrawState,
  WALKED_QUESTION,
  type DrawSnapshot,
  type DrawWalkSnapshot,
} from './helpers/draw-cycle-model';
import { expectCountdownShows } from './helpers/countdown';
import { events, model, open, start, type DrawApp } from './helpers/draw-reload-walk';
import {
  expectQuestionCard,
  expectWhatILike,
  expectYouveEntered,
} from './helpers/questions-gestures';
import { describeReloadAndBack } from './helpers/reload-and-back';

// ---- the screen and its progress -------------------------------------------------------------

/**
 * What the player sees of a state: the screen (the flow's, on its screens), the button or the
 * countdown on /home, Tell Us More's tabs on a question, and the prizes announced.
 */
function progressOf(snapshot: DrawSnapshot | DrawWalkSnapshot) {
  const { value, context } = snapshot;
  const { screen: shown } = value as { screen: string };
  const questions =
    'questionsScreen' in snapshot ? snapshot.questionsScreen : questionsScreenOf(snapshot);
  const { prizesShown } = JSON.parse(serializeDrawState(snapshot)) as { prizesShown: number[] };
  return {
    screen: shown,
    ...(shown === 'home' ? { canEnterDraw: context.canEnterDraw } : {}),
    ...(shown === 'questions' ? { questions } : {}),
    ...(questions === 'question' ? { tellUsMore: context.isAnsweringFromTellUsMore } : {}),
    announced: prizesShown,
  };
}

async function expectScreen(snapshot: DrawWalkSnapshot, app: DrawApp): Promise<void> {
  const expected = progressOf(snapshot);
  // Reloaded, /home shows what the server says of the player's entry in the open draw.
  if (app.reloaded && 'canEnterDraw' in expected && app.server.timer !== 'down') {
    expected.canEnterDraw = !app.server.entered;
  }
  await waitFor(() => expect(progressOf(app.draw())).toEqual(expected));
  expect(screen.queryByRole('dialog', { name: 'YOU WON!' })).toBeNull();
  const { screen: shown, questions, canEnterDraw } = expected;
  if (shown === 'elsewhere') return expect(window.location.pathname).toBe('/wallet');
  if (shown === 'home') {
    expect(window.location.pathname).toBe('/home');
    if (canEnterDraw) return void screen.getByRole('button', { name: /Enter To Win/ });
    const left = app.draw().context.timeLeft;
    return expectCountdownShows(left);
  }
  if (questions === 'youveEntered') return expectYouveEntered();
  if (questions === 'whatILike') return expectWhatILike(false);
  await expectQuestionCard(WALKED_QUESTION.prompt, 1, 5);
}

/** Settled on its screen: no call under way, nothing loading ('YOU WON!' gone). */
const isResting = (snapshot: DrawWalkSnapshot) =>
  snapshot.matches({ timer: 'idle' }) &&
  snapshot.matches({ entry: 'idle' }) &&
  snapshot.matches({ grandPrize: 'idle' }) &&
  !['loadingQuestion', 'tellUsMore'].includes(snapshot.questionsScreen ?? '');

describeReloadAndBack('draw cycle, a reload and Back at every resting state', {
  model,
  isResting,
  // Told apart as well by the draw's progress behind the screen (an entry, a batch under way).
  describe: (snapshot) =>
    JSON.stringify({
      ...progressOf(snapshot),
      canEnterDraw: snapshot.context.canEnterDraw,
      hasEntry: snapshot.context.currentDrawEntry !== null,
      hasQuestionnaire: snapshot.context.currentQuestionnaire !== null,
    }),
  open,
  events,
  expectScreen,
  reload: async (app) => {
    app.unmount();
    return start(app.server, app.clock.now(), true);
  },
  stepsDone: (app) => structuredClone(app.server.steps),
  afterBack: async (_, app) => {
    // The flow's timers run out ('You're Entered To Win' lasts 1.5 s): nothing moves on.
    await act(async () => {
      app.clock.increment(2000);
      await Promise.resolve();
    });
    expect(app.drawApi.count('answerQuestion')).toBe(0);
    expect(app.drawApi.count('markRewardsPlayedBack')).toBe(0);
  },
  close: (app) => app.unmount(),
  // The draw's model takes /questionnaire opened with a batch under way and no entry held as
  // the batch resumed; the app's questionnaire asks for an entry first (helpers/draw-cycle-model.ts).
  modelGap: ({ steps }) =>
    steps.some(
      ({ event }, i) =>
        event.type === 'route.opened' &&
        event.path === '/questionnaire' &&
        steps[i - 1]?.state.context.currentQuestionnaire &&
        !steps[i - 1]?.state.context.currentDrawEntry,
    )
      ? 'the model resumes a batch with no entry held'
      : null,
});
