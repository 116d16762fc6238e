// What I Like, the disclosure and Skip (spec sections 2, 4, 5 and 8): where 'What I Like' leads,
// what a first-time player's skip records and earns, a returning player's skip, a failed skip,
// and the clicks logged on the way.
import { describe, expect, it } from 'vitest';
import { createActor, type ActorRefFrom, type AnyEventObject, type SnapshotFrom } from 'xstate';
import type { DrawEntry } from '../../contract/api';
import { createQuestionnaireActors } from '../../machines/questionnaire/questionnaire.actors';
import {
  DISCLOSURE_PATH,
  WHAT_I_LIKE_PATH,
  type QuestionnaireEmitted,
} from '../../machines/questionnaire/questionnaire.types';
import {
  selectCanSkip,
  selectCanStart,
  selectIsFirstQuestionnaire,
  selectIsSkipping,
} from '../../machines/questionnaire/questionnaire.selectors';
import {
  TOAST_SKIP_FAILED,
  whatILikeMachine,
  type WhatILikeInput,
} from '../../machines/questionnaire/what-i-like.machine';
import { routeOf } from '../../machines/shared/routes';
import { standInRoot } from '../support/root-stand-in';
import {
  COUPON,
  ENTRY,
  entryAnswer,
  FakeQuestionsApi,
  rewardsAnswer,
  SERVER_ERROR,
  TICKETS,
} from '../model/helpers/questionnaire-fake-api';

type Options = {
  isFirstQuestionnaire?: boolean;
  atDisclosure?: boolean;
  /** The entry the draw holds (the press's); null: none yet. */
  drawEntry?: DrawEntry | null;
  /** Clicks fail at the server (analytics down). */
  clicksFail?: boolean;
};

/** Lets the fake calls' answers reach the machine. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(options: Options = {}) {
  const api = new FakeQuestionsApi();
  api.answerAlways('click', () =>
    options.clicksFail ? Promise.reject(SERVER_ERROR) : Promise.resolve({}),
  );
  const input: WhatILikeInput = {
    atDisclosure: options.atDisclosure ?? false,
    isFirstQuestionnaire: options.isFirstQuestionnaire ?? false,
    drawEntry: options.drawEntry === undefined ? ENTRY : options.drawEntry,
  };
  const calls = createQuestionnaireActors(api);
  const logic = whatILikeMachine.provide({
    actors: { skipQuestionnaire: calls.skipQuestionnaire, logClick: calls.logClick },
  });
  // It runs as a step under the session, as in the app: the stand-in root takes its reports
  // (machines/shared/root.ts) and records what else it is told.
  const toSession: AnyEventObject[] = [];
  const session = createActor(
    standInRoot({
      id: 'whatILike',
      logic,
      input,
      heard: { 'session.questionnaireFinished': (event) => void toSession.push(event) },
    }),
    { systemId: 'session' },
  );
  // What the root emits: the step's toasts reach the app through it.
  const emitted: QuestionnaireEmitted[] = [];
  session.on('toast', (effect: QuestionnaireEmitted) => void emitted.push(effect));
  session.start();
  const actor = session.getSnapshot().children.whatILike as ActorRefFrom<typeof whatILikeMachine>;
  const snapshot = (): SnapshotFrom<typeof whatILikeMachine> => actor.getSnapshot();
  const sessionHeard = () =>
    toSession.filter((event) => event.type === 'session.questionnaireFinished').length;
  /** The server records the skip, gives the wishlist coupon and lists the rewards. */
  async function skipAnswered(rewards = [COUPON]) {
    await settle();
    api.resolve('skipQuestionnaire', { data: { draw_entry_id: ENTRY.id, skipped: true } });
    await settle();
    api.resolve('wishlistCoupon', { data: COUPON });
    await settle();
    api.resolve('rewards', rewardsAnswer(rewards));
    await settle();
  }
  return { actor, api, emitted, snapshot, sessionHeard, skipAnswered };
}

