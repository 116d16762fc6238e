// Questions a player has left, their answers and skipped questionnaires.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, RunPrepared } from '../db/database';
import { answers, drawEntries, questionnaireSkips, questions, sessions, users } from '../db/schema';
import { liveSessionsAmong } from './sessions';

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
  /** The session answering (its token's); the answer is its player's. */
  sessionId: string;
  questionId: number;
  drawEntryId: number;
  answer: boolean | null;
  skipped: boolean;
};

export type RecordedAnswer = {
  /** False when the session is not live: nothing else was looked at. */
  sessionLive: boolean;
  questionFound: boolean;
  entryFound: boolean;
  kept: KeptAnswer | null;
};

type KeptRow = { answer: boolean | null; skipped: boolean; draw_entry_id: number | string };

/**
 * In one statement, for answers arriving together: for each answer whose session is live at
 * `at` (as for every signed-in call: see liveSessionsAmong), records it for the session's
 * player unless they answered the question before, when the question exists and the entry is
 * the player's, and answers for each (in order) whether the session was live, whether both
 * were found and the answer kept (the new one, or the earlier one). Two answers of one player
 * to one question in one go keep the first.
 */
export async function recordAnswers(
  runPrepared: RunPrepared,
  batch: readonly AnswerToRecord[],
  at: Date,
): Promise<RecordedAnswer[]> {
  type Row = {
    live: boolean;
    question_found: boolean;
    entry_found: boolean;
    inserted: KeptRow | null;
    earlier: KeptRow | null;
  };
  const column = <T>(pick: (a: AnswerToRecord) => T) => sql.param(batch.map(pick));
  const result = await runPrepared<Row>(
    'record_answers_in_sessions',
    sql`
    with input as (
      -- Through array(...), so the planner sees no length: every run plans as if for the same
      -- few answers, and PostgreSQL keeps one plan for the statement instead of planning each
      -- batch afresh for its size.
      select * from unnest(
        array(select unnest(${column((a) => a.sessionId)}::uuid[])),
        array(select unnest(${column((a) => a.questionId)}::int[])),
        array(select unnest(${column((a) => a.drawEntryId)}::bigint[])),
        array(select unnest(${column((a) => a.answer)}::boolean[])),
        array(select unnest(${column((a) => a.skipped)}::boolean[]))
      ) with ordinality as t(session_id, question_id, draw_entry_id, answer, skipped, n)
    ),
    live as (
      select ${sessions.id} as session_id, ${sessions.userId} as user_id
      from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
      where ${liveSessionsAmong([...new Set(batch.map((a) => a.sessionId))], at)}
      -- The player's row first, before any row of theirs: a deletion holding it is waited
      -- for (and then the player is found deleted), and never waits for this statement's
      -- locks while this one waits for it.
      for key share of ${users}
    ),
    checked as (
      -- Scalar subqueries, one probe of a primary key each: an exists() may be planned as a
      -- hash of the whole table, built on every run.
      select i.*, live.user_id,
        coalesce((select true from ${questions} q where q.id = i.question_id), false)
          as question_found,
        coalesce((
          select true from ${drawEntries} e
          where e.id = i.draw_entry_id and e.user_id = live.user_id
        ), false) as entry_found
      from input i join live on live.session_id = i.session_id
    ),
    ins as (
      insert into ${answers} (user_id, question_id, draw_entry_id, answer, skipped)
      select user_id, question_id, draw_entry_id, answer, skipped from checked
      where question_found and entry_found
      order by n
      on conflict (user_id, question_id) do nothing
      returning user_id, question_id, answer, skipped, draw_entry_id
    )
    select c.n is not null as live,
      coalesce(c.question_found, false) as question_found,
      coalesce(c.entry_found, false) as entry_found,
      (select row_to_json(x) from (
        select ins.answer, ins.skipped, ins.draw_entry_id from ins
        where ins.user_id = c.user_id and ins.question_id = c.question_id limit 1
      ) x) as inserted,
      (select row_to_json(x) from (
        select a.answer, a.skipped, a.draw_entry_id from ${answers} a
        where a.user_id = c.user_id and a.question_id = c.question_id
      ) x) as earlier
    from input i left join checked c on c.n = i.n
    order by i.n`,
  );
  return result.rows.map((row) => {
    // The statement sees the table as it was: a new answer is in `inserted`, an old in `earlier`.
    const kept = row.inserted ?? row.earlier;
    return {
      sessionLive: row.live,
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
