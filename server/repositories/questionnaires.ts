// Questions a player has left, their answers and skipped questionnaires.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, RunPrepared } from '../db/database';
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

export type AnswerToRecord = {
  userId: string;
  questionId: number;
  drawEntryId: number;
  answer: boolean | null;
  skipped: boolean;
};

export type RecordedAnswer = {
  questionFound: boolean;
  entryFound: boolean;
  kept: KeptAnswer | null;
};

type KeptRow = { answer: boolean | null; skipped: boolean; draw_entry_id: number | string };

/**
 * In one statement, for answers arriving together: records each answer unless its player
 * answered the question before, when the question exists and the entry is the player's, and
 * answers for each (in order) whether both were found and the answer kept (the new one, or the
 * earlier one). Two answers of one player to one question in one go keep the first.
 */
export async function recordAnswers(
  runPrepared: RunPrepared,
  batch: readonly AnswerToRecord[],
): Promise<RecordedAnswer[]> {
  type Row = {
    n: number | string;
    question_found: boolean;
    entry_found: boolean;
    inserted: KeptRow | null;
    earlier: KeptRow | null;
  };
  const column = <T>(pick: (a: AnswerToRecord) => T) => sql.param(batch.map(pick));
  const result = await runPrepared<Row>(
    'record_answers',
    sql`
    with input as (
      select * from unnest(
        ${column((a) => a.userId)}::uuid[], ${column((a) => a.questionId)}::int[],
        ${column((a) => a.drawEntryId)}::bigint[], ${column((a) => a.answer)}::boolean[],
        ${column((a) => a.skipped)}::boolean[]
      ) with ordinality as t(user_id, question_id, draw_entry_id, answer, skipped, n)
    ),
    checked as (
      select i.*,
        exists (select 1 from ${questions} q where q.id = i.question_id) as question_found,
        exists (
          select 1 from ${drawEntries} e where e.id = i.draw_entry_id and e.user_id = i.user_id
        ) as entry_found
      from input i
    ),
    ins as (
      insert into ${answers} (user_id, question_id, draw_entry_id, answer, skipped)
      select user_id, question_id, draw_entry_id, answer, skipped from checked
      where question_found and entry_found
      order by n
      on conflict (user_id, question_id) do nothing
      returning user_id, question_id, answer, skipped, draw_entry_id
    )
    select c.n, c.question_found, c.entry_found,
      (select row_to_json(x) from (
        select ins.answer, ins.skipped, ins.draw_entry_id from ins
        where ins.user_id = c.user_id and ins.question_id = c.question_id limit 1
      ) x) as inserted,
      (select row_to_json(x) from (
        select a.answer, a.skipped, a.draw_entry_id from ${answers} a
        where a.user_id = c.user_id and a.question_id = c.question_id
      ) x) as earlier
    from checked c
    order by c.n`,
  );
  return result.rows.map((row) => {
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
  });
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