describe("What I Like: 'What I Like' and the disclosure", () => {
  it("shows 'What I Like' and 'Skip' at /what-i-like", () => {
    const step = start();
    expect(step.snapshot().value).toBe('choosing');
    expect(routeOf(step.snapshot())).toBe(WHAT_I_LIKE_PATH);
    expect(selectCanStart(step.snapshot())).toBe(true);
    expect(selectCanSkip(step.snapshot())).toBe(true);
  });

  it("shows a first-time player the product's promises (/disclosure) before the questions", () => {
    const step = start({ isFirstQuestionnaire: true });
    expect(selectIsFirstQuestionnaire(step.snapshot())).toBe(true);
    step.actor.send({ type: 'whatILike.start' });
    expect(step.snapshot().value).toBe('disclosure');
    expect(routeOf(step.snapshot())).toBe(DISCLOSURE_PATH);
    expect(selectCanStart(step.snapshot())).toBe(false);
    expect(selectCanSkip(step.snapshot())).toBe(false);
  });

  it("starts the questions once the first-time player has read the promises ('Got it')", () => {
    const step = start({ isFirstQuestionnaire: true });
    step.actor.send({ type: 'whatILike.start' });
    step.actor.send({ type: 'disclosure.continue' });
    expect(step.snapshot().status).toBe('done');
    expect(step.snapshot().output).toEqual({ startsQuestions: true, finished: false, rewards: [] });
  });

  it("starts a returning player's questions at once", async () => {
    const step = start();
    expect(selectIsFirstQuestionnaire(step.snapshot())).toBe(false);
    step.actor.send({ type: 'whatILike.start' });
    // The tap is logged before the questions start.
    await settle();
    expect(step.snapshot().status).toBe('done');
    expect(step.snapshot().output).toEqual({ startsQuestions: true, finished: false, rewards: [] });
  });

  it('opens at the disclosure when the player was there (a reload of /disclosure)', () => {
    const step = start({ isFirstQuestionnaire: true, atDisclosure: true });
    expect(step.snapshot().value).toBe('disclosure');
    expect(step.snapshot().can({ type: 'disclosure.continue' })).toBe(true);
    step.actor.send({ type: 'disclosure.continue' });
    expect(step.snapshot().output).toEqual({ startsQuestions: true, finished: false, rewards: [] });
  });

  it('takes no Continue outside the disclosure', () => {
    const step = start();
    expect(step.snapshot().can({ type: 'disclosure.continue' })).toBe(false);
  });

  it("logs the What I Like click on the way to a first-time player's disclosure", async () => {
    const step = start({ isFirstQuestionnaire: true });
    step.actor.send({ type: 'whatILike.start' });
    await settle();
    expect(step.api.callsOf('click')).toEqual([
      { click: { event_name: 'what_i_like_clicked', page_url: '' } },
      { click: { event_name: 'win_more_clicked', page_url: '' } },
    ]);
    // Continue on the disclosure logs nothing more.
    step.actor.send({ type: 'disclosure.continue' });
    await settle();
    expect(step.api.clicks()).toEqual(['what_i_like_clicked', 'win_more_clicked']);
  });

  // The step waits for the click before it ends: a click spawned on the way into the final
  // state would be stopped before it is sent.
  it("logs a returning player's What I Like click before moving on", async () => {
    const step = start();
    step.actor.send({ type: 'whatILike.start' });
    await settle();
    expect(step.api.clicks()).toEqual(['win_more_clicked', 'what_i_like_clicked']);
    expect(step.snapshot().output).toEqual({ startsQuestions: true, finished: false, rewards: [] });
  });

  it('goes on when the click cannot be logged', async () => {
    const step = start({ isFirstQuestionnaire: true, clicksFail: true });
    step.actor.send({ type: 'whatILike.start' });
    await settle();
    expect(step.api.clicks()).toEqual(['what_i_like_clicked', 'win_more_clicked']);
    expect(step.snapshot().value).toBe('disclosure');
    step.actor.send({ type: 'disclosure.continue' });
    expect(step.snapshot().output).toEqual({ startsQuestions: true, finished: false, rewards: [] });
  });
});

