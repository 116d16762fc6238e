// The phone's check of a draw (machines/shared/draw-verify.ts, WebCrypto) against the server's
// own rule (server/draw/fairness.ts, the one `ops draw verify` runs), on the same random draws:
// the two agree on every commitment, digest and winner, and an altered record says what differs.
import { randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkDraw,
  commitmentOf,
  describeDifference,
  EntryChain,
  winnerIndex,
  type DrawRecordFigures,
} from '../../machines/shared/draw-verify';
import {
  commitmentOf as serverCommitmentOf,
  drawOutcome,
  entriesDigest,
  winnerIndex as serverWinnerIndex,
} from '../../server/draw/fairness';

/** Ascending ids with random gaps, as a draw's entries are among every draw's. */
function randomEntryIds(count: number): number[] {
  const ids: number[] = [];
  let id = randomInt(1, 1_000);
  for (let i = 0; i < count; i += 1) {
    ids.push(id);
    id += randomInt(1, 50);
  }
  return ids;
}

/** A closed draw as the server records and publishes it. */
function closedDraw(count: number, mine: number[] = []) {
  const seed = randomBytes(32);
  const ids = randomEntryIds(count);
  const outcome = drawOutcome(seed, ids);
  const record: DrawRecordFigures = {
    commitment: serverCommitmentOf(seed),
    seed: seed.toString('hex'),
    entries_count: outcome.entriesCount,
    entries_digest: outcome.entriesDigest,
    winning_entry_id: outcome.winningEntryId,
    my_entry_ids: mine.map((index) => ids[index]!),
  };
  return { seed, ids, record };
}

describe("the phone's check runs the server's rule", () => {
  it('gives the same commitment as the server for random seeds', async () => {
    for (let i = 0; i < 50; i += 1) {
      const seed = randomBytes(32);
      expect(await commitmentOf(seed)).toBe(serverCommitmentOf(seed));
    }
  });

  it('chains the same entries digest, empty draws and 64-bit-wide ids included', async () => {
    const lists = [[], [1], [2 ** 32 - 1, 2 ** 32, Number.MAX_SAFE_INTEGER], randomEntryIds(300)];
    for (const ids of lists) {
      const chain = new EntryChain();
      for (const id of ids) await chain.add(id);
      expect(chain.hex()).toBe(entriesDigest(ids));
      expect(chain.count).toBe(ids.length);
    }
  });

  it('picks the same winner index for random seeds, digests and entry counts', async () => {
    for (let i = 0; i < 200; i += 1) {
      const seed = randomBytes(32);
      const digest = randomBytes(32);
      const n = i % 2 === 0 ? randomInt(1, 1_000) : randomInt(1, 2 ** 47);
      expect(await winnerIndex(seed, digest, n)).toBe(
        Number(serverWinnerIndex(seed, digest, n).index),
      );
    }
  });

  it('verifies random draws the server closed, with no difference', async () => {
    for (let i = 0; i < 40; i += 1) {
      const { ids, record } = closedDraw(randomInt(0, 120), [0]);
      if (ids.length === 0) record.my_entry_ids = [];
      expect(await checkDraw(record, ids)).toEqual([]);
    }
  });

  it('reports its progress up to every entry id checked', async () => {
    const { ids, record } = closedDraw(12_000);
    const seen: number[] = [];
    expect(await checkDraw(record, ids, (checked) => seen.push(checked))).toEqual([]);
    expect(seen).toEqual([5_000, 10_000, 12_000]);
  });
});

describe('an altered record says exactly what differs', () => {
  it('a seed replaced after the fact breaks the commitment and moves the winner', async () => {
    const { ids, record } = closedDraw(40);
    const forged = randomBytes(32);
    const altered = { ...record, seed: forged.toString('hex') };
    const differences = await checkDraw(altered, ids);
    expect(differences[0]).toEqual({
      kind: 'commitment',
      recomputed: serverCommitmentOf(forged),
      published: record.commitment,
    });
    const forgedWinner = drawOutcome(forged, ids).winningEntryId;
    expect(differences.slice(1)).toEqual(
      forgedWinner === record.winning_entry_id
        ? []
        : [{ kind: 'winningEntry', recomputed: forgedWinner, published: record.winning_entry_id }],
    );
    expect(describeDifference(differences[0]!)).toBe(
      `The seed's SHA-256 is ${serverCommitmentOf(forged)}, but the commitment published when the draw opened is ${record.commitment}.`,
    );
  });

  it('a winning entry changed in the record is named, with the one the seed picks', async () => {
    const { ids, record } = closedDraw(25);
    const other = ids.find((id) => id !== record.winning_entry_id)!;
    const differences = await checkDraw({ ...record, winning_entry_id: other }, ids);
    expect(differences).toEqual([
      { kind: 'winningEntry', recomputed: record.winning_entry_id, published: other },
    ]);
    expect(describeDifference(differences[0]!)).toBe(
      `The seed picks entry ${record.winning_entry_id}, but the record says the winning entry is ${other}.`,
    );
  });

  it("an entry left out of the published ids shows in the count, the digest and the player's entry", async () => {
    const { ids, record } = closedDraw(10, [3]);
    const published = ids.filter((_, index) => index !== 3);
    const differences = await checkDraw(record, published);
    const kinds = differences.map((difference) => difference.kind);
    expect(kinds).toEqual(expect.arrayContaining(['entriesCount', 'entriesDigest', 'myEntry']));
    expect(differences).toContainEqual({ kind: 'myEntry', entryId: ids[3] });
    expect(differences).toContainEqual({ kind: 'entriesCount', recomputed: 9, published: 10 });
    expect(differences).toContainEqual({
      kind: 'entriesDigest',
      recomputed: entriesDigest(published),
      published: record.entries_digest,
    });
  });

  it('a seed that is not 32 bytes of hex, and ids out of order, are named', async () => {
    const { ids, record } = closedDraw(5);
    expect(await checkDraw({ ...record, seed: 'zz' }, ids)).toEqual([{ kind: 'seed', seed: 'zz' }]);
    const swapped = [ids[1]!, ids[0]!, ...ids.slice(2)];
    expect(await checkDraw(record, swapped)).toEqual([
      { kind: 'entryOrder', after: ids[1], entryId: ids[0] },
    ]);
  });
});
