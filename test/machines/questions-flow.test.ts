// The questions and rewards after a press, or from Tell Us More (spec sections 2 and 4), on a
// simulated clock: 'You're Entered To Win', the rewards it finds, What I Like (with the promises
// before the first time), the questionnaire and the rewards it earned, each branch to its end,
// and what the draw hears on the way.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type ActorRefFrom, type AnyActorRef } from 'xstate';
import type { DrawEntry, Reward } from '../../contract/api';
import { rewardKindOf } from '../../machines/reward-playback/reward-playback.machine';
import { connectQuestionsFlow } from '../../machines/questionnaire/questions-flow.actors';
import type {
  QuestionnaireFlags,
  QuestionsFlowStart,
} from '../../machines/questionnaire/questions-flow.machine';
import {
  CARD_ARRIVAL_MS,
  type questionnaireMachine,
} from '../../machines/questionnaire/questionnaire.machine';
import type { whatILikeMachine } from '../../machines/questionnaire/what-i-like.machine';
import { routeOf } from '../../machines/shared/routes';
import {
  COUPON,
  ENTRY,
  FakeDrawLink,
  FakeQuestionsApi,
  GIFT_CARD,
  NOT_FOUND,
  nextQuestionAnswer,
  questionAt,
  rewardsAnswer,
  SERVER_ERROR,
  tellUsMoreAnswer,
  TICKETS,
} from '../model/helpers/questionnaire-fake-api';
import { where } from './running-steps';
import { settle } from '../support/settle';

const RETURNING: QuestionnaireFlags = {
  isFirstTimeUser: false,
  isFirstQuestionnaire: false,
  hasFinishedQuestionnaire: true,
};
const FIRST_TIME: QuestionnaireFlags = {
  isFirstTimeUser: true,
  isFirstQuestionnaire: true,
  hasFinishedQuestionnaire: false,
};

/** How long each reward shows (spec section 9). */
const SHOWS_FOR = { token: 1700, coupon: 3000, giftCard: 8000 } as const;

/** Lets the fake calls' answers reach the machines. */
type Options = { flags?: QuestionnaireFlags; drawEntry?: DrawEntry | null };

function run(start: QuestionsFlowStart, options: Options = {}) {
  const api = new FakeQuestionsApi();
  api.answerAlways('click', () => Promise.resolve({}));
  api.answerAlways('markRewardsPlayedBack', () => Promise.resolve({}));
  const clock = new SimulatedClock();
  const draw = new FakeDrawLink(options.drawEntry === undefined ? ENTRY : options.drawEntry);
  const flags = options.flags ?? RETURNING;
  const drawEntry = options.drawEntry === undefined ? ENTRY : options.drawEntry;
  const played = { sounds: 0, vibrations: [] as number[] };
  const logic = connectQuestionsFlow(api, {
    playSound: () => {
      played.sounds += 1;
    },
    vibrate: (ms) => void played.vibrations.push(ms),
  });
  // The draw, its parent, only listens here: what the flow passes on lands in `draw`.
  const flow = createActor(logic, {
    clock,
    parent: draw.asParent({ clock }),
    input: { start, flags, drawEntry },
  });
  flow.start();

  const snapshot = () => flow.getSnapshot();
  const step = (id: string): AnyActorRef | undefined =>
    (snapshot().children as Record<string, AnyActorRef | undefined>)[id];
  const whatILike = () => step('whatILike') as ActorRefFrom<typeof whatILikeMachine>;
  const questionnaire = () => step('questionnaire') as ActorRefFrom<typeof questionnaireMachine>;
  const route = () => routeOf(snapshot());

  /** 'You're Entered To Win' has its 1.5 s, then the server lists `rewards`. */
  async function entered(rewards: Reward[]) {
    clock.increment(1500);
    api.resolve('rewards', rewardsAnswer(rewards));
    await settle();
  }
  /** Each reward on screen has its time; the server hears they were shown. */
  async function playRewards(rewards: Reward[]) {
    for (const reward of rewards) clock.increment(SHOWS_FOR[rewardKindOf(reward)]);
    await settle();
  }
  /** Five questions asked and answered yes (the tutorial swiped away when it shows). */
  async function answerFive() {
    for (let i = 0; i < 5; i++) {
      await settle();
      api.resolve('nextQuestion', nextQuestionAnswer(questionAt(i)));
      await settle();
      const card = questionnaire();
      if (card.getSnapshot().matches({ questions: 'tutorial' })) {
        card.send({ type: 'card.dismissTutorial' });
      }
      // The player reads the card before answering it.
      clock.increment(CARD_ARRIVAL_MS);
      card.send({ type: 'card.answer', choice: 'yes' });
      api.resolve('answerQuestion', {});
      await settle();
    }
  }
  /** The entry's answers are paid; a first questionnaire lists `rewards`. */
  async function claim(rewards: Reward[]) {
    api.resolve('payRewards', rewardsAnswer(rewards));
    await settle();
    if (api.isWaiting('rewards')) api.resolve('rewards', rewardsAnswer(rewards));
    await settle();
  }
  /** A first-time player's skip: recorded, the wishlist coupon, the rewards listed. */
  async function skipped(rewards: Reward[]) {
    await settle();
    api.resolve('skipQuestionnaire', {});
    await settle();
    api.resolve('wishlistCoupon', {});
    await settle();
    api.resolve('rewards', rewardsAnswer(rewards));
    await settle();
  }

  return {
    flow,
    api,
    clock,
    draw,
    flags,
    played,
    snapshot,
    whatILike,
    questionnaire,
    route,
    entered,
    playRewards,
    answerFive,
    claim,
    skipped,
  };
}

