// The swipe-card questionnaire (spec sections 2, 4, 5, 8 and 9): the answers it sends, when it
// ends, the first-time tutorial, Tell Us More, the rewards at the end, and what it tells the draw
// and the session.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { DrawEntry } from '../../contract/api';
import { QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import { createQuestionnaireActors } from '../../machines/questionnaire/questionnaire.actors';
import {
  CARD_ARRIVAL_MS,
  LOADING_QUESTIONS_KEY,
  QUESTIONNAIRE_PATH,
  questionnaireMachine,
  TOAST_ANSWER_FAILED,
  TOAST_LOADING_QUESTIONS,
  TOAST_NO_QUESTION_LEFT,
  TOAST_NOTHING_EARNED,
  TOAST_QUESTIONS_FAILED,
  type CardChoice,
  type QuestionnaireEmitted,
  type QuestionnaireInput,
} from '../../machines/questionnaire/questionnaire.machine';
import {
  selectCanAnswer,
  selectIsTutorial,
  selectProgress,
  selectPrompt,
  selectShowHome,
  selectShowsSwipeHint,
} from '../../machines/questionnaire/questionnaire.selectors';
import { routeOf } from '../../machines/shared/routes';
import {
  answerBody,
  COUPON,
  ENTRY,
  entryAnswer,
  FakeDrawLink,
  FakeQuestionsApi,
  hasFinishedAnswer,
  NOT_FOUND,
  nextQuestionAnswer,
  questionAt,
  rewardsAnswer,
  SERVER_ERROR,
  tellUsMoreAnswer,
  TICKETS,
  type QuestionFixture,
} from '../model/helpers/questionnaire-fake-api';

type Flags = Omit<QuestionnaireInput, 'drawEntry'>;
type Options = Partial<Flags> & {
  /** The entry the draw holds when the questions begin (the press's); null: none yet. */
  drawEntry?: DrawEntry | null;
  /** Run as a child of a recording session, as in the app (for what the session hears). */
  underSession?: boolean;
};

const RETURNING: Flags = {
  mode: 'batch',
  isFirstTimeUser: false,
  isFirstQuestionnaire: false,
  hasFinishedQuestionnaire: true,
};
const FIRST_TIME: Partial<Flags> = { isFirstTimeUser: true, isFirstQuestionnaire: true };

/** Lets the fake calls' answers reach the machine. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(options: Options = {}) {
  const { drawEntry = ENTRY, underSession = false, ...flags } = options;
  const api = new FakeQuestionsApi();
  api.answerAlways('click', () => Promise.resolve({}));
  const draw = new FakeDrawLink(drawEntry);
  const input: QuestionnaireInput = { ...RETURNING, ...flags, drawEntry };
  const logic = questionnaireMachine.provide({ actors: createQuestionnaireActors(api) });
  const emitted: QuestionnaireEmitted[] = [];
  const clock = new SimulatedClock();
  // Its parent (the questions flow, which passes the reports on to the draw) only listens; it
  // is the session too when the test asks what the session hears.
  const parent = draw.asParent(underSession ? { clock, systemId: 'session' } : { clock });
  const toSession = draw.others;
  const actor: ActorRefFrom<typeof questionnaireMachine> = createActor(logic, {
    input,
    clock,
    parent,
  });
  // Listening before it starts: Tell Us More's 'Loading questions' shows at once.
  actor.on('*', (effect) => void emitted.push(effect));
  actor.start();

  const snapshot = (): SnapshotFrom<typeof questionnaireMachine> => actor.getSnapshot();
  const toasts = () => emitted.filter((effect) => effect.type === 'toast');
  const sessionHeard = () =>
    toSession.filter((event) => event.type === 'session.questionnaireFinished').length;

  /** The card has been on screen long enough to take an answer. */
  const cardArrives = () => clock.increment(CARD_ARRIVAL_MS);
  /** The server asks `question` next, and (unless told otherwise) the player reads its card. */
  async function ask(question: QuestionFixture, { read = true } = {}) {
    await settle();
    api.resolve('nextQuestion', nextQuestionAnswer(question));
    await settle();
    if (read) cardArrives();
  }
  /** The server has no question left (or fails otherwise). */
  async function askFails(error: unknown) {
    await settle();
    api.reject('nextQuestion', error);
    await settle();
  }
  /** The player answers the card, and the server records it. */
  async function answer(choice: CardChoice) {
    actor.send({ type: 'card.answer', choice });
    api.resolve('answerQuestion', {});
    await settle();
  }
  /** Each of `questions` asked and answered yes. */
  async function answerAll(questions: QuestionFixture[]) {
    for (const question of questions) {
      await ask(question);
      if (snapshot().matches({ questions: 'tutorial' })) {
        actor.send({ type: 'card.dismissTutorial' });
        cardArrives();
      }
      await answer('yes');
    }
  }
  /** The server pays the entry's answers (and lists the rewards, for a first questionnaire). */
  async function claim(rewards = [TICKETS]) {
    api.resolve('payRewards', rewardsAnswer(rewards));
    await settle();
    if (api.isWaiting('rewards')) api.resolve('rewards', rewardsAnswer(rewards));
    await settle();
  }

  return {
    actor,
    api,
    clock,
    draw,
    emitted,
    cardArrives,
    snapshot,
    toasts,
    sessionHeard,
    ask,
    askFails,
    answer,
    answerAll,
    claim,
  };
}

