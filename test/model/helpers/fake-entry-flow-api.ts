// A stand-in for the API the entry flow calls: every call waits until the test answers it, so a
// test decides when and how each call ends (the success and every failure branch alike).
import type { LoginResponse } from '../../../contract/api';
import type { EntryFlowApi } from '../../../machines/entry-flow/entry-flow.actors';

export type EntryFlowCallName = keyof EntryFlowApi;

type PendingCall = {
  name: EntryFlowCallName;
  body: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export class FakeEntryFlowApi implements EntryFlowApi {
  /** Every call made, in order, with what was sent. */
  readonly calls: Array<{ name: EntryFlowCallName; body: unknown }> = [];
  private readonly pending: PendingCall[] = [];
  /** Calls answered as soon as they are made (counting clicks, say). */
  private readonly automatic = new Map<EntryFlowCallName, () => Promise<unknown>>();

  validateInvite = (body: { invite_code: string }) => this.call<unknown>('validateInvite', body);
  register = (body: { phone_number: string; invite_code: string }) =>
    this.call<unknown>('register', body);
  requestCode = (body: { phone_number: string }) =>
    this.call<{ otp?: string | undefined }>('requestCode', body);
  verifyCode = (body: { phone_number: string; code: string }) =>
    this.call<LoginResponse>('verifyCode', body);
  countInviteClick = (inviteCode: string) => this.call<unknown>('countInviteClick', inviteCode);

  /** Answers every future call of `name` at once with `answer`. */
  answerAlways(name: EntryFlowCallName, answer: () => Promise<unknown>): void {
    this.automatic.set(name, answer);
  }

  callsOf(name: EntryFlowCallName): unknown[] {
    return this.calls.filter((c) => c.name === name).map((c) => c.body);
  }

  isWaiting(name: EntryFlowCallName): boolean {
    return this.pending.some((p) => p.name === name);
  }

  /** Ends the newest unanswered call of `name` with `value`. */
  resolve(name: EntryFlowCallName, value: unknown): void {
    this.take(name).resolve(value);
  }

  /** Fails the newest unanswered call of `name` with `error`. */
  reject(name: EntryFlowCallName, error: unknown): void {
    this.take(name).reject(error);
  }

  // The newest: an older call of the same name belongs to a screen the flow has left (the
  // starting page's code check, say), whose answer nobody waits for any more.
  private take(name: EntryFlowCallName): PendingCall {
    const index = this.pending.findLastIndex((p) => p.name === name);
    const call = this.pending[index];
    if (!call) throw new Error(`No ${name} call is waiting for an answer`);
    this.pending.splice(index, 1);
    return call;
  }

  private call<T>(name: EntryFlowCallName, body: unknown): Promise<T> {
    this.calls.push({ name, body });
    const automatic = this.automatic.get(name);
    if (automatic) return automatic() as Promise<T>;
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ name, body, resolve: resolve as (value: unknown) => void, reject });
    });
  }
}
