// Provably fair selection (DESIGN section 2), as pure functions anyone can run again from a
// draw's public record. server/draw/README.md states the same rules for people checking a draw.
//
//   commitment     = hex(sha256(seed))                       seed: 32 bytes from the CSPRNG
//   d_0            = 32 zero bytes
//   d_i            = sha256(d_{i-1} || u64be(entry_id_i))     entry ids in ascending order
//   entries_digest = hex(d_N)
//   h              = sha256(seed || d_N)
//   limit          = 2^256 - (2^256 mod N)
//   while int(h) >= limit: h = sha256(h)                      rejection sampling: no modulo bias
//   winner index   = int(h) mod N,   winning_entry_id = entry_id_(index + 1)
import { createHash, hash as oneShotHash, randomBytes } from 'node:crypto';

export const SEED_BYTES = 32;
const TWO_256 = 1n << 256n;

const sha256 = (...parts: Uint8Array[]): Buffer => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

export function newSeed(): Buffer {
  return randomBytes(SEED_BYTES);
}

export function commitmentOf(seed: Uint8Array): string {
  return sha256(seed).toString('hex');
}

/** An entry id as the digest reads it: 8 bytes big-endian, as PostgreSQL's int8send gives it. */
export const ENTRY_ID_BYTES = 8;
const DIGEST_BYTES = 32;
const TWO_32 = 2 ** 32;

/** The hash chain over entry ids, fed an id or a packed batch at a time (draws hold millions). */
export class EntriesDigest {
  // d_{i-1} || u64be(id_i), hashed in one call; the new digest replaces the front.
  private readonly link = Buffer.alloc(DIGEST_BYTES + ENTRY_ID_BYTES);
  private lastHigh = 0;
  private lastLow = 0;
  private counted = 0;

  add(entryId: number | bigint): void {
    const id = BigInt(entryId);
    if (id < 0n || id >= 1n << 64n) throw new RangeError('entry ids are 64-bit unsigned');
    this.link.writeBigUInt64BE(id, DIGEST_BYTES);
    this.chain(this.link.readUInt32BE(DIGEST_BYTES), this.link.readUInt32BE(DIGEST_BYTES + 4));
  }

  /** Adds ids packed as ENTRY_ID_BYTES big-endian bytes each, in ascending order. */
  addPacked(ids: Uint8Array): void {
    if (ids.length % ENTRY_ID_BYTES !== 0) throw new Error('packed ids are 8 bytes each');
    const view = new DataView(ids.buffer, ids.byteOffset, ids.byteLength);
    const link = this.link;
    for (let offset = 0; offset < ids.length; offset += ENTRY_ID_BYTES) {
      // Byte by byte: cheaper than a copy call for eight bytes.
      for (let i = 0; i < ENTRY_ID_BYTES; i += 1) link[DIGEST_BYTES + i] = ids[offset + i]!;
      this.chain(view.getUint32(offset), view.getUint32(offset + 4));
    }
  }

  private chain(high: number, low: number): void {
    if (high < this.lastHigh || (high === this.lastHigh && low <= this.lastLow)) {
      throw new Error('entry ids must be added in ascending order');
    }
    this.lastHigh = high;
    this.lastLow = low;
    // The digest comes back as a 'binary' (latin1) string, one char per byte, written over the
    // front of the link: allocating a Buffer per link would cost more than the hash itself.
    this.link.write(oneShotHash('sha256', this.link, 'binary'), 0, DIGEST_BYTES, 'binary');
    this.counted += 1;
  }

  get count(): number {
    return this.counted;
  }

  bytes(): Buffer {
    return Buffer.from(this.link.subarray(0, DIGEST_BYTES));
  }

  hex(): string {
    return this.link.toString('hex', 0, DIGEST_BYTES);
  }
}

/** The id at a 0-based position of ids packed in consecutive batches. */
export function packedEntryIdAt(batches: readonly Uint8Array[], index: number): number {
  let position = index * ENTRY_ID_BYTES;
  for (const batch of batches) {
    if (position < batch.length) {
      const view = new DataView(batch.buffer, batch.byteOffset, batch.byteLength);
      return view.getUint32(position) * TWO_32 + view.getUint32(position + 4);
    }
    position -= batch.length;
  }
  throw new RangeError(`no entry at position ${index}`);
}

export function entriesDigest(entryIds: readonly (number | bigint)[]): string {
  const digest = new EntriesDigest();
  for (const id of entryIds) digest.add(id);
  return digest.hex();
}

export interface WinnerPick {
  index: bigint;
  /** How many hashes were rejected before one fell below the limit. */
  rejections: number;
}

/** The uniform index in [0, n) that `seed` and the digest of the entries select. */
export function winnerIndex(seed: Uint8Array, digest: Uint8Array, n: number | bigint): WinnerPick {
  const count = BigInt(n);
  if (count < 1n) throw new Error('a draw without entries has no winner');
  const limit = TWO_256 - (TWO_256 % count);
  let hash = sha256(seed, digest);
  let rejections = 0;
  for (;;) {
    const value = BigInt(`0x${hash.toString('hex')}`);
    if (value < limit) return { index: value % count, rejections };
    hash = sha256(hash);
    rejections += 1;
  }
}

export interface DrawOutcome {
  entriesCount: number;
  entriesDigest: string;
  winningEntryId: number | null;
}

/** The outcome once every id is in `digest`; `entryIdAt` gives the id at a 0-based position. */
export function outcomeOf(
  seed: Uint8Array,
  digest: EntriesDigest,
  entryIdAt: (index: number) => number,
): DrawOutcome {
  if (digest.count === 0) {
    return { entriesCount: 0, entriesDigest: digest.hex(), winningEntryId: null };
  }
  const { index } = winnerIndex(seed, digest.bytes(), digest.count);
  return {
    entriesCount: digest.count,
    entriesDigest: digest.hex(),
    winningEntryId: entryIdAt(Number(index)),
  };
}

/** The whole outcome of a draw from its seed and its entry ids in ascending order. */
export function drawOutcome(seed: Uint8Array, entryIds: readonly number[]): DrawOutcome {
  const digest = new EntriesDigest();
  for (const id of entryIds) digest.add(id);
  return outcomeOf(seed, digest, (index) => entryIds[index]!);
}
