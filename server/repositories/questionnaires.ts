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

export type KeptAnswer = { answer: boolean | null; skipped: boolean; drawEntryId: number };

/**
 * In one statement: records the answer unless the player answered the question before, when
 * the question exists and the entry is the player's. Answers whether each was found and the
 * answer kept (the new one, or the earlier one).
 */
export async function recordAnswer(
  db: Database,
  values: {
    userId: string;
    questionId: number;
    drawEntryId: number;
    answer: boolean | null;
    skipped: boolean;
  },
): Promise<{ questionFound: boolean; entryFound: boolean; kept: KeptAnswer | null }> {
  const { userId, questionId, drawEntryId, answer, skipped } = values;
  type Row = {
    question_found: boolean;
    entry_found: boolean;
    inserted: { answer: boolean | null; skipped: boolean; draw_entry_id: number } | null;
    earlier: { answer: boolean | null; skipped: boolean; draw_entry_id: number } | null;
  };
  const result = await db.execute<Row>(sql`
    with q as (select ${questions.id} as id from ${questions} where ${questions.id} = ${questionId}::int),
    e as (
      select ${drawEntries.id} as id from ${drawEntries}
      where ${drawEntries.id} = ${drawEntryId}::bigint and ${drawEntries.userId} = ${userId}::uuid
    ),
    ins as (
      insert into ${answers} (user_id, question_id, draw_entry_id, answer, skipped)
      select ${userId}::uuid, q.id, e.id, ${answer}::boolean, ${skipped}::boolean from q, e
      on conflict (user_id, question_id) do nothing
      returning answer, skipped, draw_entry_id
    )
    select exists (select 1 from q) as question_found, exists (select 1 from e) as entry_found,
      (select row_to_json(ins) from ins) as inserted,
      (select row_to_json(a) from (
        select answer, skipped, draw_entry_id from ${answers}
        where user_id = ${userId}::uuid and question_id = ${questionId}::int
      ) a) as earlier`);
  const [row] = (result as { rows: Row[] }).rows;
  if (!row) throw new Error('recording an answer returned no row');
  // The statement sees the table as it was: a new answer is in `inserted`, an old in `earlier`.
  const kept = row.inserted ?? row.earlier;
  return {
    questionFound: row.question_found,
    entryFound: row.entry_found,
    kept: kept && {
      answer: kept.answer,
      skipped: kept.skipped,
      drawEntryId: Number(kept.draw_entry_id),
    },
  };
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
