// The server behind the winnings flow's reload and Back walks: what it holds for the player,
// learnt from every answer it gave (a coupon claimed stays claimed with its code, a prize or a
// bonus claimed stays claimed with its method, an answer read stays read, a list that failed
// fails again), the steps the app asked of it across reloads, and a stand-in API that remembers
// its answers and can answer a reloaded app at once from what the server holds.
import type { GrandPrize, Reward } from '../../../contract/api';
import type { ContactThread } from '../../../contract/contact';
import type {
  ClaimBonusRequest,
  ClaimBonusResponse,
  ClaimPrizeRequest,
  ClaimPrizeResponse,
  PaymentChoicesResponse,
  ReferralBonus,
} from '../../../contract/winnings';
import type { ClaimCouponResponse } from '../../../contract/rewards';
import { ApiFailure } from '../../../src/lib/api';
import { FakeWinningsApi } from './winnings-fake-api';

export type WinningsCall = Parameters<FakeWinningsApi['isWaiting']>[0];
/** A call as the server saw it. */
export type Call = { name: string; body: unknown };
/** A stand-in API's record of the calls made to it. */
type Calls = { calls: readonly Call[] };

/** The calls that change something on the server: a reload or Back must make none again. */
const STEP_CALLS: readonly string[] = [
  'claimCoupon',
  'claimPrize',
  'claimBonus',
  'markContactThreadRead',
  'sendContactMessage',
];
/** The session's calls that end the player's account or visit, never asked twice. */
const SESSION_STEPS: readonly string[] = ['logout', 'deleteAccount'];

/** The lists the app loads: the drawer's, and /grandPrize's prizes. */
export const LIST_CALLS: readonly WinningsCall[] = [
  'coupons',
  'grandPrizes',
  'referralBonuses',
  'contactThreads',
];
/** What a reloaded app is answered at once: the lists and the ways a prize can be paid. */
const SERVED: readonly WinningsCall[] = [...LIST_CALLS, 'paymentChoices'];

const DOWN = new ApiFailure(503, null);
/** What the server lists, or 'down' once listing failed (a reload finds it failing again). */
type Listing<T> = T[] | 'down';
const served = <T>(listing: Listing<T>) =>
  listing === 'down' ? Promise.reject(DOWN) : Promise.resolve({ data: listing });
const statusOf = (error: unknown) => (error instanceof ApiFailure ? error.status : null);

export type Holdings = {
  coupons?: Reward[];
  grandPrizes?: GrandPrize[];
  bonuses?: ReferralBonus[];
  threads?: ContactThread[];
};

export class WinningsServer {
  coupons: Listing<Reward>;
  grandPrizes: Listing<GrandPrize>;
  bonuses: Listing<ReferralBonus>;
  threads: Listing<ContactThread>;
  /** How each prize can be paid, as last answered. */
  readonly choices = new Map<string, PaymentChoicesResponse | 'down'>();
  /** The steps the runs of the app before a reload asked for. */
  readonly earlier: Call[] = [];

  constructor(holds: Holdings = {}) {
    this.coupons = holds.coupons ?? [];
    this.grandPrizes = holds.grandPrizes ?? [];
    this.bonuses = holds.bonuses ?? [];
    this.threads = holds.threads ?? [];
  }

  /** The steps asked of the server so far: by earlier runs, then by the one running. */
  stepsDone(running: Calls, session: Calls): Call[] {
    return [...this.earlier, ...stepsIn(running, session)];
  }

  /** A run of the app ends (a reload): the steps it asked for are kept. */
  endRun(running: Calls, session: Calls): void {
    this.earlier.push(...stepsIn(running, session));
  }

  /** The server kept what it answered to `name` asked with `body`. */
  answered(name: WinningsCall, body: unknown, answer: unknown): void {
    switch (name) {
      case 'coupons':
        this.coupons = (answer as { data: Reward[] }).data;
        return;
      case 'grandPrizes':
        this.grandPrizes = (answer as { data: GrandPrize[] }).data;
        return;
      case 'referralBonuses':
        this.bonuses = (answer as { data: ReferralBonus[] }).data;
        return;
      case 'contactThreads':
        this.threads = (answer as { data: ContactThread[] }).data;
        return;
      case 'paymentChoices':
        this.choices.set(body as string, answer as PaymentChoicesResponse);
        return;
      case 'claimCoupon': {
        const { message, code } = (answer as ClaimCouponResponse).data;
        this.coupons = mapListed(this.coupons, body, (coupon) => ({
          ...coupon,
          attributes: { ...coupon.attributes, claimed: true, claim_message: message, code },
        }));
        return;
      }
      case 'claimPrize': {
        const { grand_prize_id: id, payment_method } = (answer as ClaimPrizeResponse).data;
        this.grandPrizes = claimedIn(this.grandPrizes, id, payment_method);
        return;
      }
      case 'claimBonus': {
        const { referral_bonus_id: id, payment_method } = (answer as ClaimBonusResponse).data;
        this.bonuses = claimedIn(this.bonuses, id, payment_method);
        return;
      }
      case 'markContactThreadRead':
        this.threads = mapListed(this.threads, body, (thread) => ({
          ...thread,
          replies: thread.replies.map((reply) => ({ ...reply, unread: false })),
        }));
        return;
      default:
        return;
    }
  }

