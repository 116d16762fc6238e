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
import { createHash, randomBytes } from 'node:crypto';

export const SEED_BYTES = 32;
const TWO_256 = 1n << 256n;
const ZERO_DIGEST = Buffer.alloc(32);

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

/** The hash chain over entry ids, fed one batch at a time (a draw can hold millions). */
export class EntriesDigest {
  private current: Buffer = ZERO_DIGEST;
  private readonly idBytes = Buffer.alloc(8);
  private last = 0n;
  private counted = 0;

  add(entryId: number | bigint): void {
    const id = BigInt(entryId);
    if (id <= this.last) throw new Error('entry ids must be added in ascending order');
    this.last = id;
    this.idBytes.writeBigUInt64BE(id);
    this.current = sha256(this.current, this.idBytes);
    this.counted += 1;
  }

  get count(): number {
    return this.counted;
  }

  bytes(): Buffer {
    return this.current;
  }

  hex(): string {
    return this.current.toString('hex');
  }
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

/** The whole outcome of a draw from its seed and its entry ids in ascending order. */
export function drawOutcome(seed: Uint8Array, entryIds: readonly number[]): DrawOutcome {
  const digest = new EntriesDigest();
  for (const id of entryIds) digest.add(id);
  if (entryIds.length === 0) {
    return { entriesCount: 0, entriesDigest: digest.hex(), winningEntryId: null };
  }
  const { index } = winnerIndex(seed, digest.bytes(), entryIds.length);
  return {
    entriesCount: entryIds.length,
    entriesDigest: digest.hex(),
    winningEntryId: entryIds[Number(index)] ?? null,
  };
}