/** The first `count` questions, none of them the player's last. */
const questions = (count: number) => Array.from({ length: count }, (_, i) => questionAt(i));

describe('the questionnaire: the answers', () => {
  it('sends a swipe right as yes, against the question and the entry', async () => {
    const q = start();
    await q.ask(questionAt(0));
    q.actor.send({ type: 'card.answer', choice: 'yes' });
    expect(q.api.callsOf('answerQuestion')).toEqual([answerBody(questionAt(0), 'yes')]);
    expect(q.api.callsOf('answerQuestion')[0]).toEqual({
      questionId: 301,
      body: {
        question_prompt: 'Do you like camping?',
        answer: true,
        draw_entry_id: ENTRY.id,
        isSkipped: false,
      },
    });
  });

  it('sends a swipe left as no', async () => {
    const q = start();
    await q.ask(questionAt(0));
    q.actor.send({ type: 'card.answer', choice: 'no' });
    expect(q.api.callsOf('answerQuestion')).toEqual([
      {
        questionId: 301,
        body: {
          question_prompt: 'Do you like camping?',
          answer: false,
          draw_entry_id: ENTRY.id,
          isSkipped: false,
        },
      },
    ]);
  });

  it('sends the centre marker as a skipped question', async () => {
    const q = start();
    await q.ask(questionAt(0));
    q.actor.send({ type: 'card.answer', choice: 'skip' });
    expect(q.api.callsOf('answerQuestion')).toEqual([
      {
        questionId: 301,
        body: {
          question_prompt: 'Do you like camping?',
          answer: false,
          draw_entry_id: ENTRY.id,
          isSkipped: true,
        },
      },
    ]);
    // Spec section 7's question_skipped: a skip is logged, an answer is not.
    expect(q.api.callsOf('click')).toEqual([
      { click: { event_name: 'question_skipped', page_url: '' } },
    ]);
  });

  it('logs no skip for a yes or a no', async () => {
    const q = start();
    await q.ask(questionAt(0));
    await q.answer('yes');
    await q.ask(questionAt(1));
    await q.answer('no');
    expect(q.api.callsOf('click')).toEqual([]);
  });

  it('shows the next question once the answer is recorded', async () => {
    const q = start();
    await q.ask(questionAt(0));
    q.actor.send({ type: 'card.answer', choice: 'no' });
    expect(q.snapshot().matches({ questions: 'answering' })).toBe(true);
    expect(q.api.count('nextQuestion')).toBe(1);
    q.api.resolve('answerQuestion', {});
    await settle();
    expect(q.snapshot().matches({ questions: 'loading' })).toBe(true);
    expect(q.api.count('nextQuestion')).toBe(2);
    await q.ask(questionAt(1));
    expect(selectPrompt(q.snapshot())).toBe(questionAt(1).prompt);
  });

  it('takes one answer per card: none while the answer is being sent', async () => {
    const q = start();
    await q.ask(questionAt(0));
    expect(selectCanAnswer(q.snapshot())).toBe(true);
    q.actor.send({ type: 'card.answer', choice: 'yes' });
    expect(selectCanAnswer(q.snapshot())).toBe(false);
    q.actor.send({ type: 'card.answer', choice: 'no' });
    expect(q.api.count('answerQuestion')).toBe(1);
    expect(q.snapshot().context.questionnaireProgress).toBe(1);
  });

  it('answers once for a double tap, though the next card came before the second tap', async () => {
    const q = start();
    await q.ask(questionAt(0));
    q.actor.send({ type: 'card.answer', choice: 'yes' });
    // A local server answers and brings the next card well inside a double tap's 150 ms.
    q.api.resolve('answerQuestion', {});
    await q.ask(questionAt(1), { read: false });
    q.clock.increment(150);
    q.actor.send({ type: 'card.answer', choice: 'yes' });
    expect(q.api.callsOf('answerQuestion')).toEqual([answerBody(questionAt(0), 'yes')]);
    expect(selectProgress(q.snapshot()).done).toBe(1);
    expect(selectPrompt(q.snapshot())).toBe(questionAt(1).prompt);
  });

  it('drops an answer sent while the previous one is on its way, and one as the next card comes', async () => {
    const q = start();
    await q.ask(questionAt(0));
    q.actor.send({ type: 'card.answer', choice: 'yes' });
    q.actor.send({ type: 'card.answer', choice: 'no' });
    q.api.resolve('answerQuestion', {});
    await settle();
    expect(q.snapshot().matches({ questions: 'loading' })).toBe(true);
    q.actor.send({ type: 'card.answer', choice: 'skip' });
    await q.ask(questionAt(1), { read: false });
    q.actor.send({ type: 'card.answer', choice: 'no' });
    expect(q.api.count('answerQuestion')).toBe(1);
    expect(q.snapshot().context.questionnaireProgress).toBe(1);
    // Only the skip the player meant is logged: none of these was taken.
    expect(q.api.callsOf('click')).toEqual([]);
  });

  it("takes the next card's answer once the card has been on screen for its arrival", async () => {
    const q = start();
    await q.ask(questionAt(0));
    await q.answer('yes');
    await q.ask(questionAt(1), { read: false });
    q.clock.increment(CARD_ARRIVAL_MS - 1);
    expect(selectCanAnswer(q.snapshot())).toBe(false);
    q.clock.increment(1);
    expect(selectCanAnswer(q.snapshot())).toBe(true);
    q.actor.send({ type: 'card.answer', choice: 'no' });
    expect(q.api.callsOf('answerQuestion')).toEqual([
      answerBody(questionAt(0), 'yes'),
      answerBody(questionAt(1), 'no'),
    ]);
    expect(selectProgress(q.snapshot()).done).toBe(2);
  });

  it('counts every answer and skip as progress through the batch of 5', async () => {
    const q = start();
    expect(selectProgress(q.snapshot())).toEqual({ done: 0, total: QUESTIONS_PER_BATCH });
    await q.ask(questionAt(0));
    await q.answer('yes');
    await q.ask(questionAt(1));
    await q.answer('skip');
    await q.ask(questionAt(2));
    await q.answer('no');
    expect(selectProgress(q.snapshot())).toEqual({ done: 3, total: 5 });
  });

  it('tells the draw of every question shown, with the answers given so far', async () => {
    const q = start();
    await q.ask(questionAt(0));
    await q.answer('yes');
    await q.ask(questionAt(1, true));
    expect(q.draw.reports.filter((r) => r.type === 'questionnaire.questionShown')).toEqual([
      { type: 'questionnaire.questionShown', question: questionAt(0), answered: 0 },
      { type: 'questionnaire.questionShown', question: questionAt(1, true), answered: 1 },
    ]);
  });

  it("says 'There was a problem answering the question, redirecting' and ends when an answer fails", async () => {
    const q = start();
    await q.ask(questionAt(0));
    q.actor.send({ type: 'card.answer', choice: 'yes' });
    q.api.reject('answerQuestion', SERVER_ERROR);
    await settle();
    expect(q.toasts()).toEqual([{ type: 'toast', message: TOAST_ANSWER_FAILED, variant: 'error' }]);
    expect(q.snapshot().status).toBe('done');
    expect(q.snapshot().output).toEqual({ finished: false, rewards: [] });
    expect(q.api.count('payRewards')).toBe(0);
  });

  it('shows its screen at /questionnaire while it runs', async () => {
    const q = start({ mode: 'tellUsMore', hasFinishedQuestionnaire: false });
    expect(routeOf(q.snapshot())).toBe(QUESTIONNAIRE_PATH);
    q.api.resolve('startTellUsMore', tellUsMoreAnswer());
    await settle();
    expect(routeOf(q.snapshot())).toBe(QUESTIONNAIRE_PATH);
    q.api.resolve('hasFinishedQuestionnaire', hasFinishedAnswer(false));
    await q.ask(questionAt(0));
    expect(routeOf(q.snapshot())).toBe(QUESTIONNAIRE_PATH);
  });
});

