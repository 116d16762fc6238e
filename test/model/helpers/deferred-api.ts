// One stand-in for any API a machine calls: every call waits until the test answers it (or is
// answered at once when the test says so), so a test decides when and how each call ends, the
// success and every failure branch alike, and sees what was sent.

type PendingCall<Name extends string> = {
  name: Name;
  body: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export class DeferredApi<Name extends string> {
  /** Every call made, in order, with what was sent. */
  readonly calls: Array<{ name: Name; body: unknown }> = [];
  private readonly pending: PendingCall<Name>[] = [];
  private readonly automatic = new Map<Name, () => Promise<unknown>>();

  /** Answers every future call of `name` at once with `answer`. */
  answerAlways(name: Name, answer: () => Promise<unknown>): void {
    this.automatic.set(name, answer);
  }

  /** Future calls of `name` wait for the test again. */
  answerByHand(name: Name): void {
    this.automatic.delete(name);
  }

  callsOf(name: Name): unknown[] {
    return this.calls.filter((c) => c.name === name).map((c) => c.body);
  }

  count(name: Name): number {
    return this.callsOf(name).length;
  }

  isWaiting(name: Name): boolean {
    return this.pending.some((p) => p.name === name);
  }

  /** Ends the newest unanswered call of `name` with `value`. */
  resolve(name: Name, value: unknown): void {
    this.take(name).resolve(value);
  }

  /** Fails the newest unanswered call of `name` with `error`. */
  reject(name: Name, error: unknown): void {
    this.take(name).reject(error);
  }

  // The newest: an older call of the same name belongs to a state the machine has left (the
  // starting page's code check, say), whose answer nobody waits for any more.
  private take(name: Name): PendingCall<Name> {
    const index = this.pending.findLastIndex((p) => p.name === name);
    const call = this.pending[index];
    if (!call) throw new Error(`No ${name} call is waiting for an answer`);
    this.pending.splice(index, 1);
    return call;
  }

  /** A call of `name` sending `body`, as the fake's methods make it. */
  protected call<T>(name: Name, body: unknown = null): Promise<T> {
    this.calls.push({ name, body });
    const automatic = this.automatic.get(name);
    if (automatic) return automatic() as Promise<T>;
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ name, body, resolve: resolve as (value: unknown) => void, reject });
    });
  }
}