describe("the questions flow: after a press, 'You're Entered To Win' and its rewards", () => {
  it("shows 'You're Entered To Win' for 1.5 s before checking for rewards", () => {
    const flow = run('youveEntered');
    expect(flow.route()).toBe('/youve-entered');
    flow.clock.increment(1499);
    expect(flow.api.count('rewards')).toBe(0);
    flow.clock.increment(1);
    expect(flow.api.count('rewards')).toBe(1);
  });

  it('plays the rewards the press brought, then ends (/home)', async () => {
    const flow = run('youveEntered');
    await flow.entered([TICKETS, COUPON]);
    expect(flow.snapshot().value).toBe('rewards');
    expect(flow.route()).toBe('/rewards');
    await flow.playRewards([TICKETS, COUPON]);
    expect(flow.api.callsOf('markRewardsPlayedBack').at(-1)).toEqual([TICKETS.id, COUPON.id]);
    expect(flow.played.sounds).toBe(2);
    expect(flow.snapshot().status).toBe('done');
    expect(flow.draw.told()).toEqual([]);
  });

  it('goes on to What I Like after a gift card, and tells the draw a gift card was received', async () => {
    const flow = run('youveEntered');
    await flow.entered([GIFT_CARD]);
    expect(flow.draw.told()).toEqual([]);
    await flow.playRewards([GIFT_CARD]);
    expect(flow.played.vibrations).toEqual([1000]);
    expect(flow.snapshot().value).toBe('whatILike');
    expect(flow.route()).toBe('/what-i-like');
    expect(flow.draw.told()).toEqual(['questionnaire.giftCardReceived']);
  });

  it('goes straight to What I Like when the press brought no rewards', async () => {
    const flow = run('youveEntered');
    await flow.entered([]);
    expect(flow.snapshot().value).toBe('whatILike');
    expect(flow.route()).toBe('/what-i-like');
    expect(flow.api.count('markRewardsPlayedBack')).toBe(0);
  });

  it('goes to What I Like when the rewards check fails', async () => {
    const flow = run('youveEntered');
    flow.clock.increment(1500);
    flow.api.reject('rewards', SERVER_ERROR);
    await settle();
    expect(flow.snapshot().value).toBe('whatILike');
  });

  it('ends at once when opened at /rewards with nothing to play', async () => {
    const flow = run('rewards');
    await settle();
    // Opened again (a reload, Back): the server lists what is left to play, here nothing.
    flow.api.resolve('rewards', rewardsAnswer([]));
    await settle();
    expect(flow.snapshot().status).toBe('done');
    expect(flow.draw.told()).toEqual([]);
  });
});