describe('the questionnaire: when it ends (spec section 4)', () => {
  it('ends when 5 questions are answered, the count of the batch', async () => {
    const q = start();
    await q.answerAll(questions(4));
    expect(q.snapshot().matches({ questions: 'loading' })).toBe(true);
    await q.answerAll([questionAt(4)]);
    expect(q.snapshot().matches({ questions: 'ending' })).toBe(true);
    expect(q.api.count('nextQuestion')).toBe(5);
    await q.claim([TICKETS]);
    expect(q.snapshot().status).toBe('done');
    expect(q.snapshot().output).toEqual({ finished: true, rewards: [TICKETS] });
    expect(q.toasts()).toEqual([]);
  });

  it('ends with a batch of any count it is given', async () => {
    const q = start({ numOfQuestions: 2 });
    await q.answerAll(questions(2));
    expect(q.snapshot().matches({ questions: 'ending' })).toBe(true);
  });

  it("ends when the 2nd answer was to the player's last question", async () => {
    const q = start();
    await q.answerAll([questionAt(0), questionAt(1, true)]);
    expect(q.snapshot().matches({ questions: 'ending' })).toBe(true);
    expect(q.api.count('nextQuestion')).toBe(2);
    await q.claim([]);
    expect(q.snapshot().output).toEqual({ finished: true, rewards: [] });
  });

  it("goes on when the 1st answer was to the player's last question", async () => {
    const q = start();
    await q.answerAll([questionAt(0, true)]);
    expect(q.snapshot().matches({ questions: 'loading' })).toBe(true);
    expect(q.api.count('payRewards')).toBe(0);
    await q.answerAll([questionAt(1, true)]);
    expect(q.snapshot().matches({ questions: 'ending' })).toBe(true);
  });

  it("says 'You've answered all questions' and ends with the rewards claimed when none is left after 2 answers", async () => {
    const q = start();
    await q.answerAll(questions(2));
    await q.askFails(NOT_FOUND);
    expect(q.snapshot().matches({ questions: 'ending' })).toBe(true);
    expect(q.toasts()).toEqual([
      { type: 'toast', message: TOAST_NO_QUESTION_LEFT, variant: 'info' },
    ]);
    expect(q.api.callsOf('payRewards')).toEqual([ENTRY.id]);
    await q.claim([TICKETS]);
    expect(q.snapshot().output).toEqual({ finished: true, rewards: [TICKETS] });
  });

  it.each([0, 1])(
    "ends unfinished with 'You've answered all questions. Come back later for more!' when none is left after %i answers",
    async (answered) => {
      const q = start();
      await q.answerAll(questions(answered));
      await q.askFails(NOT_FOUND);
      expect(q.toasts()).toEqual([
        {
          type: 'toast',
          message: "You've answered all questions. Come back later for more!",
          variant: 'info',
        },
      ]);
      expect(TOAST_NO_QUESTION_LEFT).toBe(
        "You've answered all questions. Come back later for more!",
      );
      expect(q.snapshot().status).toBe('done');
      expect(q.snapshot().output).toEqual({ finished: false, rewards: [] });
      expect(q.api.count('payRewards')).toBe(0);
    },
  );

  it.each([0, 3])(
    "ends unfinished with 'Error getting questions. Try again later.' when the next question fails after %i answers",
    async (answered) => {
      const q = start();
      await q.answerAll(questions(answered));
      await q.askFails(SERVER_ERROR);
      expect(q.toasts()).toEqual([
        { type: 'toast', message: 'Error getting questions. Try again later.', variant: 'error' },
      ]);
      expect(q.snapshot().output).toEqual({ finished: false, rewards: [] });
      expect(q.api.count('payRewards')).toBe(0);
    },
  );
});

