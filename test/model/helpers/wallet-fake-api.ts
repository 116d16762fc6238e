// A stand-in for the API the wallet calls (see deferred-api.ts), and its answers.
import type { WalletEntriesResponse, WalletResponse } from '../../../contract/api';
import type { WalletApi } from '../../../machines/wallet/wallet.actors';
import { DeferredApi } from './deferred-api';

export type WalletCallName = keyof WalletApi;

export const CURRENT_DRAW_ID = 42;

/** What GET wallet answers for a player holding `tickets` with `entries` in today's draw. */
export function walletAnswer(tickets: number, entries: number): WalletResponse {
  return {
    data: { tickets, current_draw_id: CURRENT_DRAW_ID, entries_in_current_draw: entries },
  };
}

/** What POST wallet/entries answers after `count` tickets were spent, `left` remaining. */
export function entriesAnswer(count: number, left: number, firstId = 1000): WalletEntriesResponse {
  return {
    data: {
      entries: Array.from({ length: count }, (_, i) => ({
        id: firstId + i,
        draw_id: CURRENT_DRAW_ID,
        source: 'wallet' as const,
        created_at: '2026-11-22T20:00:00.000Z',
      })),
      tickets: left,
    },
  };
}

export class FakeWalletApi extends DeferredApi<WalletCallName> implements WalletApi {
  wallet = () => this.call<WalletResponse>('wallet');
  enterWalletTickets = (count: number) =>
    this.call<WalletEntriesResponse>('enterWalletTickets', count);
}
