// The server the questions' reload walks talk to (questions-flow, questionnaire and reward
// playback .reload-back tests): what it knows across reloads (the player's entry, the rewards
// not played back, the question it asked), learnt from the answers the walk gives, so that an
// app opened again as a reload opens it is answered as the server would answer it; and the
// steps it saw done (entries, answers, payments, skips, rewards played), counted from the calls
// of every app run, so that a step done twice shows.
import type { DrawEntry, Reward, TimerResponse } from '../../../contract/api';
import type { NextQuestionResponse } from '../../../contract/questionnaires';
import { ApiFailure } from '../../../src/lib/api';
import {
  COUPON_REWARD,
  FakeDrawApi,
  hasFinished,
  tellUsMoreStarted,
  TIMER_ENTERED,
  TIMER_NOT_ENTERED,
  type DrawCallName,
} from './draw-fake-api';
import { NO_QUESTION_LEFT_FAILURE } from './questions-gestures';

/** The steps the server saw done; none may be done again after a reload or Back. */
export type Steps = {
  entries: number;
  /** Tell Us More batches started (a batch the player did not ask for is a step replayed). */
  tellUsMoreStarts: number;
  /** The question of each answer, in order. */
  answers: number[];
  payments: number;
  skips: number;
  /** Each played-back call's rewards. */
  played: string[][];
};

export type Server = {
  entry: DrawEntry;
  /** The question the server asks after `answered` answers. */
  questionAt: (answered: number) => NextQuestionResponse;
  /** The player has an entry in the open draw. */
  entered: boolean;
  finished: boolean;
  /** No question is left for the player (the server said 404). */
  noneLeft: boolean;
  answers: number;
  /** The question asked and not answered yet: asked again until it is. */
  asked: NextQuestionResponse | null;
  /** Every reward the player won; those not played back are listed again. */
  awarded: Reward[];
  /** The steps of the apps run before the one running now. */
  before: Steps;
};

export function newServer(
  entry: DrawEntry,
  questionAt: (answered: number) => NextQuestionResponse,
): Server {
  return {
    entry,
    questionAt,
    entered: false,
    finished: false,
    noneLeft: false,
    answers: 0,
    asked: null,
    awarded: [],
    before: { entries: 0, tellUsMoreStarts: 0, answers: [], payments: 0, skips: 0, played: [] },
  };
}

/** The steps `api` was asked to do. */
function stepsOf(api: FakeDrawApi): Steps {
  return {
    entries: api.count('enterDraw'),
    tellUsMoreStarts: api.count('startTellUsMore'),
    answers: api
      .callsOf('answerQuestion')
      .map((body) => (body as { questionId: number }).questionId),
    payments: api.count('payRewards'),
    skips: api.count('skipQuestionnaire'),
    played: api.callsOf('markRewardsPlayedBack') as string[][],
  };
}

/** Every step the server saw done, by the apps before and by `api`'s. */
export function stepsDone(server: Server, api: FakeDrawApi): Steps {
  const now = stepsOf(api);
  const { before } = server;
  return {
    entries: before.entries + now.entries,
    tellUsMoreStarts: before.tellUsMoreStarts + now.tellUsMoreStarts,
    answers: [...before.answers, ...now.answers],
    payments: before.payments + now.payments,
    skips: before.skips + now.skips,
    played: [...before.played, ...now.played],
  };
}

/** The app running on `api` stops (a reload): its steps are the server's from now on. */
export function keepSteps(server: Server, api: FakeDrawApi): void {
  server.before = stepsDone(server, api);
}

/** What the server learns from an answer it gives (by the walk's hand, or at once). */
function learn(server: Server, call: DrawCallName, value: unknown): void {
  const rewards = (value as { data?: Reward[] } | null)?.data;
  const award = () => {
    const known = new Set(server.awarded.map(({ id }) => id));
    server.awarded.push(...(rewards ?? []).filter(({ id }) => !known.has(id)));
  };
  switch (call) {
    case 'enterDraw':
    case 'startTellUsMore':
      server.entered = true;
      break;
    case 'nextQuestion':
      server.asked = value as NextQuestionResponse;
      break;
    case 'answerQuestion':
      server.answers += 1;
      server.asked = null;
      break;
    case 'rewards':
      award();
      break;
    case 'payRewards':
      award();
      server.finished = true;
      break;
    case 'skipQuestionnaire':
      server.finished = true;
      break;
    default:
  }
}

/** The server learns from the answers the walk gives `api`'s calls. */
export function learnFrom(server: Server, api: FakeDrawApi): void {
  const resolve = api.resolve.bind(api);
  const reject = api.reject.bind(api);
  api.resolve = (call, value) => {
    learn(server, call, value);
    resolve(call, value);
  };
  api.reject = (call, error) => {
    const questions = call === 'nextQuestion' || call === 'startTellUsMore';
    if (questions && error instanceof ApiFailure && error.status === 404) server.noneLeft = true;
    reject(call, error);
  };
  // The timer says what the server knows of the player's entry.
  api.answerAlways('timer', () => Promise.resolve(timerOf(server)));
}

function timerOf(server: Server): TimerResponse {
  return server.entered ? TIMER_ENTERED : { ...TIMER_NOT_ENTERED, show_tell_us_more: true };
}

/** The rewards won and not played back (told by the apps before, or by `api`'s). */
function unplayed(server: Server, api: FakeDrawApi): Reward[] {
  const told = new Set(stepsDone(server, api).played.flat());
  return server.awarded.filter(({ id }) => !told.has(id));
}

/** The calls of an app opened again, each answered at once as the server knows it. */
export function serverApi(server: Server): FakeDrawApi {
  const api = new FakeDrawApi();
  const given = (call: DrawCallName, value: unknown) => {
    learn(server, call, value);
    return Promise.resolve(value);
  };
  // No question left stays so.
  const questions = (call: DrawCallName, value: () => unknown) => () =>
    server.noneLeft ? Promise.reject(NO_QUESTION_LEFT_FAILURE) : given(call, value());
  api.answerAlways('timer', () => Promise.resolve(timerOf(server)));
  api.answerAlways('grandPrizes', () => Promise.resolve({ data: [] }));
  api.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  api.answerAlways('hasFinishedQuestionnaire', () => Promise.resolve(hasFinished(server.finished)));
  api.answerAlways('rewards', () => given('rewards', { data: unplayed(server, api) }));
  api.answerAlways('enterDraw', () => given('enterDraw', { data: server.entry }));
  api.answerAlways('answerQuestion', () => given('answerQuestion', {}));
  // A second payment pays nothing more.
  api.answerAlways('payRewards', () => given('payRewards', { data: [] }));
  api.answerAlways('skipQuestionnaire', () => given('skipQuestionnaire', {}));
  api.answerAlways('wishlistCoupon', () => given('wishlistCoupon', { data: COUPON_REWARD }));
  api.answerAlways('markRewardsPlayedBack', () => given('markRewardsPlayedBack', {}));
  api.answerAlways(
    'startTellUsMore',
    questions('startTellUsMore', () => tellUsMoreStarted(server.entry)),
  );
  api.answerAlways(
    'nextQuestion',
    questions('nextQuestion', () => server.asked ?? server.questionAt(server.answers)),
  );
  return api;
}