describe('the questionnaire: a batch resumed (a reload, Back, Forward)', () => {
  it('goes on from the answers already given, without the tutorial', async () => {
    const q = start({ ...FIRST_TIME, resumeAt: 3 });
    await q.ask(questionAt(3));
    expect(selectIsTutorial(q.snapshot())).toBe(false);
    expect(selectShowsSwipeHint(q.snapshot())).toBe(false);
    expect(selectProgress(q.snapshot())).toEqual({ done: 3, total: QUESTIONS_PER_BATCH });
    await q.answer('yes');
    await q.ask(questionAt(4));
    await q.answer('no');
    // Five answers in all: the batch ends.
    expect(q.snapshot().matches({ questions: 'ending' })).toBe(true);
    expect(q.api.count('answerQuestion')).toBe(2);
  });

  it('resumes a swiped-away tutorial at the first card', async () => {
    const q = start({ ...FIRST_TIME, resumeAt: 0 });
    await q.ask(questionAt(0));
    expect(selectIsTutorial(q.snapshot())).toBe(false);
    expect(selectProgress(q.snapshot())).toEqual({ done: 0, total: QUESTIONS_PER_BATCH });
  });

  it('goes on with Tell Us More without starting it again', async () => {
    const q = start({ mode: 'tellUsMore', resumeAt: 2 });
    await settle();
    expect(q.api.count('startTellUsMore')).toBe(0);
    expect(q.toasts()).toEqual([]);
    await q.ask(questionAt(2));
    expect(selectShowHome(q.snapshot())).toBe(true);
    expect(selectProgress(q.snapshot()).done).toBe(2);
  });
});

