// The one HTTP client of the app: ky with the bearer token attached, every answer parsed with
// the shared contract. Machines receive these functions as actors; views never call them.
import ky, { HTTPError } from 'ky';
import * as z from 'zod/mini';
import {
  API_BASE,
  AppConfigResponse,
  DRAW_PATHS,
  DrawEntryResponse,
  DrawEntryIdsResponse,
  DrawListResponse,
  DrawResponse,
  GrandPrizeListResponse,
  RewardListResponse,
  TimerResponse,
  WalletEntriesResponse,
  WalletResponse,
  CreateInviteResponse,
  ErrorBody,
  InviteClickResponse,
  InviteListResponse,
  LoginResponse,
  LogoutResponse,
  PATHS,
  RegistrationResponse,
  RequestCodeResponse,
  ValidateInviteResponse,
  type ClickRequest,
  type InviteClickRequest,
  type RegistrationRequest,
  type RequestCodeRequest,
  type ValidateInviteRequest,
  type VerifyCodeRequest,
} from '../../contract/api';
import { DemoResetResponse } from '../../contract/demo';
import {
  AnswerResponse,
  HasFinishedResponse,
  NextQuestionResponse,
  QUESTIONNAIRE_PATHS,
  SkipQuestionnaireResponse,
  TellUsMoreResponse,
  type AnswerRequest,
} from '../../contract/questionnaires';
import {
  CONTACT_PATHS,
  ContactResponse,
  ContactThreadsResponse,
  type ContactRequest,
} from '../../contract/contact';
import {
  ClaimBonusResponse,
  ClaimPrizeResponse,
  CouponListResponse,
  PaymentChoicesResponse,
  ReferralBonusListResponse,
  WINNINGS_PATHS,
  type ClaimBonusRequest,
  type ClaimPrizeRequest,
} from '../../contract/winnings';
import {
  ClaimCouponResponse,
  PlayedBackResponse,
  REWARD_PATHS,
  RewardResponse,
  RewardsResponse,
} from '../../contract/rewards';
import { readString, STORAGE_KEYS } from './storage';
import { tellAnalytics } from './analytics-later';
import type { AnalyticsBatch } from '../../contract/analytics';

/** A failed call: the HTTP status (0 when the network failed) and the server's first detail. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiFailure';
  }
}

let onUnauthorized: () => void = () => undefined;

/** The session registers what a 401 means while signed in (spec section 8). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

const http = ky.create({
  prefixUrl: new URL(`${API_BASE}/`, globalThis.location?.origin ?? 'http://localhost').href,
  retry: 0,
  timeout: 15_000,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = readString(STORAGE_KEYS.jwt);
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        if (response.status === 401 && request.headers.has('Authorization')) onUnauthorized();
      },
    ],
  },
});

async function toFailure(error: unknown): Promise<ApiFailure> {
  if (error instanceof HTTPError) {
    let detail: string | null = null;
    try {
      const parsed = ErrorBody.safeParse(await error.response.json());
      if (parsed.success) detail = parsed.data.errors[0]?.detail ?? null;
    } catch {
      // Not a JSON error body (a proxy page, say): no detail to show.
    }
    return new ApiFailure(error.response.status, detail);
  }
  return new ApiFailure(0, null);
}

async function call<S extends z.ZodMiniType>(
  schema: S,
  send: () => Promise<Response>,
): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await send();
  } catch (error) {
    throw await toFailure(error);
  }
  if (response.status === 204) return schema.parse({});
  return schema.parse(await response.json());
}

/** An answer without a body (204). */
const NoContent = z.object({});

