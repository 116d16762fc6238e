// The calls the questionnaire makes, as actors the machine invokes by id. The app builds them
// from the real API client; tests build them from fakes. A failed call reaches the chart as
// `xstate.error.actor.<id>` whose error carries the HTTP status and the server's detail.
import { fromPromise } from 'xstate';
import type {
  ClickEventName,
  DrawEntry,
  DrawEntryResponse,
  Reward,
  RewardListResponse,
} from '../../contract/api';
import type {
  AnswerRequest,
  HasFinishedResponse,
  NextQuestionResponse,
  TellUsMoreResponse,
} from '../../contract/questionnaires';
import type { RewardsResponse } from '../../contract/rewards';
import type { CardChoice, Question } from './questionnaire.types';

/** The part of the API client the questionnaire calls (src/lib/api.ts has these shapes). */
export type QuestionnaireApi = {
  enterDraw: () => Promise<DrawEntryResponse>;
  nextQuestion: () => Promise<NextQuestionResponse>;
  answerQuestion: (questionId: number, body: AnswerRequest) => Promise<unknown>;
  hasFinishedQuestionnaire: () => Promise<HasFinishedResponse>;
  skipQuestionnaire: (drawEntryId: number) => Promise<unknown>;
  startTellUsMore: () => Promise<TellUsMoreResponse>;
  payRewards: (drawEntryId: number) => Promise<RewardsResponse>;
  wishlistCoupon: () => Promise<unknown>;
  rewards: () => Promise<RewardListResponse>;
  click: (body: { click: { event_name: ClickEventName; page_url: string } }) => Promise<unknown>;
};

/** The longest a screen waits for a click to be logged. */
export const CLICK_WAIT_MS = 500;

export type FindEntryInput = { known: DrawEntry | null };
export type AnswerInput = { question: Question; choice: CardChoice; drawEntryId: number };
export type SkipInput = { drawEntry: DrawEntry | null; isFirstQuestionnaire: boolean };
export type ClaimInput = { drawEntryId: number; showRewards: boolean };
export type ClickInput = { event: ClickEventName; pageUrl: string };

export function createQuestionnaireActors(api: QuestionnaireApi) {
  const entryOf = async (known: DrawEntry | null) => known ?? (await api.enterDraw()).data;
  return {
    // The entry of the press, or the player's entry in the open draw (the press is idempotent):
    // the answers need one, and the press's answer may not have arrived.
    findEntry: fromPromise<DrawEntry, FindEntryInput>(({ input }) => entryOf(input.known)),
    fetchNextQuestion: fromPromise<Question>(async () => {
      const { data } = await api.nextQuestion();
      return {
        id: Number(data.id),
        prompt: data.attributes.next_question,
        finished: data.attributes.finished,
      };
    }),
    answerQuestion: fromPromise<void, AnswerInput>(async ({ input }) => {
      await api.answerQuestion(input.question.id, {
        question_prompt: input.question.prompt,
        answer: input.choice === 'yes',
        draw_entry_id: input.drawEntryId,
        isSkipped: input.choice === 'skip',
      });
    }),
    startTellUsMore: fromPromise<DrawEntry>(async () => (await api.startTellUsMore()).data.data),
    checkHasFinished: fromPromise<boolean>(
      async () => (await api.hasFinishedQuestionnaire()).data.data,
    ),
    // Spec section 4: a first-time player's skip is recorded against the entry, earns the
    // wishlist coupon and shows what they won; a returning player's only ends the questions.
    skipQuestionnaire: fromPromise<Reward[], SkipInput>(async ({ input }) => {
      if (!input.isFirstQuestionnaire) return [];
      const entry = await entryOf(input.drawEntry);
      await api.skipQuestionnaire(entry.id);
      await api.wishlistCoupon();
      return (await api.rewards()).data;
    }),
    // Each answer earns its reward when the questionnaire ends (tickets land in the wallet at
    // once); the first questionnaire's rewards are shown right away (spec section 4), later
    // ones after the next press. The payment's answer says which were shown already.
    claimRewards: fromPromise<Reward[], ClaimInput>(async ({ input }) => {
      const paid = await api.payRewards(input.drawEntryId);
      return input.showRewards ? paid.data.filter((reward) => !reward.attributes.played_back) : [];
    }),
    // Analytics never get in the player's way: a failed click is dropped, and a screen that
    // waits for one (What I Like) waits half a second at most.
    logClick: fromPromise<void, ClickInput>(async ({ input }) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const atMost = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLICK_WAIT_MS)));
      const sent = api.click({ click: { event_name: input.event, page_url: input.pageUrl } }).then(
        () => undefined,
        () => undefined,
      );
      await Promise.race([sent, atMost]);
      clearTimeout(timer);
    }),
  };
}

export type QuestionnaireActors = ReturnType<typeof createQuestionnaireActors>;

const notConnected = (): Promise<never> =>
  Promise.reject(new Error('The questionnaire was started without an API.'));

/** Until the app provides the API every call fails, so the chart's error paths run. */
export const disconnectedQuestionnaireActors = createQuestionnaireActors({
  enterDraw: notConnected,
  nextQuestion: notConnected,
  answerQuestion: notConnected,
  hasFinishedQuestionnaire: notConnected,
  skipQuestionnaire: notConnected,
  startTellUsMore: notConnected,
  payRewards: notConnected,
  wishlistCoupon: notConnected,
  rewards: notConnected,
  click: notConnected,
});