describe('the questionnaire: the first-time tutorial', () => {
  it("shows 'The More You Tell Us' before a first questionnaire's first question", async () => {
    const q = start(FIRST_TIME);
    await q.ask(questionAt(0));
    expect(selectIsTutorial(q.snapshot())).toBe(true);
    expect(selectPrompt(q.snapshot())).toBeNull();
    expect(selectCanAnswer(q.snapshot())).toBe(false);
    expect(q.draw.told()).not.toContain('questionnaire.questionShown');
    q.actor.send({ type: 'card.dismissTutorial' });
    expect(q.snapshot().matches({ questions: 'showing' })).toBe(true);
    expect(selectPrompt(q.snapshot())).toBe(questionAt(0).prompt);
    expect(q.draw.told()).toContain('questionnaire.questionShown');
  });

  it('does not take a tap right after the tutorial swipe as an answer to the first question', async () => {
    const q = start(FIRST_TIME);
    await q.ask(questionAt(0));
    q.actor.send({ type: 'card.dismissTutorial' });
    q.actor.send({ type: 'card.answer', choice: 'yes' });
    expect(q.api.count('answerQuestion')).toBe(0);
    q.cardArrives();
    q.actor.send({ type: 'card.answer', choice: 'yes' });
    expect(q.api.callsOf('answerQuestion')).toEqual([answerBody(questionAt(0), 'yes')]);
  });

  it("shows 'Swipe to skip' over the first card only", async () => {
    const q = start(FIRST_TIME);
    await q.ask(questionAt(0));
    q.actor.send({ type: 'card.dismissTutorial' });
    expect(selectShowsSwipeHint(q.snapshot())).toBe(true);
    q.cardArrives();
    await q.answer('skip');
    await q.ask(questionAt(1));
    expect(q.snapshot().matches({ questions: 'showing' })).toBe(true);
    expect(selectShowsSwipeHint(q.snapshot())).toBe(false);
  });

  it('shows the tutorial once: the next questions come straight to the card', async () => {
    const q = start(FIRST_TIME);
    await q.answerAll(questions(2));
    await q.ask(questionAt(2));
    expect(q.snapshot().matches({ questions: 'showing' })).toBe(true);
  });

  it("shows a returning player's first question at once, with no tutorial or hint", async () => {
    const q = start();
    await q.ask(questionAt(0));
    expect(q.snapshot().matches({ questions: 'showing' })).toBe(true);
    expect(selectShowsSwipeHint(q.snapshot())).toBe(false);
    expect(q.snapshot().can({ type: 'card.dismissTutorial' })).toBe(false);
  });
});

