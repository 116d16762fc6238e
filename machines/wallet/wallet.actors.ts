// The calls the wallet makes, as actors the machine invokes by id. The app builds them from the
// real API client; tests build them from fakes. A failed call reaches the chart as
// `xstate.error.actor.<id>` whose error carries the HTTP status and the server's detail.
import { fromPromise } from 'xstate';
import type { WalletEntriesResponse, WalletResponse } from '../../contract/api';

/** The part of the API client the wallet calls (src/lib/api.ts has these shapes). */
export type WalletApi = {
  wallet: () => Promise<WalletResponse>;
  enterWalletTickets: (count: number) => Promise<WalletEntriesResponse>;
};

/** What the player holds, and how far they are in today's draw. */
export type WalletHoldings = {
  tickets: number;
  currentDrawId: number;
  entriesInCurrentDraw: number;
};

export type EnterTicketsInput = { count: number };

/** Tickets spent on the open draw: how many entries they made and how many tickets are left. */
export type TicketsEntered = { entered: number; tickets: number };

export function createWalletActors(api: WalletApi) {
  return {
    loadWallet: fromPromise<WalletHoldings>(async () => {
      const { data } = await api.wallet();
      return {
        tickets: data.tickets,
        currentDrawId: data.current_draw_id,
        entriesInCurrentDraw: data.entries_in_current_draw,
      };
    }),
    enterTickets: fromPromise<TicketsEntered, EnterTicketsInput>(async ({ input }) => {
      const { data } = await api.enterWalletTickets(input.count);
      return { entered: data.entries.length, tickets: data.tickets };
    }),
  };
}

export type WalletActors = ReturnType<typeof createWalletActors>;

const notConnected = (): Promise<never> =>
  Promise.reject(new Error('The wallet was started without an API.'));

/** Until the app provides the API every call fails, so the chart's error paths run. */
export const disconnectedWalletActors = createWalletActors({
  wallet: notConnected,
  enterWalletTickets: notConnected,
});
