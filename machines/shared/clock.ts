// The time the machines count with. The app runs on the browser's clock; tests pass XState's
// SimulatedClock (it has these three methods) to the machines' input and to `createActor`, so
// the countdown and the delays move together, without waiting and without reading the actor
// system's private clock.

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