describe('the questionnaire: the entry the answers go with', () => {
  it("uses the draw's entry from the press and tells the draw it was found", async () => {
    const q = start();
    await settle();
    expect(q.api.count('enterDraw')).toBe(0);
    expect(q.draw.reports[0]).toEqual({ type: 'questionnaire.entryFound', entry: ENTRY });
    await q.ask(questionAt(0));
    q.actor.send({ type: 'card.answer', choice: 'yes' });
    expect(q.api.callsOf('answerQuestion')).toEqual([answerBody(questionAt(0), 'yes', ENTRY.id)]);
  });

  it('presses for the player when the draw knows no entry yet, and answers with that entry', async () => {
    const q = start({ drawEntry: null });
    expect(q.api.count('enterDraw')).toBe(1);
    expect(q.api.count('nextQuestion')).toBe(0);
    const pressed = { ...ENTRY, id: 7777 };
    q.api.resolve('enterDraw', entryAnswer(pressed));
    await settle();
    expect(q.draw.reports[0]).toEqual({ type: 'questionnaire.entryFound', entry: pressed });
    await q.ask(questionAt(0));
    q.actor.send({ type: 'card.answer', choice: 'no' });
    expect(q.api.callsOf('answerQuestion')).toEqual([answerBody(questionAt(0), 'no', 7777)]);
    q.api.resolve('answerQuestion', {});
    await settle();
    expect(q.api.count('enterDraw')).toBe(1);
  });

  it("says 'Error getting questions. Try again later.' and ends when no entry can be found", async () => {
    const q = start({ drawEntry: null });
    q.api.reject('enterDraw', SERVER_ERROR);
    await settle();
    expect(q.toasts()).toEqual([
      { type: 'toast', message: TOAST_QUESTIONS_FAILED, variant: 'error' },
    ]);
    expect(q.snapshot().output).toEqual({ finished: false, rewards: [] });
    expect(q.api.count('nextQuestion')).toBe(0);
  });
});

