// The selection algorithm of DESIGN section 2, pinned with fixed vectors and checked for
// uniformity. The expected values are computed here step by step with node:crypto alone.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  commitmentOf,
  drawOutcome,
  entriesDigest,
  EntriesDigest,
  outcomeOf,
  packedEntryIdAt,
  winnerIndex,
} from '../../server/draw/fairness';

const sha256 = (...parts: Buffer[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const u64be = (value: number) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
};
const asInteger = (bytes: Buffer) => BigInt(`0x${bytes.toString('hex')}`);

/** Seed 00 01 02 ... 1f. */
const SEED = Buffer.from(Array.from({ length: 32 }, (_, index) => index));
const IDS = [3, 8, 21, 22, 40, 41, 99];

describe('the provably fair selection', () => {
  it('commits to the seed with sha256', () => {
    expect(commitmentOf(SEED)).toBe(
      '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
    );
    expect(commitmentOf(SEED)).toBe(sha256(SEED).toString('hex'));
  });

  it('chains the entry ids from 32 zero bytes, 8 bytes big-endian per id', () => {
    expect(entriesDigest([])).toBe('0'.repeat(64));
    const d1 = sha256(Buffer.alloc(32), u64be(1));
    expect(entriesDigest([1])).toBe(d1.toString('hex'));
    expect(entriesDigest([1])).toBe(
      '08e00266fff0aacc64974f22a53622a7dc458ac1b5fd446ae7c99a4a99a564e6',
    );
    const d3 = sha256(sha256(d1, u64be(2)), u64be(3));
    expect(entriesDigest([1, 2, 3])).toBe(d3.toString('hex'));
    expect(entriesDigest([1, 2, 3])).toBe(
      '502fff3545f495b6b470f3efdb317e77345fc169df1e6b82852f46462a854473',
    );
  });

  it('refuses ids out of ascending order', () => {
    const digest = new EntriesDigest();
    digest.add(5);
    expect(() => digest.add(5)).toThrow('ascending');
    expect(() => digest.add(4)).toThrow('ascending');
  });

  it('reads packed batches (8 bytes big-endian per id) exactly as single ids', () => {
    // Ids beyond 2^32 exercise both halves of the 8 bytes.
    const ids = [...IDS, 2 ** 32 + 1, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER];
    const packed = Buffer.concat(ids.map(u64be));
    const digest = new EntriesDigest();
    digest.addPacked(packed.subarray(0, 24));
    digest.addPacked(packed.subarray(24));
    expect(digest.count).toBe(ids.length);
    expect(digest.hex()).toBe(entriesDigest(ids));
    let chained = Buffer.alloc(32);
    for (const id of ids) chained = sha256(chained, u64be(id));
    expect(digest.hex()).toBe(chained.toString('hex'));

    const batches = [packed.subarray(0, 24), packed.subarray(24)];
    expect(ids.map((_, index) => packedEntryIdAt(batches, index))).toEqual(ids);
    expect(() => packedEntryIdAt(batches, ids.length)).toThrow(RangeError);
    expect(outcomeOf(SEED, digest, (index) => packedEntryIdAt(batches, index))).toEqual(
      drawOutcome(SEED, ids),
    );
  });

  it('refuses packed ids out of order or not 8 bytes each', () => {
    expect(() => new EntriesDigest().addPacked(Buffer.concat([u64be(9), u64be(9)]))).toThrow(
      'ascending',
    );
    expect(() => new EntriesDigest().addPacked(Buffer.concat([u64be(2 ** 33), u64be(5)]))).toThrow(
      'ascending',
    );
    expect(() => new EntriesDigest().addPacked(u64be(0))).toThrow('ascending');
    expect(() => new EntriesDigest().addPacked(Buffer.alloc(7))).toThrow('8 bytes');
  });

  it('picks the winner from sha256(seed || digest) reduced to [0, N)', () => {
    const digest = Buffer.from(entriesDigest(IDS), 'hex');
    expect(digest.toString('hex')).toBe(
      '6aca26b3aad8ebca5ec13d37075fd75352cb8eec2ac94b08c763ed9d20a2c5fe',
    );
    // With N = 7 the limit rejects only the top 2^256 mod 7 values: no rehash here.
    const expected = Number(asInteger(sha256(SEED, digest)) % 7n);
    expect(winnerIndex(SEED, digest, IDS.length)).toEqual({
      index: BigInt(expected),
      rejections: 0,
    });
    expect(drawOutcome(SEED, IDS)).toEqual({
      entriesCount: 7,
      entriesDigest: digest.toString('hex'),
      winningEntryId: IDS[expected],
    });
    expect(IDS[expected]).toBe(41);
  });

  it('rehashes a value at or above the limit instead of taking it modulo N', () => {
    // N = 2^255 + 1 puts the limit at N itself, so about half of all hashes are rejected.
    const n = (1n << 255n) + 1n;
    const limit = (1n << 256n) - ((1n << 256n) % n);
    expect(limit).toBe(n);
    const seed = Buffer.alloc(32, 1);
    const digest = Buffer.from(entriesDigest([1, 2, 3]), 'hex');
    const first = sha256(seed, digest);
    expect(asInteger(first) >= limit).toBe(true);
    const second = sha256(first);
    expect(asInteger(second) < limit).toBe(true);
    const pick = winnerIndex(seed, digest, n);
    expect(pick).toEqual({ index: asInteger(second) % n, rejections: 1 });
    expect(pick.index.toString(16)).toBe(
      '350891ac585d2d93897fc682cf75983c5a0091fbe9f87194380b96f686490457',
    );
    // Taking the first hash modulo N would have given another index.
    expect(asInteger(first) % n).not.toBe(pick.index);
  });

  it('closes a draw without entries empty', () => {
    expect(drawOutcome(SEED, [])).toEqual({
      entriesCount: 0,
      entriesDigest: '0'.repeat(64),
      winningEntryId: null,
    });
    expect(() => winnerIndex(SEED, Buffer.alloc(32), 0)).toThrow();
  });

  it.each([2, 6, 7])('chooses each of %i entries equally often (chi-square)', (n) => {
    const rounds = 3_000 * n;
    const counts = new Array<number>(n).fill(0);
    const digest = Buffer.from(entriesDigest(Array.from({ length: n }, (_, i) => i + 1)), 'hex');
    for (let round = 0; round < rounds; round += 1) {
      // Seeds from a counter through sha256: as good as random, and the same every run.
      const seed = sha256(Buffer.from(`uniformity ${n} ${round}`));
      const { index } = winnerIndex(seed, digest, n);
      counts[Number(index)] = (counts[Number(index)] ?? 0) + 1;
    }
    const expected = rounds / n;
    const chiSquare = counts.reduce((sum, seen) => sum + (seen - expected) ** 2 / expected, 0);
    // 99.9th percentile of chi-square with n - 1 degrees of freedom.
    const critical = { 2: 10.83, 6: 20.52, 7: 22.46 }[n] ?? 0;
    expect(chiSquare).toBeLessThan(critical);
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });
});