describe('What I Like: Skip', () => {
  it("records a first-time player's skip against the entry's numeric id, earns the wishlist coupon and shows the rewards", async () => {
    const step = start({ isFirstQuestionnaire: true });
    step.actor.send({ type: 'whatILike.skip' });
    expect(step.snapshot().value).toBe('skipping');
    expect(selectIsSkipping(step.snapshot())).toBe(true);
    expect(selectCanStart(step.snapshot())).toBe(false);
    expect(selectCanSkip(step.snapshot())).toBe(false);
    expect(routeOf(step.snapshot())).toBe(WHAT_I_LIKE_PATH);
    await settle();
    expect(step.api.callsOf('skipQuestionnaire')).toEqual([ENTRY.id]);
    expect(typeof step.api.callsOf('skipQuestionnaire')[0]).toBe('number');
    await step.skipAnswered([COUPON, TICKETS]);
    expect(step.api.calls.map((call) => call.name).filter((name) => name !== 'click')).toEqual([
      'skipQuestionnaire',
      'wishlistCoupon',
      'rewards',
    ]);
    expect(step.snapshot().status).toBe('done');
    expect(step.snapshot().output).toEqual({
      startsQuestions: false,
      finished: true,
      rewards: [COUPON, TICKETS],
    });
  });

  it('marks the first-time player as returning, once', async () => {
    const step = start({ isFirstQuestionnaire: true });
    step.actor.send({ type: 'whatILike.skip' });
    expect(step.sessionHeard()).toBe(0);
    await step.skipAnswered();
    expect(step.sessionHeard()).toBe(1);
  });

  it('skips the entry the draw held when What I Like opened', async () => {
    const step = start({ isFirstQuestionnaire: true, drawEntry: { ...ENTRY, id: 6001 } });
    step.actor.send({ type: 'whatILike.skip' });
    await settle();
    expect(step.api.count('enterDraw')).toBe(0);
    expect(step.api.callsOf('skipQuestionnaire')).toEqual([6001]);
  });

  it('presses for a first-time player whose press has not answered, and skips that entry', async () => {
    const step = start({ isFirstQuestionnaire: true, drawEntry: null });
    step.actor.send({ type: 'whatILike.skip' });
    await settle();
    expect(step.api.count('enterDraw')).toBe(1);
    expect(step.api.count('skipQuestionnaire')).toBe(0);
    step.api.resolve('enterDraw', entryAnswer({ ...ENTRY, id: 6002 }));
    await settle();
    expect(step.api.callsOf('skipQuestionnaire')).toEqual([6002]);
  });

  it("ends a returning player's questionnaire with no call and no rewards", async () => {
    const step = start();
    step.actor.send({ type: 'whatILike.skip' });
    await settle();
    expect(step.api.count('skipQuestionnaire')).toBe(0);
    expect(step.api.count('wishlistCoupon')).toBe(0);
    expect(step.api.count('rewards')).toBe(0);
    expect(step.snapshot().output).toEqual({ startsQuestions: false, finished: true, rewards: [] });
    expect(step.sessionHeard()).toBe(0);
    expect(step.emitted).toEqual([]);
  });

  it.each(['skipQuestionnaire', 'wishlistCoupon', 'rewards'] as const)(
    "says 'An error occurred. Please try again later.' and ends unfinished when %s fails",
    async (failing) => {
      const step = start({ isFirstQuestionnaire: true });
      step.actor.send({ type: 'whatILike.skip' });
      await settle();
      for (const call of ['skipQuestionnaire', 'wishlistCoupon', 'rewards'] as const) {
        if (call === failing) {
          step.api.reject(call, SERVER_ERROR);
          await settle();
          break;
        }
        step.api.resolve(call, call === 'rewards' ? rewardsAnswer([]) : {});
        await settle();
      }
      expect(step.emitted).toEqual([
        { type: 'toast', message: 'An error occurred. Please try again later.', variant: 'error' },
      ]);
      expect(TOAST_SKIP_FAILED).toBe('An error occurred. Please try again later.');
      expect(step.snapshot().status).toBe('done');
      expect(step.snapshot().output).toEqual({
        startsQuestions: false,
        finished: false,
        rewards: [],
      });
      expect(step.sessionHeard()).toBe(0);
    },
  );

  it('logs the skip click, for first-time and returning players', async () => {
    const first = start({ isFirstQuestionnaire: true });
    first.actor.send({ type: 'whatILike.skip' });
    const returning = start();
    returning.actor.send({ type: 'whatILike.skip' });
    await settle();
    expect(first.api.callsOf('click')).toEqual([
      { click: { event_name: 'questionnaire_skipped', page_url: '' } },
    ]);
    expect(returning.api.clicks()).toEqual(['questionnaire_skipped']);
  });

  it('skips when the click cannot be logged', async () => {
    const step = start({ isFirstQuestionnaire: true, clicksFail: true });
    step.actor.send({ type: 'whatILike.skip' });
    await step.skipAnswered([COUPON]);
    expect(step.api.clicks()).toEqual(['questionnaire_skipped']);
    expect(step.emitted).toEqual([]);
    expect(step.snapshot().output).toEqual({
      startsQuestions: false,
      finished: true,
      rewards: [COUPON],
    });
  });

  it('takes no second tap while skipping', async () => {
    const step = start({ isFirstQuestionnaire: true });
    step.actor.send({ type: 'whatILike.skip' });
    step.actor.send({ type: 'whatILike.skip' });
    step.actor.send({ type: 'whatILike.start' });
    await settle();
    expect(step.snapshot().value).toBe('skipping');
    expect(step.api.count('skipQuestionnaire')).toBe(1);
  });
});