describe('the questionnaire: Tell Us More from the tab', () => {
  const TELL_US_MORE: Options = { mode: 'tellUsMore', drawEntry: null };

  it("shows 'Loading questions' until the server starts it, then dismisses it", async () => {
    const q = start(TELL_US_MORE);
    expect(q.emitted).toEqual([
      {
        type: 'toast',
        message: 'Loading questions',
        variant: 'loading',
        key: LOADING_QUESTIONS_KEY,
        persist: true,
      },
    ]);
    expect(TOAST_LOADING_QUESTIONS).toBe('Loading questions');
    q.api.resolve('startTellUsMore', tellUsMoreAnswer());
    await settle();
    expect(q.emitted.at(-1)).toEqual({ type: 'dismissToast', key: LOADING_QUESTIONS_KEY });
    expect(q.emitted).toHaveLength(2);
  });

  it('logs the Tell Us More click', async () => {
    const q = start(TELL_US_MORE);
    await settle();
    expect(q.api.callsOf('click')).toEqual([
      { click: { event_name: 'tell_us_more_clicked', page_url: '' } },
    ]);
  });

  it('asks the server to start it, and answers with the entry it gives', async () => {
    const q = start(TELL_US_MORE);
    expect(q.api.count('startTellUsMore')).toBe(1);
    const found = { ...ENTRY, id: 8080 };
    q.api.resolve('startTellUsMore', tellUsMoreAnswer(found));
    await settle();
    expect(q.api.count('enterDraw')).toBe(0);
    expect(q.draw.reports).toContainEqual({ type: 'questionnaire.entryFound', entry: found });
    await q.ask(questionAt(0));
    q.actor.send({ type: 'card.answer', choice: 'yes' });
    expect(q.api.callsOf('answerQuestion')).toEqual([answerBody(questionAt(0), 'yes', 8080)]);
  });

  it("says 'You've answered all questions. Come back later for more!' when the server has none (404)", async () => {
    const q = start(TELL_US_MORE);
    q.api.reject('startTellUsMore', NOT_FOUND);
    await settle();
    expect(q.emitted).toEqual([
      expect.objectContaining({ message: TOAST_LOADING_QUESTIONS }),
      { type: 'dismissToast', key: LOADING_QUESTIONS_KEY },
      { type: 'toast', message: TOAST_NO_QUESTION_LEFT, variant: 'info' },
    ]);
    expect(q.snapshot().output).toEqual({ finished: false, rewards: [] });
    expect(q.api.count('nextQuestion')).toBe(0);
  });

  it("says 'Error getting questions. Try again later.' when starting fails otherwise", async () => {
    const q = start(TELL_US_MORE);
    q.api.reject('startTellUsMore', SERVER_ERROR);
    await settle();
    expect(q.emitted).toEqual([
      expect.objectContaining({ message: TOAST_LOADING_QUESTIONS }),
      { type: 'dismissToast', key: LOADING_QUESTIONS_KEY },
      { type: 'toast', message: 'Error getting questions. Try again later.', variant: 'error' },
    ]);
    expect(q.snapshot().output).toEqual({ finished: false, rewards: [] });
  });

  it.each([true, false])(
    'asks whether the player has finished a questionnaire when not known, beside the first question, and tells the draw (%s)',
    async (finished) => {
      const q = start({ ...TELL_US_MORE, hasFinishedQuestionnaire: false });
      q.api.resolve('startTellUsMore', tellUsMoreAnswer());
      await settle();
      // Both asked at once: the first question does not wait for the check.
      expect(q.api.count('hasFinishedQuestionnaire')).toBe(1);
      expect(q.api.count('nextQuestion')).toBe(1);
      expect(q.draw.told()).not.toContain('questionnaire.finishedChecked');
      q.api.resolve('hasFinishedQuestionnaire', hasFinishedAnswer(finished));
      await settle();
      expect(q.draw.reports).toContainEqual({ type: 'questionnaire.finishedChecked', finished });
      expect(q.snapshot().context.hasFinishedQuestionnaire).toBe(finished);
      expect(q.api.count('nextQuestion')).toBe(1);
    },
  );

  it('goes on with the questions when the finished check fails, keeping false', async () => {
    const q = start({ ...TELL_US_MORE, hasFinishedQuestionnaire: false });
    q.api.resolve('startTellUsMore', tellUsMoreAnswer());
    await settle();
    q.api.reject('hasFinishedQuestionnaire', SERVER_ERROR);
    await settle();
    expect(q.snapshot().context.hasFinishedQuestionnaire).toBe(false);
    expect(q.draw.told()).not.toContain('questionnaire.finishedChecked');
    expect(q.toasts().slice(1)).toEqual([]);
    expect(q.api.count('nextQuestion')).toBe(1);
  });

  it('shows the first card before the finished check answers, and tells the draw once it does', async () => {
    const q = start({ ...TELL_US_MORE, hasFinishedQuestionnaire: false });
    q.api.resolve('startTellUsMore', tellUsMoreAnswer());
    await settle();
    q.api.resolve('nextQuestion', nextQuestionAnswer(questionAt(0)));
    await settle();
    expect(q.snapshot().matches({ questions: 'loading' })).toBe(false);
    expect(q.snapshot().matches('questions')).toBe(true);
    q.api.resolve('hasFinishedQuestionnaire', hasFinishedAnswer(true));
    await settle();
    expect(q.draw.reports).toContainEqual({
      type: 'questionnaire.finishedChecked',
      finished: true,
    });
  });

  it('does not ask whether the player has finished when the draw knows they have', async () => {
    const q = start({ ...TELL_US_MORE, hasFinishedQuestionnaire: true });
    q.api.resolve('startTellUsMore', tellUsMoreAnswer());
    await settle();
    expect(q.api.count('hasFinishedQuestionnaire')).toBe(0);
    expect(q.api.count('nextQuestion')).toBe(1);
  });

  it('never asks whether the player has finished in a batch after a press', async () => {
    const q = start({ hasFinishedQuestionnaire: false });
    await q.answerAll(questions(5));
    expect(q.api.count('hasFinishedQuestionnaire')).toBe(0);
  });

  it('shows the Home link in Tell Us More only', async () => {
    const tellUsMore = start(TELL_US_MORE);
    expect(selectShowHome(tellUsMore.snapshot())).toBe(true);
    const batch = start();
    await batch.ask(questionAt(0));
    expect(selectShowHome(batch.snapshot())).toBe(false);
  });

  it('asks 5 questions too', async () => {
    const q = start(TELL_US_MORE);
    q.api.resolve('startTellUsMore', tellUsMoreAnswer());
    await settle();
    expect(selectProgress(q.snapshot()).total).toBe(5);
    await q.answerAll(questions(5));
    expect(q.snapshot().matches({ questions: 'ending' })).toBe(true);
  });
});