  /**
   * The server failed `name`: a list stays down, a coupon it no longer knows leaves it, a prize
   * or a bonus claimed elsewhere (409) is listed claimed.
   */
  failed(name: WinningsCall, body: unknown, error: unknown): void {
    if (name === 'coupons') this.coupons = 'down';
    else if (name === 'grandPrizes') this.grandPrizes = 'down';
    else if (name === 'contactThreads') this.threads = 'down';
    else if (name === 'paymentChoices') this.choices.set(body as string, 'down');
    else if (name === 'claimCoupon' && statusOf(error) === 404 && this.coupons !== 'down') {
      this.coupons = this.coupons.filter((coupon) => coupon.id !== body);
    } else if (name === 'claimPrize' && statusOf(error) === 409) {
      this.grandPrizes = claimedIn(this.grandPrizes, (body as ClaimPrizeRequest).grand_prize_id);
    } else if (name === 'claimBonus' && statusOf(error) === 409) {
      this.bonuses = claimedIn(this.bonuses, (body as ClaimBonusRequest).referral_bonus_id);
    }
  }

  /** The draw's call for the player's grand prizes, answered from what the server holds. */
  drawPrizes = () => served(this.grandPrizes);
}

function mapListed<T extends { id: string }>(
  listing: Listing<T>,
  id: unknown,
  change: (item: T) => T,
): Listing<T> {
  return listing === 'down'
    ? listing
    : listing.map((item) => (item.id === id ? change(item) : item));
}

/** A prize or a bonus claimed: with `method`, or elsewhere (how, the server does not say). */
const claimedIn = <T extends GrandPrize | ReferralBonus>(
  listing: Listing<T>,
  id: string,
  method?: T['payment_method'],
) =>
  mapListed(listing, id, (item) => ({
    ...item,
    claimed: true,
    ...(method === undefined ? {} : { payment_method: method }),
  }));

const stepsIn = (running: Calls, session: Calls) => [
  ...running.calls.filter(({ name }) => STEP_CALLS.includes(name)),
  ...session.calls.filter(({ name }) => SESSION_STEPS.includes(name)),
];

/**
 * The winnings calls as the server answers them: each answer, given by the walk or at once, is
 * remembered by the server (see `WinningsServer.answered`); clicks are taken.
 */
export class ServerWinningsApi extends FakeWinningsApi {
  constructor(private readonly server: WinningsServer) {
    super();
    this.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  }

  protected override call<T>(name: WinningsCall, body: unknown = null): Promise<T> {
    return super.call<T>(name, body).then(
      (answer) => {
        this.server.answered(name, body, answer);
        return answer;
      },
      (error: unknown) => {
        this.server.failed(name, body, error);
        throw error;
      },
    );
  }

  /** `calls` (the lists and the ways to be paid, by default) answered at once by the server. */
  serve(calls: readonly WinningsCall[] = SERVED): this {
    const { server } = this;
    const answers: Partial<Record<WinningsCall, () => Promise<unknown>>> = {
      coupons: () => served(server.coupons),
      grandPrizes: () => served(server.grandPrizes),
      referralBonuses: () => served(server.bonuses),
      contactThreads: () => served(server.threads),
      // Asked for the prize of the call just made.
      paymentChoices: () => {
        const choices = server.choices.get(this.callsOf('paymentChoices').at(-1) as string);
        if (choices === undefined) {
          return Promise.reject(new Error('The server never said how this prize is paid'));
        }
        return choices === 'down' ? Promise.reject(DOWN) : Promise.resolve(choices);
      },
    };
    for (const name of calls) {
      const answer = answers[name];
      if (answer) this.answerAlways(name, answer);
    }
    return this;
  }
}