describe('the questions flow: What I Like, the questionnaire and its rewards', () => {
  it('takes a first-time player through the promises, 5 questions and the rewards they won', async () => {
    const flow = run('youveEntered', { flags: FIRST_TIME });
    await flow.entered([]);
    expect(flow.whatILike().getSnapshot().context.isFirstQuestionnaire).toBe(true);
    flow.whatILike().send({ type: 'whatILike.start' });
    expect(flow.route()).toBe('/disclosure');
    flow.whatILike().send({ type: 'disclosure.continue' });
    expect(flow.snapshot().value).toBe('questionnaire');
    expect(flow.route()).toBe('/questionnaire');
    const { context } = flow.questionnaire().getSnapshot();
    expect(context.isTellUsMore).toBe(false);
    expect(context.showHome).toBe(false);
    expect(context.showTutorial).toBe(true);
    expect(context.numOfQuestions).toBe(5);
    await flow.answerFive();
    await flow.claim([TICKETS, COUPON]);
    expect(flow.draw.told().filter((type) => type === 'questionnaire.finished')).toHaveLength(1);
    expect(flow.snapshot().value).toBe('rewards');
    expect(flow.route()).toBe('/rewards');
    await flow.playRewards([TICKETS, COUPON]);
    expect(flow.api.callsOf('markRewardsPlayedBack').at(-1)).toEqual([TICKETS.id, COUPON.id]);
    expect(flow.snapshot().status).toBe('done');
  });

  it("plays what a returning player's 5 answers earned, then ends (/home)", async () => {
    const flow = run('whatILike');
    flow.whatILike().send({ type: 'whatILike.start' });
    // The tap is logged before the questions start.
    await settle();
    expect(flow.snapshot().value).toBe('questionnaire');
    expect(flow.questionnaire().getSnapshot().context.showTutorial).toBe(false);
    await flow.answerFive();
    await flow.claim([TICKETS]);
    expect(flow.route()).toBe('/rewards');
    expect(flow.draw.told().filter((type) => type === 'questionnaire.finished')).toHaveLength(1);
    await flow.playRewards([TICKETS]);
    expect(flow.api.callsOf('markRewardsPlayedBack').at(-1)).toEqual([TICKETS.id]);
    expect(flow.snapshot().status).toBe('done');
  });

  it('tells the draw of a gift card won in the questions, and ends (/home)', async () => {
    const flow = run('whatILike', { flags: FIRST_TIME });
    flow.whatILike().send({ type: 'whatILike.start' });
    flow.whatILike().send({ type: 'disclosure.continue' });
    await flow.answerFive();
    await flow.claim([GIFT_CARD]);
    await flow.playRewards([GIFT_CARD]);
    expect(flow.snapshot().status).toBe('done');
    expect(flow.draw.told().slice(-2)).toEqual([
      'questionnaire.finished',
      'questionnaire.giftCardReceived',
    ]);
  });

  it("passes the questionnaire's reports on to the draw", async () => {
    const flow = run('questionnaire');
    await settle();
    flow.api.resolve('nextQuestion', nextQuestionAnswer(questionAt(0)));
    await settle();
    expect(flow.draw.reports).toEqual([
      { type: 'questionnaire.entryFound', entry: ENTRY },
      { type: 'questionnaire.questionShown', question: questionAt(0), answered: 0 },
    ]);
  });

  it('does not tell the draw the questionnaire finished when it ends without questions', async () => {
    const flow = run('whatILike');
    flow.whatILike().send({ type: 'whatILike.start' });
    await settle();
    flow.api.reject('nextQuestion', NOT_FOUND);
    await settle();
    expect(flow.snapshot().status).toBe('done');
    expect(flow.draw.told()).not.toContain('questionnaire.finished');
  });

  it('starts each step with the flags the draw last sent', async () => {
    const flow = run('youveEntered', { flags: FIRST_TIME });
    flow.flow.send({ type: 'draw.changed', flags: RETURNING, drawEntry: ENTRY });
    await flow.entered([]);
    expect(flow.whatILike().getSnapshot().context.isFirstQuestionnaire).toBe(false);
  });
});

