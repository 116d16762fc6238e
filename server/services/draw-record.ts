// The public record of the draws (DESIGN section 2, server/draw/README.md): anyone may read
// it, so it is served from what this instance already knows. A closed draw never changes; the
// open one changes only when it closes, apart from its entries_count, which is recounted when
// this instance took an entry since, and at least every second for entries taken elsewhere.
import { LRUCache } from 'lru-cache';
import { MAX_ENTRY_ID_PAGE, type DrawEntryIdsResponse, type PublicDraw } from '../../contract/api';
import { ENTRY_ID_BYTES } from '../draw/fairness';
import { conflict, notFound } from '../errors';
import {
  countEntries,
  entryIdBatchOf,
  entriesOfPlayerIn,
  entryIdsOfPlayer,
  findDraw,
  listClosedDrawsEnteredBy,
  listDraws,
  type DrawRow,
} from '../repositories/draws';
import type { ServiceContext } from './context';
import type { DrawLifecycle } from './draw-lifecycle';

export const DEFAULT_DRAW_PAGE = 20;
/** How stale the open draw's entries_count may be when entries arrive at other instances. */
export const ENTRIES_COUNT_MAX_AGE_MS = 1_000;
const REMEMBERED_CLOSED_DRAWS = 1_000;

function toPublic(row: DrawRow, entriesCount: number): PublicDraw {
  const open = row.status === 'open';
  return {
    id: row.id,
    status: row.status,
    opens_at: row.opensAt.toISOString(),
    closes_at: row.closesAt.toISOString(),
    commitment: row.commitment,
    // The seed is the secret that makes the draw fair: never shown before closing.
    seed: open ? null : row.seed,
    entries_count: entriesCount,
    entries_digest: open ? null : row.entriesDigest,
    winning_entry_id: open ? null : row.winningEntryId,
  };
}

export function createDrawRecord({ db }: ServiceContext, lifecycle: DrawLifecycle) {
  interface OpenView {
    drawId: number;
    view: PublicDraw;
    countedAt: number;
  }
  let openView: OpenView | null = null;
  let counting: Promise<OpenView> | null = null;
  let enteredSinceCount = false;
  lifecycle.onChange(() => {
    openView = null;
    counting = null;
  });

  // Closed draws are final: their records are kept as read, the most recently used first.
  const closed = new LRUCache<number, PublicDraw>({ max: REMEMBERED_CLOSED_DRAWS });

  /** The open draw's record, recounted by one query however many readers ask at once. */
  async function viewOfOpen(open: DrawRow): Promise<PublicDraw> {
    const fresh =
      openView?.drawId === open.id &&
      !enteredSinceCount &&
      performance.now() - openView.countedAt < ENTRIES_COUNT_MAX_AGE_MS;
    if (fresh && openView) return openView.view;
    if (!counting) {
      enteredSinceCount = false;
      const started = performance.now();
      const recount: Promise<OpenView> = countEntries(db, open.id).then(
        (entries) => {
          const view = { drawId: open.id, view: toPublic(open, entries), countedAt: started };
          if (counting === recount) {
            openView = view;
            counting = null;
          }
          return view;
        },
        (error: unknown) => {
          if (counting === recount) counting = null;
          throw error;
        },
      );
      counting = recount;
    }
    return (await counting).view;
  }

  async function viewOf(row: DrawRow): Promise<PublicDraw> {
    if (row.status === 'open') return viewOfOpen(row);
    const view = toPublic(row, row.entriesCount ?? 0);
    closed.set(row.id, view);
    return view;
  }

  async function byId(id: number): Promise<PublicDraw> {
    const remembered = closed.get(id);
    if (remembered) return remembered;
    const open = await lifecycle.openDraw();
    if (open?.id === id) return viewOfOpen(open);
    const row = await findDraw(db, id);
    if (!row) throw notFound('Unknown draw');
    return viewOf(row);
  }

  const withMine = async (view: PublicDraw, userId?: string): Promise<PublicDraw> =>
    userId ? { ...view, my_entry_ids: await entryIdsOfPlayer(db, view.id, userId) } : view;

  return {
    /** This instance took an entry: the open draw's count is refreshed on the next read. */
    entered() {
      enteredSinceCount = true;
    },

    async current(userId?: string): Promise<PublicDraw> {
      const open = await lifecycle.openDraw();
      if (!open) throw notFound('No draw is open yet');
      return withMine(await viewOfOpen(open), userId);
    },

    async get(id: number, userId?: string): Promise<PublicDraw> {
      return withMine(await byId(id), userId);
    },

    /**
     * A closed draw's entry ids in id order, a page at a time: with the seed and the digest,
     * anyone can check every link of the chain and which entry the winner index names.
     */
    async entryIds(
      id: number,
      options: { after?: number; limit?: number },
    ): Promise<DrawEntryIdsResponse> {
      const draw = await byId(id);
      if (draw.status === 'open') {
        throw conflict('The draw is still open: its entries are final when it closes');
      }
      const limit = options.limit ?? MAX_ENTRY_ID_PAGE;
      const packed = await entryIdBatchOf(db, draw.id, options.after ?? 0, limit);
      const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
      const ids = Array.from({ length: packed.byteLength / ENTRY_ID_BYTES }, (_, index) =>
        Number(view.getBigUint64(index * ENTRY_ID_BYTES)),
      );
      return { data: ids, next_after: ids.length === limit ? ids[ids.length - 1]! : null };
    },

    /**
     * The closed draws `userId` entered, newest first, each with the player's entry ids: the
     * draws the player can check (the winnings drawer links each to its record).
     */
    async listEntered(
      userId: string,
      options: { before?: number; limit?: number },
    ): Promise<PublicDraw[]> {
      const rows = await listClosedDrawsEnteredBy(db, userId, {
        ...(options.before === undefined ? {} : { before: options.before }),
        limit: options.limit ?? DEFAULT_DRAW_PAGE,
      });
      if (rows.length === 0) return [];
      const entries = await entriesOfPlayerIn(
        db,
        userId,
        rows.map((row) => row.id),
      );
      const mine = new Map<number, number[]>();
      for (const entry of entries)
        mine.set(entry.drawId, [...(mine.get(entry.drawId) ?? []), entry.id]);
      const views = await Promise.all(rows.map(viewOf));
      return views.map((view) => ({ ...view, my_entry_ids: mine.get(view.id) ?? [] }));
    },

    async list(options: { before?: number; limit?: number }): Promise<PublicDraw[]> {
      const rows = await listDraws(db, {
        ...(options.before === undefined ? {} : { before: options.before }),
        limit: options.limit ?? DEFAULT_DRAW_PAGE,
      });
      return Promise.all(rows.map(viewOf));
    },
  };
}

export type DrawRecord = ReturnType<typeof createDrawRecord>;
