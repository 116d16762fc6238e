// The questionnaire (spec sections 4 and 7, DESIGN section 3): the next question a player has
// left, an answer or a skip recorded once against a draw entry of theirs, and whether they have
// finished a questionnaire. Answers never touch the draw: they steer the rewards only.
import type { DrawEntry } from '../../contract/api';
import {
  NO_QUESTION_LEFT,
  QUESTIONS_PER_BATCH,
  TELL_US_MORE_OFF,
} from '../../contract/questionnaires';
import { notFound, unauthorized } from '../errors';
import {
  countAnswered,
  hasSkippedAQuestionnaire,
  isOwnEntry,
  nextQuestion,
  recordAnswers,
  type AnswerToRecord,
  recordSkip,
} from '../repositories/questionnaires';
import { isDatabaseUnreachable, runUnprepared } from '../db/database';
import { batched } from './batched';
import type { ServiceContext } from './context';

export const UNKNOWN_QUESTION = 'Unknown question';
export const UNKNOWN_ENTRY = 'Unknown entry';

export function createQuestionnaireService(
  context: ServiceContext,
  /** Tell Us More's entry, as the button enters (services/draw-entries.ts); null: not live. */
  enterInSession: (sessionId: string) => Promise<{ entry: DrawEntry } | null>,
) {
  const { db, config } = context;
  const ownEntry = async (userId: string, drawEntryId: number) => {
    // Another player's entry is no more there than one that does not exist.
    if (!(await isOwnEntry(db, userId, drawEntryId))) throw notFound(UNKNOWN_ENTRY);
  };

  /**
   * Answers arriving together go to the database in one statement, their sessions checked in
   * it; a statement that fails for a reason of its own (two waiting for each other's answers to
   * one question, say) is tried again answer by answer.
   */
  const runPrepared = context.runPrepared ?? runUnprepared(db);
  const recordAs = batched(
    (batch: readonly AnswerToRecord[]) => recordAnswers(runPrepared, batch, context.now()),
    { retryAlone: (error) => !isDatabaseUnreachable(error) },
  );

  return {
    /** The next question, and whether it is the last the player has; 404 when none is left. */
    async next(userId: string) {
      const question = await nextQuestion(db, userId);
      if (!question) throw notFound(NO_QUESTION_LEFT);
      return { id: question.id, prompt: question.prompt, isLast: question.left === 1 };
    },

    /**
     * Records the answer (or skip) of the session's player; a repeat answers what was kept the
     * first time. Null when the session is not live.
     */
    async answerInSession(
      sessionId: string,
      questionId: number,
      input: { answer: boolean; drawEntryId: number; isSkipped: boolean },
    ) {
      const recorded = await recordAs({
        sessionId,
        questionId,
        drawEntryId: input.drawEntryId,
        answer: input.isSkipped ? null : input.answer,
        skipped: input.isSkipped,
      });
      if (!recorded.sessionLive) return null;
      if (!recorded.questionFound) throw notFound(UNKNOWN_QUESTION);
      // Another player's entry is no more there than one that does not exist.
      if (!recorded.entryFound) throw notFound(UNKNOWN_ENTRY);
      if (!recorded.kept) throw new Error('The answer was neither recorded nor found');
      return recorded.kept;
    },

    /** A whole batch answered, or a questionnaire skipped. */
    async hasFinished(userId: string): Promise<boolean> {
      if ((await countAnswered(db, userId)) >= QUESTIONS_PER_BATCH) return true;
      return hasSkippedAQuestionnaire(db, userId);
    },

    async skip(userId: string, drawEntryId: number) {
      await ownEntry(userId, drawEntryId);
      await recordSkip(db, userId, drawEntryId);
    },

    /**
     * Starts Tell Us More: the player's entry in the open draw (made for them when they have
     * none, as the button makes it) for the answers to go with; 404 when the operator has it
     * off or nothing is left.
     */
    async tellUsMore(session: { id: string; userId: string }): Promise<DrawEntry> {
      if (!config.FEATURE_TELL_US_MORE) throw notFound(TELL_US_MORE_OFF);
      if (!(await nextQuestion(db, session.userId))) throw notFound(NO_QUESTION_LEFT);
      const entered = await enterInSession(session.id);
      if (!entered) throw unauthorized();
      return entered.entry;
    },

    /** How many questions the player has answered (the sign-in's questionnaires_count). */
    answered: (userId: string) => countAnswered(db, userId),
  };
}

export type QuestionnaireService = ReturnType<typeof createQuestionnaireService>;
