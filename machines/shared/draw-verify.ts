// A closed draw checked on the player's phone (DESIGN section 2): the same rule as the server's
// (server/draw/fairness.ts) and `npm run ops -- draw verify`, written again with WebCrypto so
// the phone trusts nothing but the published record. test/unit/draw-verify.test.ts runs both on
// the same random draws, so the two cannot drift apart.
//
//   commitment     = hex(sha256(seed))
//   d_0            = 32 zero bytes;  d_i = sha256(d_{i-1} || u64be(entry_id_i)), ids ascending
//   entries_digest = hex(d_N)
//   h              = sha256(seed || d_N);  while int(h) >= 2^256 - (2^256 mod N): h = sha256(h)
//   winner         = entry_id_(int(h) mod N + 1)
import type { PublicDraw } from '../../contract/api';

const DIGEST_BYTES = 32;
const ENTRY_ID_BYTES = 8;
const TWO_256 = 1n << 256n;
const TWO_32 = 2 ** 32;

/** What the check reads of a draw's public record. */
export type DrawRecordFigures = Pick<
  PublicDraw,
  'commitment' | 'seed' | 'entries_count' | 'entries_digest' | 'winning_entry_id' | 'my_entry_ids'
>;

/** One way the published record disagrees with what the phone recomputed. */
export type DrawDifference =
  | { kind: 'seed'; seed: string | null }
  | { kind: 'commitment'; recomputed: string; published: string }
  | { kind: 'entryOrder'; after: number; entryId: number }
  | { kind: 'entriesCount'; recomputed: number; published: number }
  | { kind: 'entriesDigest'; recomputed: string; published: string | null }
  | { kind: 'winningEntry'; recomputed: number | null; published: number | null }
  | { kind: 'myEntry'; entryId: number };

async function sha256(...parts: Uint8Array[]): Promise<Uint8Array> {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
}

export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The seed's bytes, or null unless it is 32 bytes of lowercase hex. */
export function seedBytes(seed: string | null): Uint8Array | null {
  if (seed === null || !/^[0-9a-f]{64}$/.test(seed)) return null;
  return Uint8Array.from({ length: DIGEST_BYTES }, (_, i) =>
    Number.parseInt(seed.slice(i * 2, i * 2 + 2), 16),
  );
}

/** hex(sha256(seed)): what the draw published when it opened. */
export async function commitmentOf(seed: Uint8Array): Promise<string> {
  return toHex(await sha256(seed));
}

/** The hash chain over entry ids, fed in ascending order. */
export class EntryChain {
  private readonly link = new Uint8Array(DIGEST_BYTES + ENTRY_ID_BYTES);
  private readonly view = new DataView(this.link.buffer);
  private counted = 0;

  async add(entryId: number): Promise<void> {
    this.view.setUint32(DIGEST_BYTES, Math.floor(entryId / TWO_32));
    this.view.setUint32(DIGEST_BYTES + 4, entryId % TWO_32);
    this.link.set(await sha256(this.link), 0);
    this.counted += 1;
  }

  get count(): number {
    return this.counted;
  }

  bytes(): Uint8Array {
    return this.link.slice(0, DIGEST_BYTES);
  }

  hex(): string {
    return toHex(this.bytes());
  }
}

const bigOf = (bytes: Uint8Array): bigint => BigInt(`0x${toHex(bytes)}`);

/** The uniform index in [0, n) the seed and the digest select (rejection sampling). */
export async function winnerIndex(
  seed: Uint8Array,
  digest: Uint8Array,
  n: number,
): Promise<number> {
  if (n < 1) throw new Error('a draw without entries has no winner');
  const count = BigInt(n);
  const limit = TWO_256 - (TWO_256 % count);
  let hash = await sha256(seed, digest);
  while (bigOf(hash) >= limit) hash = await sha256(hash);
  return Number(bigOf(hash) % count);
}

export type CheckProgress = (checked: number) => void;
/** How often (in entry ids) the check reports its progress. */
export const PROGRESS_EVERY = 5_000;

/**
 * Every difference between a closed draw's published record and what its seed and its
 * published entry ids give (none: the draw is sound, verified on this phone).
 */
export async function checkDraw(
  draw: DrawRecordFigures,
  entryIds: readonly number[],
  onProgress?: CheckProgress,
): Promise<DrawDifference[]> {
  const differences: DrawDifference[] = [];
  const seed = seedBytes(draw.seed);
  if (!seed) differences.push({ kind: 'seed', seed: draw.seed });
  else {
    const commitment = await commitmentOf(seed);
    if (commitment !== draw.commitment) {
      differences.push({ kind: 'commitment', recomputed: commitment, published: draw.commitment });
    }
  }
  const chain = new EntryChain();
  let previous = 0;
  for (const [index, entryId] of entryIds.entries()) {
    if (entryId <= previous) {
      differences.push({ kind: 'entryOrder', after: previous, entryId });
      break;
    }
    previous = entryId;
    await chain.add(entryId);
    if ((index + 1) % PROGRESS_EVERY === 0) onProgress?.(index + 1);
  }
  const ordered = differences.every((difference) => difference.kind !== 'entryOrder');
  if (entryIds.length !== draw.entries_count) {
    differences.push({
      kind: 'entriesCount',
      recomputed: entryIds.length,
      published: draw.entries_count,
    });
  }
  if (ordered && chain.hex() !== draw.entries_digest) {
    differences.push({
      kind: 'entriesDigest',
      recomputed: chain.hex(),
      published: draw.entries_digest,
    });
  }
  if (seed && ordered) {
    const winner =
      entryIds.length === 0
        ? null
        : entryIds[await winnerIndex(seed, chain.bytes(), entryIds.length)]!;
    if (winner !== draw.winning_entry_id) {
      differences.push({
        kind: 'winningEntry',
        recomputed: winner,
        published: draw.winning_entry_id,
      });
    }
  }
  const published = new Set(entryIds);
  for (const entryId of draw.my_entry_ids ?? []) {
    if (!published.has(entryId)) differences.push({ kind: 'myEntry', entryId });
  }
  onProgress?.(entryIds.length);
  return differences;
}

/** A difference in the player's words: exactly what the phone found. */
export function describeDifference(difference: DrawDifference): string {
  switch (difference.kind) {
    case 'seed':
      return `The revealed seed (${difference.seed ?? 'none'}) is not 32 bytes of hex.`;
    case 'commitment':
      return `The seed's SHA-256 is ${difference.recomputed}, but the commitment published when the draw opened is ${difference.published}.`;
    case 'entryOrder':
      return `The published entry ids are not in ascending order: ${difference.entryId} comes after ${difference.after}.`;
    case 'entriesCount':
      return `${difference.recomputed} entry ids are published, but the record says ${difference.published} entries.`;
    case 'entriesDigest':
      return `The published entry ids chain to ${difference.recomputed}, but the record's entries digest is ${difference.published ?? 'missing'}.`;
    case 'winningEntry':
      return `The seed picks entry ${difference.recomputed ?? 'none'}, but the record says the winning entry is ${difference.published ?? 'none'}.`;
    case 'myEntry':
      return `Your entry ${difference.entryId} is not among the published entry ids.`;
  }
}
