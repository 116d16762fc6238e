// A stand-in for the API the questions flow calls (What I Like, the questionnaire, the reward
// playback; see deferred-api.ts), and the server's answers to it.
import type {
  ClickEventName,
  DrawEntry,
  DrawEntryResponse,
  Reward,
  RewardListResponse,
} from '../../../contract/api';
import {
  NO_QUESTION_LEFT,
  type AnswerRequest,
  type HasFinishedResponse,
  type NextQuestionResponse,
  type TellUsMoreResponse,
} from '../../../contract/questionnaires';
import type { RewardsResponse } from '../../../contract/rewards';
import type { QuestionsFlowApi } from '../../../machines/questionnaire/questions-flow.actors';
import {
  createActor,
  createMachine,
  type ActorOptions,
  type AnyActorLogic,
  type AnyEventObject,
} from 'xstate';
import type { QuestionnaireReport } from '../../../machines/questionnaire/questionnaire.types';
import { ApiFailure } from '../../../src/lib/api';
import { DeferredApi } from './deferred-api';

export type QuestionsCallName = keyof QuestionsFlowApi;

/** The player's entry in the open draw (the press's, or the one Tell Us More finds). */
export const ENTRY: DrawEntry = {
  id: 5120,
  draw_id: 31,
  source: 'button',
  created_at: '2026-11-25T09:00:00.000Z',
};

/** The questions the server asks, in order. */
export const PROMPTS = [
  'Do you like camping?',
  'Do you watch football on Sundays?',
  'Do you order pizza at least once a week?',
  'Do you drive more than an hour a day?',
  'Do you play games on your phone?',
  'Do you shop for fishing gear?',
] as const;

export type QuestionFixture = { id: number; prompt: string; finished: boolean };

/** The question the server asks after `answered` answers; `finished` when it is the last. */
export function questionAt(answered: number, finished = false): QuestionFixture {
  return { id: 301 + answered, prompt: PROMPTS[answered % PROMPTS.length]!, finished };
}

/** GET questionnaires/next's answer for `question`. */
export function nextQuestionAnswer(question: QuestionFixture): NextQuestionResponse {
  return {
    data: {
      id: String(question.id),
      type: 'questionnaire',
      attributes: { next_question: question.prompt, finished: question.finished },
    },
  };
}

/** What PATCH questionnaires/{id} is sent for `choice` on `question`. */
export function answerBody(
  question: QuestionFixture,
  choice: 'yes' | 'no' | 'skip',
  drawEntryId = ENTRY.id,
): { questionId: number; body: AnswerRequest } {
  return {
    questionId: question.id,
    body: {
      question_prompt: question.prompt,
      answer: choice === 'yes',
      draw_entry_id: drawEntryId,
      isSkipped: choice === 'skip',
    },
  };
}

export const entryAnswer = (entry: DrawEntry = ENTRY): DrawEntryResponse => ({ data: entry });
export const tellUsMoreAnswer = (entry: DrawEntry = ENTRY): TellUsMoreResponse => ({
  data: { data: entry },
});
export const hasFinishedAnswer = (finished: boolean): HasFinishedResponse => ({
  data: { data: finished },
});
export const rewardsAnswer = (rewards: Reward[]): RewardListResponse & RewardsResponse => ({
  data: rewards,
});

/** 404: no question left for the player (or Tell Us More is off). */
export const NOT_FOUND = new ApiFailure(404, NO_QUESTION_LEFT);
/** Any other failure of a call. */
export const SERVER_ERROR = new ApiFailure(500, null);

export const TICKETS: Reward = { id: 'rw-tickets', type: 'token_reward', attributes: { value: 5 } };
export const COUPON: Reward = {
  id: 'rw-coupon',
  type: 'coupon_reward',
  attributes: {
    value: 5,
    coupon_type: 'Game Day Pizza',
    image_link: '/images/rewards/coupon-pizza.svg',
    kind: 'coupon',
  },
};
export const GIFT_CARD: Reward = {
  id: 'rw-gift-card',
  type: 'coupon_reward',
  attributes: {
    value: 25,
    coupon_type: 'Bass Pro Shops',
    image_link: '/images/rewards/gift-card-outdoors.svg',
    kind: 'gift_card',
  },
};

export class FakeQuestionsApi extends DeferredApi<QuestionsCallName> implements QuestionsFlowApi {
  enterDraw = () => this.call<DrawEntryResponse>('enterDraw');
  nextQuestion = () => this.call<NextQuestionResponse>('nextQuestion');
  answerQuestion = (questionId: number, body: AnswerRequest) =>
    this.call<unknown>('answerQuestion', { questionId, body });
  hasFinishedQuestionnaire = () => this.call<HasFinishedResponse>('hasFinishedQuestionnaire');
  skipQuestionnaire = (drawEntryId: number) => this.call<unknown>('skipQuestionnaire', drawEntryId);
  startTellUsMore = () => this.call<TellUsMoreResponse>('startTellUsMore');
  payRewards = (drawEntryId: number) => this.call<RewardsResponse>('payRewards', drawEntryId);
  wishlistCoupon = () => this.call<unknown>('wishlistCoupon');
  rewards = () => this.call<RewardListResponse>('rewards');
  click = (body: { click: { event_name: ClickEventName; page_url: string } }) =>
    this.call<unknown>('click', body);
  markRewardsPlayedBack = (ids: string[]) => this.call<unknown>('markRewardsPlayedBack', ids);

  /** The click events logged, in order. */
  clicks(): ClickEventName[] {
    return this.callsOf('click').map(
      (body) => (body as { click: { event_name: ClickEventName } }).click.event_name,
    );
  }
}

/** The draw as the questions see it: the entry it holds, and what it was told. */
export class FakeDrawLink {
  /** What the questions told the draw (their progress, for draw-storage). */
  readonly reports: QuestionnaireReport[] = [];
  /** Everything else the draw's stand-in heard. */
  readonly others: AnyEventObject[] = [];

  /** The entry the draw holds when the questions start. */
  constructor(public currentDrawEntry: DrawEntry | null = null) {}

  send(event: AnyEventObject): void {
    if (event.type.startsWith('questionnaire.')) this.reports.push(event as QuestionnaireReport);
    else this.others.push(event);
  }

  /**
   * A running actor that stands for the parent of the machine under test (the draw, or the
   * questions flow that passes reports on to it): what the machine sends its parent lands
   * here. `systemId: 'session'` makes it the session as well, for what a machine tells the
   * session by its system id.
   */
  asParent(options: Pick<ActorOptions<AnyActorLogic>, 'clock' | 'systemId' | 'inspect'> = {}) {
    const parent = createActor(
      createMachine({ on: { '*': { actions: ({ event }) => this.send(event) } } }),
      options,
    );
    parent.start();
    return parent;
  }

  /** The report types, in order. */
  told(): string[] {
    return this.reports.map((report) => report.type);
  }
}