describe('the questions flow: Skip', () => {
  it("plays a first-time player's skip rewards, telling the draw the questionnaire is finished", async () => {
    const flow = run('youveEntered', { flags: FIRST_TIME });
    await flow.entered([]);
    flow.whatILike().send({ type: 'whatILike.skip' });
    await flow.skipped([COUPON]);
    expect(flow.api.callsOf('skipQuestionnaire')).toEqual([ENTRY.id]);
    expect(flow.draw.told()).toEqual(['questionnaire.finished']);
    expect(flow.snapshot().value).toBe('rewards');
    await flow.playRewards([COUPON]);
    expect(flow.snapshot().status).toBe('done');
  });

  it("ends a returning player's skip with the questionnaire finished and nothing to play", async () => {
    const flow = run('whatILike');
    flow.whatILike().send({ type: 'whatILike.skip' });
    await settle();
    expect(flow.snapshot().status).toBe('done');
    expect(flow.draw.told()).toEqual(['questionnaire.finished']);
    expect(flow.api.count('skipQuestionnaire')).toBe(0);
  });

  it('ends without finishing the questionnaire when the skip fails', async () => {
    const flow = run('whatILike', { flags: FIRST_TIME });
    flow.whatILike().send({ type: 'whatILike.skip' });
    await settle();
    flow.api.reject('skipQuestionnaire', SERVER_ERROR);
    await settle();
    expect(flow.snapshot().status).toBe('done');
    expect(flow.draw.told()).toEqual([]);
  });
});

describe('the questions flow: where it opens', () => {
  it("opens a first-time player's /disclosure at the promises", () => {
    const flow = run('disclosure', { flags: FIRST_TIME });
    expect(where(flow.flow)).toEqual({ whatILike: 'disclosure' });
    expect(flow.route()).toBe('/disclosure');
  });

  it("opens a returning player's /disclosure at What I Like", () => {
    const flow = run('disclosure');
    expect(where(flow.flow)).toEqual({ whatILike: 'choosing' });
    expect(flow.route()).toBe('/what-i-like');
  });

  it('opens /questionnaire at a batch of questions', () => {
    const flow = run('questionnaire');
    expect(flow.snapshot().value).toBe('questionnaire');
    expect(flow.questionnaire().getSnapshot().context.isTellUsMore).toBe(false);
  });

  it('starts Tell Us More with the server, a Home link and 5 questions', async () => {
    const flow = run('tellUsMore', { drawEntry: null });
    expect(flow.snapshot().value).toBe('questionnaire');
    expect(flow.route()).toBe('/questionnaire');
    const { context } = flow.questionnaire().getSnapshot();
    expect(context.isTellUsMore).toBe(true);
    expect(context.showHome).toBe(true);
    expect(context.numOfQuestions).toBe(5);
    expect(flow.api.count('startTellUsMore')).toBe(1);
    flow.api.resolve('startTellUsMore', tellUsMoreAnswer({ ...ENTRY, id: 9100 }));
    await flow.answerFive();
    await flow.claim([]);
    expect(flow.api.callsOf('payRewards')).toEqual([9100]);
    expect(flow.snapshot().status).toBe('done');
    expect(flow.draw.told()).toContain('questionnaire.finished');
  });

  it('ends when Tell Us More has no question left, the questionnaire unfinished', async () => {
    const flow = run('tellUsMore');
    flow.api.reject('startTellUsMore', NOT_FOUND);
    await settle();
    expect(flow.snapshot().status).toBe('done');
    expect(flow.draw.told()).toEqual([]);
  });
});
