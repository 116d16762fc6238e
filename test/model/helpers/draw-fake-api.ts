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

export type DrawCallName = keyof DrawCycleApi;

type PendingCall = {
  name: DrawCallName;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

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

export class FakeDrawApi implements DrawCycleApi {
  readonly calls: DrawCallName[] = [];
  private readonly pending: PendingCall[] = [];
  private readonly automatic = new Map<DrawCallName, () => Promise<unknown>>();

  enterDraw = () => this.call<DrawEntryResponse>('enterDraw');
  timer = () => this.call<TimerResponse>('timer');
  rewards = () => this.call<RewardListResponse>('rewards');
  grandPrizes = () => this.call<GrandPrizeListResponse>('grandPrizes');

  /** Answers every future call of `name` at once with `answer`. */
  answerAlways(name: DrawCallName, answer: () => Promise<unknown>): void {
    this.automatic.set(name, answer);
  }

  /** Future calls of `name` wait for the test again. */
  answerByHand(name: DrawCallName): void {
    this.automatic.delete(name);
  }

  count(name: DrawCallName): number {
    return this.calls.filter((call) => call === name).length;
  }

  isWaiting(name: DrawCallName): boolean {
    return this.pending.some((p) => p.name === name);
  }

  resolve(name: DrawCallName, value: unknown): void {
    this.take(name).resolve(value);
  }

  reject(name: DrawCallName, error: unknown): void {
    this.take(name).reject(error);
  }

  private take(name: DrawCallName): PendingCall {
    const index = this.pending.findIndex((p) => p.name === name);
    const call = this.pending[index];
    if (!call) throw new Error(`No ${name} call is waiting for an answer`);
    this.pending.splice(index, 1);
    return call;
  }

  private call<T>(name: DrawCallName): Promise<T> {
    this.calls.push(name);
    const automatic = this.automatic.get(name);
    if (automatic) return automatic() as Promise<T>;
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ name, resolve: resolve as (value: unknown) => void, reject });
    });
  }
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
