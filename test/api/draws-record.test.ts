// The public record of the draws on PGlite and PostgreSQL: the commitment before, the seed,
// digest and winner after, and every entry id, so that anyone can recompute the winner; the
// draws listed newest first.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DrawEntryIdsResponse, DrawListResponse, DrawResponse } from '../../contract/api';
import { databases, detailOf, signedInPlayer, useDrawApp } from './helper';

const sha256 = (...parts: Buffer[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** What anyone can do with the public record: recompute digest and winner by hand. */
function recompute(seedHex: string, entryIds: number[]) {
  let digest = Buffer.alloc(32);
  for (const id of entryIds) {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64BE(BigInt(id));
    digest = sha256(digest, bytes);
  }
  if (entryIds.length === 0) return { digest: digest.toString('hex'), winner: null };
  const n = BigInt(entryIds.length);
  const limit = (1n << 256n) - ((1n << 256n) % n);
  let hash = sha256(Buffer.from(seedHex, 'hex'), digest);
  while (BigInt(`0x${hash.toString('hex')}`) >= limit) hash = sha256(hash);
  const index = Number(BigInt(`0x${hash.toString('hex')}`) % n);
  return { digest: digest.toString('hex'), winner: entryIds[index] ?? null };
}
describe.each(databases)('the public record of the draws on %s', (kind) => {
  const { app, get, press, currentDraw, freshDraw, entryIdsIn } = useDrawApp(kind);

  it('publishes the record before and after closing, so anyone can recompute the winner', async () => {
    const draw = await freshDraw();
    const players = await Promise.all([1, 2, 3, 4, 5].map(() => signedInPlayer(app())));
    for (const player of players) expect((await press(player.token)).statusCode).toBe(201);

    const before = await currentDraw(players[0]?.token);
    expect(before).toMatchObject({ id: draw.id, status: 'open', seed: null, entries_count: 5 });
    expect(before.my_entry_ids).toHaveLength(1);

    const closing = await app().services.draws.closeNow();
    expect(closing.draw.id).toBe(draw.id);
    const after = DrawResponse.parse((await get(`draws/${draw.id}`)).json()).data;
    expect(after.status).toBe('closed');
    expect(after.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(Buffer.from(after.seed ?? '', 'hex')).toString('hex')).toBe(before.commitment);
    expect(after.commitment).toBe(before.commitment);
    // Everything the recomputation needs is public: the entry ids, page by page, without a session.
    const ids: number[] = [];
    let page: DrawEntryIdsResponse = { data: [], next_after: 0 };
    while (page.next_after !== null) {
      const response = await get(`draws/${draw.id}/entry_ids?after=${page.next_after}&limit=2`);
      expect(response.statusCode).toBe(200);
      page = DrawEntryIdsResponse.parse(response.json());
      ids.push(...page.data);
    }
    expect(ids).toEqual(await entryIdsIn(draw.id));
    expect(after.entries_count).toBe(5);
    const { digest, winner } = recompute(after.seed ?? '', ids);
    expect(after.entries_digest).toBe(digest);
    expect(after.winning_entry_id).toBe(winner);

    // A player sees their own entry ids in the record and can find them among the counted.
    const mine = DrawResponse.parse((await get(`draws/${draw.id}`, players[2]?.token)).json());
    expect(mine.data.my_entry_ids).toHaveLength(1);
    expect(ids).toContain(mine.data.my_entry_ids?.[0]);
  });

  it('lists entry ids only of a closed draw that exists, with a page size it can answer', async () => {
    const open = await currentDraw();
    const stillOpen = await get(`draws/${open.id}/entry_ids`);
    expect(stillOpen.statusCode).toBe(409);
    expect(detailOf(stillOpen)).toBe(
      'The draw is still open: its entries are final when it closes',
    );
    expect((await get(`draws/${open.id + 1000}/entry_ids`)).statusCode).toBe(404);
    for (const query of ['limit=0', 'limit=10001', 'after=-1', 'after=x', 'page=2']) {
      const response = await get(`draws/${open.id}/entry_ids?${query}`);
      expect(response.statusCode, query).toBe(422);
    }
    const closed = (await app().services.draws.closeNow()).draw;
    // Without a page size, one page of up to 10,000 ids: here all of them, and no next page.
    const listed = await get(`draws/${closed.id}/entry_ids`);
    expect(listed.statusCode).toBe(200);
    expect(DrawEntryIdsResponse.parse(listed.json())).toEqual({
      data: await entryIdsIn(closed.id),
      next_after: null,
    });
  });

  it('lists the public record newest first, page by page', async () => {
    await freshDraw();
    await freshDraw();
    const all = DrawListResponse.parse((await get('draws?limit=100')).json()).data;
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.map((draw) => draw.id)).toEqual(
      [...all.map((draw) => draw.id)].sort((a, b) => b - a),
    );
    expect(all[0]?.status).toBe('open');
    expect(all.slice(1).every((draw) => draw.status === 'closed' && draw.seed !== null)).toBe(true);
    const page = DrawListResponse.parse((await get(`draws?limit=2&before=${all[0]?.id}`)).json());
    expect(page.data.map((draw) => draw.id)).toEqual(all.slice(1, 3).map((draw) => draw.id));
    expect((await get('draws?limit=0')).statusCode).toBe(422);
    expect((await get('draws/987654')).statusCode).toBe(404);
    expect((await get('draws/abc')).statusCode).toBe(422);
  });

  it("lists the closed draws a player entered, newest first, with the player's entry ids", async () => {
    const [player, other] = await Promise.all([signedInPlayer(app()), signedInPlayer(app())]);
    const first = await freshDraw();
    expect((await press(player.token)).statusCode).toBe(201);
    expect((await press(other.token)).statusCode).toBe(201);
    const second = (await app().services.draws.closeNow()).next;
    expect((await press(other.token)).statusCode).toBe(201);
    const third = (await app().services.draws.closeNow()).next;
    expect((await press(player.token)).statusCode).toBe(201);
    await app().services.draws.closeNow();
    // Entered, still open: not listed until it closes.
    expect((await press(player.token)).statusCode).toBe(201);

    const response = await get('draws?mine=true', player.token);
    expect(response.statusCode).toBe(200);
    const listed = DrawListResponse.parse(response.json()).data;
    expect(listed.map((draw) => draw.id)).toEqual([third.id, first.id]);
    expect(second.id).toBeGreaterThan(first.id);
    for (const draw of listed) {
      expect(draw.status).toBe('closed');
      expect(draw.seed).toMatch(/^[0-9a-f]{64}$/);
      const ids = await entryIdsIn(draw.id);
      expect(draw.my_entry_ids).toHaveLength(1);
      expect(ids).toContain(draw.my_entry_ids?.[0]);
      // The same record as the draw's own page.
      const own = DrawResponse.parse((await get(`draws/${draw.id}`, player.token)).json()).data;
      expect(draw).toEqual(own);
    }
    // Page by page, and nothing for a player who entered none.
    const paged = DrawListResponse.parse(
      (await get(`draws?mine=true&limit=1&before=${third.id}`, player.token)).json(),
    ).data;
    expect(paged.map((draw) => draw.id)).toEqual([first.id]);
    const newcomer = await signedInPlayer(app());
    const none = await get('draws?mine=true', newcomer.token);
    expect(DrawListResponse.parse(none.json()).data).toEqual([]);
  });

  it("refuses a player's draws without a session, and a query it cannot read", async () => {
    const player = await signedInPlayer(app());
    const anonymous = await get('draws?mine=true');
    expect(anonymous.statusCode).toBe(401);
    const stale = await get('draws?mine=true', 'not-a-token');
    expect(stale.statusCode).toBe(401);
    for (const query of [
      'mine=false',
      'mine=1',
      'mine=true&mine=true',
      'mine=tr%00ue',
      `mine=${'true'.repeat(10_000)}`,
      'mine=true&limit=101',
      'mine=true&before=99999999999',
      'mine=true&player=x',
    ]) {
      const response = await get(`draws?${query}`, player.token);
      expect(response.statusCode, query.slice(0, 40)).toBe(422);
    }
    // The public list is unchanged: every draw, no session needed.
    const all = await get('draws?limit=5');
    expect(all.statusCode).toBe(200);
    expect(DrawListResponse.parse(all.json()).data.length).toBeGreaterThan(0);
  });
});
