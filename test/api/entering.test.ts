// Entering the draw, on PGlite and PostgreSQL: the button and Tell Us More enter a player the
// same way (one statement, DESIGN section 2), so presses and Tell Us More starts racing each
// other leave exactly one entry per player in the draw, every one of them answered with it;
// and a player deleted while entering is refused (401), never a server error, without taking
// the presses of other players that went to the database with theirs.
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { DrawEntryResponse } from '../../contract/api';
import { TellUsMoreResponse } from '../../contract/questionnaires';
import { drawEntries, sessions, users } from '../../server/db/schema';
import {
  asPlayer,
  bearer,
  databases,
  press as pressAs,
  signedInPlayer,
  url,
  useTestApp,
} from './helper';
import { buildLoggedApp, type LogLine } from './integrity';

type Player = Awaited<ReturnType<typeof signedInPlayer>>;

const PLAYERS = 6;
/** Presses per player: the most one session may make in a second. */
const PRESSES = 5;
const TELL_US_MORE_STARTS = 5;

describe.each(databases)('entering the draw on %s', (kind) => {
  let errors: () => LogLine[] = () => [];
  const { database, app } = useTestApp(kind, {
    build: async (opened) => {
      const logged = await buildLoggedApp(opened);
      errors = logged.errors;
      return logged.app;
    },
    catalog: {
      questions: [{ key: 'e-q-1', prompt: 'Do you like the outdoors?', tags: ['outdoors'] }],
    },
  });

  const press = (player: Player) => pressAs(app(), player.token);
  const tellUsMore = (player: Player) =>
    asPlayer(app(), player.token)('POST', 'questionnaires/tell_us_more', {
      is_from_tell_us_more: true,
    });
  /** The entry a press or a Tell Us More start answered. */
  const entryOf = (response: LightMyRequestResponse, kind: 'press' | 'tellUsMore') =>
    kind === 'tellUsMore'
      ? TellUsMoreResponse.parse(response.json()).data.data
      : DrawEntryResponse.parse(response.json()).data;
  const buttonEntriesOf = async (userId: string) =>
    database()
      .db.select({ id: drawEntries.id, drawId: drawEntries.drawId })
      .from(drawEntries)
      .where(and(eq(drawEntries.userId, userId), eq(drawEntries.source, 'button')));

  it('gives each player one entry, whether they press, start Tell Us More, or both at once', async () => {
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => signedInPlayer(app())));
    const calls = players.flatMap((player) => [
      ...Array.from({ length: PRESSES }, () => ({
        player,
        kind: 'press' as const,
        send: () => press(player),
      })),
      ...Array.from({ length: TELL_US_MORE_STARTS }, () => ({
        player,
        kind: 'tellUsMore' as const,
        send: () => tellUsMore(player),
      })),
    ]);
    // Interleaved, so that the button and Tell Us More of one player meet in the database.
    calls.sort((a, b) =>
      a.player === b.player ? 0 : a.player.user.id < b.player.user.id ? -1 : 1,
    );
    const answered = await Promise.all(calls.map((call) => call.send()));

    expect(errors().map((line) => line.err ?? line.msg)).toEqual([]);
    for (const player of players) {
      const mine = calls.flatMap((call, i) => {
        const response = answered[i];
        return call.player === player && response ? [{ kind: call.kind, response }] : [];
      });
      expect(mine.map(({ response }) => response.statusCode).filter((s) => s >= 300)).toEqual([]);
      // The press that made the entry says so (201); every other call gets the same entry.
      const created = mine.filter(
        ({ kind, response }) => kind === 'press' && response.statusCode === 201,
      );
      expect(created.length).toBeLessThan(2);
      const stored = await buttonEntriesOf(player.user.id);
      expect(stored).toHaveLength(1);
      expect(new Set(mine.map(({ kind, response }) => entryOf(response, kind).id))).toEqual(
        new Set([stored[0]?.id]),
      );
    }
  });

  it('answers 401 to a deleted player entering, and enters the player pressing beside them', async () => {
    const leaving = await signedInPlayer(app());
    const staying = await signedInPlayer(app());
    const racing = [
      ...Array.from({ length: 3 }, () => press(leaving)),
      ...Array.from({ length: 3 }, () => tellUsMore(leaving)),
      app().inject({
        method: 'DELETE',
        url: url(`users/registrations/${leaving.user.id}`),
        headers: bearer(leaving.token),
      }),
      ...Array.from({ length: 2 }, () => press(leaving)),
      ...Array.from({ length: 2 }, () => tellUsMore(leaving)),
    ];
    const answered = await Promise.all([...racing, press(staying)]);
    const staysIn = answered.pop();
    expect(errors().map((line) => line.err ?? line.msg)).toEqual([]);
    expect(answered.map((response) => response.statusCode).filter((s) => s >= 500)).toEqual([]);
    // Before the deletion an entry (201 or 200), after it 401: nothing else.
    for (const response of answered) expect([200, 201, 401]).toContain(response.statusCode);
    expect(staysIn?.statusCode).toBe(201);
    // Whatever entered before the deletion is withdrawn; nothing entered after it.
    const withdrawn = await database()
      .db.select({ withdrawnAt: drawEntries.withdrawnAt })
      .from(drawEntries)
      .where(eq(drawEntries.userId, leaving.user.id));
    expect(withdrawn.every((row) => row.withdrawnAt !== null)).toBe(true);
    expect(await buttonEntriesOf(staying.user.id)).toHaveLength(1);
  });

  it.runIf(kind === 'postgres')(
    'refuses only the deleted player of presses that reach the database together',
    async () => {
      const leaving = await signedInPlayer(app());
      const staying = await signedInPlayer(app());
      const { db } = database();
      // A deletion under way, as users.deleteAccount makes it: the player's row locked first.
      let finish!: () => void;
      const finished = new Promise<void>((resolve) => (finish = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const deletion = db.transaction(async (tx) => {
        await tx.execute(
          sql`select 1 from ${users} where ${users.id} = ${leaving.user.id} for update`,
        );
        await tx
          .update(users)
          .set({ deletedAt: new Date(), phone: null })
          .where(eq(users.id, leaving.user.id));
        await tx.delete(sessions).where(eq(sessions.userId, leaving.user.id));
        locked();
        await finished;
      });
      await isLocked;
      // Both presses in one turn: they go to the database in one statement, which waits for the
      // deletion.
      const presses = Promise.all([press(leaving), press(staying), tellUsMore(leaving)]);
      await vi.waitFor(
        async () => {
          const [waiting] = await db
            .select({ count: sql<number>`count(*)::int` })
            .from(sql`pg_locks`)
            .where(sql`not granted`);
          expect(waiting?.count).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 20 },
      );
      finish();
      await deletion;
      const [left, stayed, toldUsMore] = await presses;
      expect(errors().map((line) => line.err ?? line.msg)).toEqual([]);
      expect(stayed?.statusCode).toBe(201);
      expect(left?.statusCode).toBe(401);
      expect(toldUsMore?.statusCode).toBe(401);
      expect(await buttonEntriesOf(leaving.user.id)).toEqual([]);
    },
  );
});
