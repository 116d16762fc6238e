// Stand-ins for what the draw cycle talks to: the API (every call waits until the test answers
// it, unless told to answer at once), the questions flow's calls among them, and the live
// channel (the test broadcasts).
import type {
  ClickEventName,
  DrawEntry,
  DrawEntryResponse,
  GrandPrize,
  GrandPrizeListResponse,
  Reward,
  RewardListResponse,
  TimerResponse,
} from '../../../contract/api';
import type {
  AnswerRequest,
  HasFinishedResponse,
  NextQuestionResponse,
  TellUsMoreResponse,
} from '../../../contract/questionnaires';
import type { RewardsResponse } from '../../../contract/rewards';
import type { CableListener, DrawCycleApi } from '../../../machines/draw-cycle/draw-cycle.actors';
import { DeferredApi } from './deferred-api';

export type DrawCallName = keyof DrawCycleApi;

export const ENTRY: DrawEntry = {
  id: 4107,
  draw_id: 12,
  source: 'button',
  created_at: '2025-04-16T12:00:00.000Z',
};
/** The player has no entry in the open draw (DESIGN section 2). */
export const TIMER_NOT_ENTERED: TimerResponse = {
  cycle_finished: true,
  time_left: 0,
  cycle_time: 86_400,
  show_tell_us_more: false,
};
/** The player's entry is in the open draw, which closes in 2 h 5 min 30 s. */
export const TIMER_ENTERED: TimerResponse = {
  cycle_finished: false,
  time_left: 7530,
  cycle_time: 86_400,
  show_tell_us_more: true,
};
export const GRAND_PRIZE: GrandPrize = {
  id: 'gp-1',
  draw_id: 11,
  additional_info: { prize_amount: 500 },
  cashier_check: null,
  claimed: false,
  created_at: '2025-04-16T00:00:00.000Z',
};
export const TOKEN_REWARD: Reward = {
  id: 'r-1',
  type: 'token_reward',
  attributes: { value: 2 },
};

/** A coupon (3 s on /rewards). */
export const COUPON_REWARD: Reward = {
  id: 'r-coupon',
  type: 'coupon_reward',
  attributes: {
    value: 5,
    coupon_type: 'Game Day Pizza',
    image_link: '/images/rewards/coupon-pizza.svg',
    kind: 'coupon',
  },
};
/** A branded gift card (8 s on /rewards, and a buzz). */
export const GIFT_CARD_REWARD: Reward = {
  id: 'r-gift-card',
  type: 'coupon_reward',
  attributes: {
    value: 25,
    coupon_type: 'Bass Pro Shops',
    image_link: '/images/rewards/gift-card-outdoors.svg',
    kind: 'gift_card',
  },
};

/** GET questionnaires/next, as the server words a question. */
export function nextQuestion(id: number, prompt: string, finished = false): NextQuestionResponse {
  return {
    data: {
      id: String(id),
      type: 'questionnaire',
      attributes: { next_question: prompt, finished },
    },
  };
}
export const FIRST_QUESTION = nextQuestion(31, 'Do you like coffee?');
export const SECOND_QUESTION = nextQuestion(32, 'Do you go camping?');

/** POST questionnaires/tell_us_more: the player's entry in the open draw. */
export const tellUsMoreStarted = (entry: DrawEntry = ENTRY): TellUsMoreResponse => ({
  data: { data: entry },
});
export const hasFinished = (finished: boolean): HasFinishedResponse => ({
  data: { data: finished },
});

export class FakeDrawApi extends DeferredApi<DrawCallName> implements DrawCycleApi {
  enterDraw = () => this.call<DrawEntryResponse>('enterDraw');
  timer = () => this.call<TimerResponse>('timer');
  rewards = () => this.call<RewardListResponse>('rewards');
  grandPrizes = () => this.call<GrandPrizeListResponse>('grandPrizes');
  // The questions flow's calls (machines/questionnaire/questions-flow.actors.ts).
  nextQuestion = () => this.call<NextQuestionResponse>('nextQuestion');
  answerQuestion = (questionId: number, body: AnswerRequest) =>
    this.call<unknown>('answerQuestion', { questionId, ...body });
  hasFinishedQuestionnaire = () => this.call<HasFinishedResponse>('hasFinishedQuestionnaire');
  skipQuestionnaire = (drawEntryId: number) =>
    this.call<unknown>('skipQuestionnaire', { draw_entry_id: drawEntryId });
  startTellUsMore = () => this.call<TellUsMoreResponse>('startTellUsMore');
  payRewards = (drawEntryId: number) =>
    this.call<RewardsResponse>('payRewards', { draw_entry_id: drawEntryId });
  wishlistCoupon = () => this.call<unknown>('wishlistCoupon');
  click = (body: { click: { event_name: ClickEventName; page_url: string } }) =>
    this.call<unknown>('click', body.click.event_name);
  markRewardsPlayedBack = (ids: string[]) => this.call<unknown>('markRewardsPlayedBack', ids);
}

/** The live channel as the draw cycle sees it: the test plays the server's broadcast. */
export class FakeCable {
  private listeners = new Set<() => void>();
  opened = 0;
  closed = 0;

  readonly listen: CableListener = (onRefetch) => {
    this.opened += 1;
    this.listeners.add(onRefetch);
    return () => {
      this.closed += 1;
      this.listeners.delete(onRefetch);
    };
  };

  get isOpen(): boolean {
    return this.listeners.size > 0;
  }

  broadcastRefetch(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
