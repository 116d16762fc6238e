// The wallet (DESIGN section 2): tickets held, each entered into the open draw once.
import type { DrawEntry } from '../../contract/api';
import { invalid, notFound, unauthorized } from '../errors';
import {
  entryIdsOfPlayer,
  findOpenDraw,
  insertWalletEntries,
  lockDrawsShared,
} from '../repositories/draws';
import { countUnspentTickets, oldestUnspentTickets, spendTicket } from '../repositories/wallet';
import { lockActiveUser } from '../repositories/users';
import type { ServiceContext } from './context';
import { toDrawEntryView, type DrawService } from './draws';

export function createWalletService({ db, now }: ServiceContext, draws: DrawService) {
  return {
    async show(userId: string) {
      const draw = await draws.openDraw();
      if (!draw) throw notFound('No draw is open yet');
      return {
        tickets: await countUnspentTickets(db, userId),
        current_draw_id: draw.id,
        entries_in_current_draw: (await entryIdsOfPlayer(db, draw.id, userId)).length,
      };
    },

    /** Spends `count` tickets on the open draw: all of them or none. */
    async enter(userId: string, count: number): Promise<{ entries: DrawEntry[]; tickets: number }> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const draw = await draws.openDraw();
        // Past its window and not closed yet: tickets go to the next draw, as a press does.
        if (!draw || draw.closesAt <= now()) {
          await draws.catchUp();
          continue;
        }
        const result = await db.transaction(async (tx) => {
          await lockDrawsShared(tx);
          const open = await findOpenDraw(tx);
          if (!open || open.id !== draw.id || open.closesAt <= now()) return null;
          // The player's row lock makes concurrent spends count one after the other.
          if (!(await lockActiveUser(tx, userId))) throw unauthorized();
          const tickets = await oldestUnspentTickets(tx, userId, count);
          if (tickets.length < count) {
            throw invalid(
              tickets.length === 0
                ? 'You have no tickets to enter'
                : `You have only ${tickets.length} ticket${tickets.length === 1 ? '' : 's'}`,
            );
          }
          const entries = await insertWalletEntries(tx, open.id, userId, count);
          const at = now();
          for (const [index, ticketId] of tickets.entries()) {
            const entry = entries[index];
            if (!entry || !(await spendTicket(tx, ticketId, entry.id, at))) {
              throw new Error(`ticket ${ticketId} could not be spent`);
            }
          }
          return { entries, tickets: await countUnspentTickets(tx, userId) };
        });
        if (result) {
          draws.entered();
          return { entries: result.entries.map(toDrawEntryView), tickets: result.tickets };
        }
        // The draw remembered had closed meanwhile (elsewhere): read it afresh.
        draws.forget();
      }
      throw new Error('the tickets could not reach an open draw');
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