describe('the questionnaire: the rewards at the end', () => {
  it("claims the entry's rewards and shows them after a first questionnaire", async () => {
    const q = start(FIRST_TIME);
    await q.answerAll(questions(5));
    expect(q.api.callsOf('payRewards')).toEqual([ENTRY.id]);
    expect(q.api.count('rewards')).toBe(0);
    q.api.resolve('payRewards', rewardsAnswer([TICKETS, COUPON]));
    await settle();
    // The payment's answer says what to show: no second call.
    expect(q.api.count('rewards')).toBe(0);
    expect(q.snapshot().output).toEqual({ finished: true, rewards: [TICKETS, COUPON] });
  });

  it("claims a returning player's rewards and shows them too: the answers' worth is said", async () => {
    const q = start();
    await q.answerAll(questions(5));
    expect(q.api.callsOf('payRewards')).toEqual([ENTRY.id]);
    await q.claim([TICKETS]);
    expect(q.snapshot().output).toEqual({ finished: true, rewards: [TICKETS] });
    expect(q.toasts()).toEqual([]);
  });

  it('says that skipped questions earn nothing when the batch earned nothing to show', async () => {
    const q = start({ mode: 'tellUsMore' });
    q.api.resolve('startTellUsMore', tellUsMoreAnswer(ENTRY));
    await q.answerAll(questions(5));
    await q.claim([]);
    expect(q.snapshot().output).toEqual({ finished: true, rewards: [] });
    expect(q.toasts().map((toast) => toast.message)).toContain(TOAST_NOTHING_EARNED);
    expect(TOAST_NOTHING_EARNED).toBe(
      'Thanks for your answers! Skipped questions earn no tickets.',
    );
  });

  it('ends finished with no rewards to show when claiming fails', async () => {
    const q = start(FIRST_TIME);
    await q.answerAll(questions(5));
    q.api.reject('payRewards', SERVER_ERROR);
    await settle();
    expect(q.snapshot().output).toEqual({ finished: true, rewards: [] });
    expect(q.toasts()).toEqual([]);
  });

  it('claims the rewards of the entry Tell Us More found', async () => {
    const q = start({ mode: 'tellUsMore' });
    q.api.resolve('startTellUsMore', tellUsMoreAnswer({ ...ENTRY, id: 9001 }));
    await q.answerAll(questions(5));
    expect(q.api.callsOf('payRewards')).toEqual([9001]);
  });
});

describe('the questionnaire: what the session hears', () => {
  it('tells the session once that a first questionnaire is over (the player is returning)', async () => {
    const q = start({ ...FIRST_TIME, underSession: true });
    await q.answerAll(questions(4));
    expect(q.sessionHeard()).toBe(0);
    await q.answerAll([questionAt(4)]);
    await q.claim();
    expect(q.sessionHeard()).toBe(1);
    expect(q.snapshot().status).toBe('done');
  });

  it('tells the session when claiming the rewards fails too', async () => {
    const q = start({ ...FIRST_TIME, underSession: true });
    await q.answerAll(questions(5));
    q.api.reject('payRewards', SERVER_ERROR);
    await settle();
    expect(q.sessionHeard()).toBe(1);
  });

  it("tells the session nothing after a returning player's questionnaire", async () => {
    const q = start({ underSession: true });
    await q.answerAll(questions(5));
    await q.claim([]);
    expect(q.snapshot().status).toBe('done');
    expect(q.sessionHeard()).toBe(0);
  });

  it('tells the session nothing when the questionnaire ends unfinished', async () => {
    const q = start({ ...FIRST_TIME, underSession: true });
    await q.askFails(NOT_FOUND);
    expect(q.snapshot().status).toBe('done');
    expect(q.sessionHeard()).toBe(0);
  });
});
