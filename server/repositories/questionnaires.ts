// Questions a player has left, their answers and skipped questionnaires.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { answers, drawEntries, questionnaireSkips, questions } from '../db/schema';

/** The player's next unanswered question (catalog order) and how many they have left. */
export async function nextQuestion(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: questions.id,
      prompt: questions.prompt,
      // Window functions run before the limit: every question the player has left.
      left: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(questions)
    .where(
      sql`not exists (select 1 from ${answers} where ${answers.userId} = ${userId} and ${answers.questionId} = ${questions.id})`,
    )
    .orderBy(questions.id)
    .limit(1);
  return row ?? null;
}

export async function findQuestion(db: Database, id: number) {
  const [row] = await db.select().from(questions).where(eq(questions.id, id));
  return row ?? null;
}

/** Whether draw entry `id` is the player's. */
export async function isOwnEntry(db: Database, userId: string, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: drawEntries.id })
    .from(drawEntries)
    .where(and(eq(drawEntries.id, id), eq(drawEntries.userId, userId)));
  return row !== undefined;
}

/** Records the answer unless the player answered the question before; answers the one kept. */
export async function recordAnswer(
  db: Database,
  values: {
    userId: string;
    questionId: number;
    drawEntryId: number;
    answer: boolean | null;
    skipped: boolean;
  },
) {
  await db.insert(answers).values(values).onConflictDoNothing();
  const [kept] = await db
    .select({
      answer: answers.answer,
      skipped: answers.skipped,
      drawEntryId: answers.drawEntryId,
    })
    .from(answers)
    .where(and(eq(answers.userId, values.userId), eq(answers.questionId, values.questionId)));
  if (!kept) throw new Error('The answer was neither recorded nor found');
  return kept;
}

/** Questions the player has answered (skips left out). */
export async function countAnswered(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(answers)
    .where(and(eq(answers.userId, userId), eq(answers.skipped, false)));
  return row?.total ?? 0;
}

export async function hasSkippedAQuestionnaire(db: Database, userId: string) {
  const [row] = await db
    .select({ id: questionnaireSkips.drawEntryId })
    .from(questionnaireSkips)
    .where(eq(questionnaireSkips.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** Marks the questionnaire of the entry skipped (once). */
export async function recordSkip(db: Database, userId: string, drawEntryId: number) {
  await db.insert(questionnaireSkips).values({ userId, drawEntryId }).onConflictDoNothing();
}

/** Erases what the player answered and skipped (an account deleted: DESIGN section 4). */
export async function deleteAnswersOf(db: Database, userId: string) {
  await db.delete(answers).where(eq(answers.userId, userId));
  await db.delete(questionnaireSkips).where(eq(questionnaireSkips.userId, userId));
}