export const api = {
  register: (body: RegistrationRequest) =>
    call(RegistrationResponse, () => http.post(PATHS.registrations, { json: body })),
  deleteAccount: (id: string) => call(LogoutResponse, () => http.delete(PATHS.registration(id))),
  requestCode: (body: RequestCodeRequest) =>
    call(RequestCodeResponse, () => http.post(PATHS.requestCode, { json: body })),
  verifyCode: (body: VerifyCodeRequest) =>
    call(LoginResponse, () => http.post(PATHS.verifyCode, { json: body })),
  logout: () => call(LogoutResponse, () => http.post(PATHS.logout)),
  validateInvite: (body: ValidateInviteRequest) =>
    call(ValidateInviteResponse, () => http.post(PATHS.validateInvite, { json: body })),
  createInvite: () => call(CreateInviteResponse, () => http.post(PATHS.invites)),
  listInvites: () => call(InviteListResponse, () => http.get(PATHS.invites)),
  countInviteClick: (inviteCode: string, deviceId?: string) => {
    const body: InviteClickRequest = { invite_code: inviteCode };
    if (deviceId) body.device_id = deviceId;
    return call(InviteClickResponse, () => http.post(PATHS.inviteClickCounts, { json: body }));
  },
  /** Queued with the page views and sent in a batch (./analytics): nothing waits for it. */
  click: (body: ClickRequest): Promise<{ message: string }> => {
    tellAnalytics((analytics) => analytics.click(body.click));
    return Promise.resolve({ message: 'Click queued' });
  },
  appConfig: () => call(AppConfigResponse, () => http.get(PATHS.appConfig)),
  resetDemo: () => call(DemoResetResponse, () => http.post(PATHS.demoReset, { json: {} })),
  // The draw (DESIGN section 2).
  enterDraw: () => call(DrawEntryResponse, () => http.post(DRAW_PATHS.drawEntries, { json: {} })),
  timer: () => call(TimerResponse, () => http.get(DRAW_PATHS.timer)),
  currentDraw: () => call(DrawResponse, () => http.get(DRAW_PATHS.currentDraw)),
  draw: (id: number) => call(DrawResponse, () => http.get(DRAW_PATHS.draw(id))),
  draws: () => call(DrawListResponse, () => http.get(DRAW_PATHS.draws)),
  /** The closed draws the player entered, newest first, each with the player's entry ids. */
  myDraws: () =>
    call(DrawListResponse, () => http.get(DRAW_PATHS.draws, { searchParams: { mine: 'true' } })),
  /** A closed draw's entry ids in id order, a page after `after`. */
  drawEntryIds: (id: number, after: number) =>
    call(DrawEntryIdsResponse, () =>
      http.get(DRAW_PATHS.drawEntryIds(id), { searchParams: { after } }),
    ),
  wallet: () => call(WalletResponse, () => http.get(DRAW_PATHS.wallet)),
  enterWalletTickets: (count: number) =>
    call(WalletEntriesResponse, () => http.post(DRAW_PATHS.walletEntries, { json: { count } })),
  rewards: () => call(RewardListResponse, () => http.get(DRAW_PATHS.rewards)),
  grandPrizes: () => call(GrandPrizeListResponse, () => http.get(DRAW_PATHS.grandPrizes)),
  // Questions and rewards (DESIGN section 3).
  nextQuestion: () => call(NextQuestionResponse, () => http.get(QUESTIONNAIRE_PATHS.next)),
  answerQuestion: (questionId: number, body: AnswerRequest) =>
    call(AnswerResponse, () => http.patch(QUESTIONNAIRE_PATHS.answer(questionId), { json: body })),
  hasFinishedQuestionnaire: () =>
    call(HasFinishedResponse, () => http.get(QUESTIONNAIRE_PATHS.hasFinished)),
  skipQuestionnaire: (drawEntryId: number) =>
    call(SkipQuestionnaireResponse, () =>
      http.post(QUESTIONNAIRE_PATHS.skip, { json: { draw_entry_id: drawEntryId } }),
    ),
  startTellUsMore: () =>
    call(TellUsMoreResponse, () =>
      http.post(QUESTIONNAIRE_PATHS.tellUsMore, { json: { is_from_tell_us_more: true } }),
    ),
  payRewards: (drawEntryId: number) =>
    call(RewardsResponse, () =>
      http.post(REWARD_PATHS.rewards, { json: { draw_entry_id: drawEntryId } }),
    ),
  wishlistCoupon: () =>
    call(RewardResponse, () =>
      http.post(REWARD_PATHS.wishlistCoupon, { json: { is_first_skip_reward: true } }),
    ),
  markRewardsPlayedBack: (ids: string[]) =>
    call(PlayedBackResponse, () => http.post(REWARD_PATHS.playedBack, { json: { ids } })),
  // The winnings drawer (DESIGN section 2).
  coupons: () => call(CouponListResponse, () => http.get(WINNINGS_PATHS.coupons)),
  referralBonuses: () =>
    call(ReferralBonusListResponse, () => http.get(WINNINGS_PATHS.referralBonuses)),
  claimCoupon: (id: string) =>
    call(ClaimCouponResponse, () => http.post(REWARD_PATHS.claim(id), { json: {} })),
  paymentChoices: (grandPrizeId: string) =>
    call(PaymentChoicesResponse, () =>
      http.get(WINNINGS_PATHS.paymentChoices, {
        searchParams: { grand_prize_id: grandPrizeId },
      }),
    ),
  claimPrize: (body: ClaimPrizeRequest) =>
    call(ClaimPrizeResponse, () => http.post(WINNINGS_PATHS.claimPrize, { json: body })),
  claimBonus: (body: ClaimBonusRequest) =>
    call(ClaimBonusResponse, () => http.post(WINNINGS_PATHS.claimBonus, { json: body })),
  // Contact Us, and the operator's answers.
  sendContactMessage: (body: ContactRequest) =>
    call(ContactResponse, () => http.post(CONTACT_PATHS.sendEmail, { json: body })),
  contactThreads: () => call(ContactThreadsResponse, () => http.get(CONTACT_PATHS.messages)),
  markContactThreadRead: (id: string) => call(NoContent, () => http.post(CONTACT_PATHS.read(id))),
};

export type Api = typeof api;

/** Sends a batch of analytics (./analytics); the token rides in the batch, as in a beacon. */
export async function sendAnalytics(batch: AnalyticsBatch): Promise<void> {
  // Kept alive: a batch on its way when the page goes away still lands (it has left the queue,
  // so the beacon of the page's going would not carry it).
  await http.post(PATHS.analytics, { json: batch, keepalive: true });
}
