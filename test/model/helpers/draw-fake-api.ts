// Stand-ins for what the draw cycle talks to: the API (every call waits until the test answers
// it, unless told to answer at once) and the live channel (the test broadcasts).
import type {
  DrawEntry,
  DrawEntryResponse,
  GrandPrize,
  GrandPrizeListResponse,
  Reward,
  RewardListResponse,
  TimerResponse,
} from '../../../contract/api';
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

export class FakeDrawApi extends DeferredApi<DrawCallName> implements DrawCycleApi {
  enterDraw = () => this.call<DrawEntryResponse>('enterDraw');
  timer = () => this.call<TimerResponse>('timer');
  rewards = () => this.call<RewardListResponse>('rewards');
  grandPrizes = () => this.call<GrandPrizeListResponse>('grandPrizes');
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
