// A stand-in for the API the wallet calls: every call waits until the test answers it, so a test
// decides when and how each call ends, and sees what was sent.
import type { WalletEntriesResponse, WalletResponse } from '../../../contract/api';
import type { WalletApi } from '../../../machines/wallet/wallet.actors';

export type WalletCallName = keyof WalletApi;

type PendingCall = {
  name: WalletCallName;
  body: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

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

export class FakeWalletApi implements WalletApi {
  /** Every call made, in order, with what was sent. */
  readonly calls: Array<{ name: WalletCallName; body: unknown }> = [];
  private readonly pending: PendingCall[] = [];

  wallet = () => this.call<WalletResponse>('wallet', null);
  enterWalletTickets = (count: number) =>
    this.call<WalletEntriesResponse>('enterWalletTickets', count);

  callsOf(name: WalletCallName): unknown[] {
    return this.calls.filter((c) => c.name === name).map((c) => c.body);
  }

  isWaiting(name: WalletCallName): boolean {
    return this.pending.some((p) => p.name === name);
  }

  /** Ends the oldest unanswered call of `name` with `value`. */
  resolve(name: WalletCallName, value: unknown): void {
    this.take(name).resolve(value);
  }

  /** Fails the oldest unanswered call of `name` with `error`. */
  reject(name: WalletCallName, error: unknown): void {
    this.take(name).reject(error);
  }

  private take(name: WalletCallName): PendingCall {
    const index = this.pending.findIndex((p) => p.name === name);
    const call = this.pending[index];
    if (!call) throw new Error(`No ${name} call is waiting for an answer`);
    this.pending.splice(index, 1);
    return call;
  }

  private call<T>(name: WalletCallName, body: unknown): Promise<T> {
    this.calls.push({ name, body });
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ name, body, resolve: resolve as (value: unknown) => void, reject });
    });
  }
}
