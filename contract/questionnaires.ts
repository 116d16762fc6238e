// The questionnaire calls (spec sections 4 and 7, DESIGN section 3): the next yes/no question,
// an answer (or a skip) recorded against a draw entry, whether the player has finished a
// questionnaire, and skipping the questionnaire of an entry.
import * as z from 'zod/mini';
import { DrawEntry, MAX_INT4, numericId, text } from './api';

/** A questionnaire is a batch of this many questions (spec section 9). */
export const QUESTIONS_PER_BATCH = 5;
export const NO_QUESTION_LEFT = "You've answered all questions. Come back later for more!";

export const QUESTIONNAIRE_PATHS = {
  next: 'questionnaires/next',
  answer: (questionId: number) => `questionnaires/${questionId}`,
  hasFinished: 'questionnaires/has_finished_questionnaire',
  skip: 'questionnaires/skip_questionnaire',
  tellUsMore: 'questionnaires/tell_us_more',
} as const;

export const TELL_US_MORE_OFF = 'Tell Us More is not open';

/** GET questionnaires/next: the player's next unanswered question (404 when none is left). */
export const NextQuestionResponse = z.object({
  data: z.object({
    /** The question's id: the answer is sent to questionnaires/{id}. */
    id: z.string(),
    type: z.literal('questionnaire'),
    attributes: z.object({
      next_question: z.string(),
      /** This is the last question the player has left. */
      finished: z.boolean(),
    }),
  }),
});
export type NextQuestionResponse = z.infer<typeof NextQuestionResponse>;

export const QuestionIdParams = z.strictObject({ id: numericId(MAX_INT4, 'Unknown question') });

const DrawEntryId = z
  .int('Unknown entry')
  .check(z.positive('Unknown entry'), z.maximum(Number.MAX_SAFE_INTEGER, 'Unknown entry'));

/** PATCH questionnaires/{id}: a yes/no answer, or a skip, for a draw entry of the player's. */
export const AnswerRequest = z.strictObject({
  question_prompt: text().check(z.maxLength(500)),
  answer: z.boolean('Answer is yes (true) or no (false)'),
  draw_entry_id: DrawEntryId,
  isSkipped: z.boolean(),
});
export type AnswerRequest = z.infer<typeof AnswerRequest>;

export const AnswerResponse = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('answer'),
    attributes: z.object({
      /** null for a skipped question. */
      answer: z.nullable(z.boolean()),
      skipped: z.boolean(),
      draw_entry_id: z.int(),
    }),
  }),
});
export type AnswerResponse = z.infer<typeof AnswerResponse>;

/** GET questionnaires/has_finished_questionnaire: a whole batch answered, or one skipped. */
export const HasFinishedResponse = z.object({ data: z.object({ data: z.boolean() }) });
export type HasFinishedResponse = z.infer<typeof HasFinishedResponse>;

/** POST questionnaires/skip_questionnaire: the player skips the questions of this entry. */
export const SkipQuestionnaireRequest = z.strictObject({ draw_entry_id: DrawEntryId });
export type SkipQuestionnaireRequest = z.infer<typeof SkipQuestionnaireRequest>;
export const SkipQuestionnaireResponse = z.object({
  data: z.object({ draw_entry_id: z.int(), skipped: z.literal(true) }),
});
export type SkipQuestionnaireResponse = z.infer<typeof SkipQuestionnaireResponse>;

/**
 * POST questionnaires/tell_us_more: starts a Tell Us More session. Its answers go with the
 * player's entry in the open draw (made as a press of the button when there is none: one entry
 * per player and draw, whatever they answer). 404 when no question is left.
 */
export const TellUsMoreRequest = z.strictObject({ is_from_tell_us_more: z.literal(true) });
export const TellUsMoreResponse = z.object({ data: z.object({ data: DrawEntry }) });
export type TellUsMoreResponse = z.infer<typeof TellUsMoreResponse>;
