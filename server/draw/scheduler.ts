// Every instance runs this: it closes the open draw once its window has passed, so draws close
// on time with nobody calling anything, and reads never have to. All instances race; the
// closing itself happens once (services/draw-lifecycle.ts), and the losers find the next draw
// already open.
import type { FastifyBaseLogger } from 'fastify';
import type { DrawService } from '../services/draws';

/** The longest sleep between checks: a draw opened or closed elsewhere is noticed this soon. */
export const MAX_SLEEP_MS = 10_000;
const RETRY_AFTER_FAILURE_MS = 2_000;

export interface DrawScheduler {
  /** Checks again now (another instance or the operator changed the draws). */
  wake(): void;
  stop(): Promise<void>;
}

export function startDrawScheduler(
  draws: DrawService,
  options: { now: () => Date; log: Pick<FastifyBaseLogger, 'error'> },
): DrawScheduler {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const plan = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(tick, Math.max(0, Math.min(ms, MAX_SLEEP_MS)));
  };

  async function check(): Promise<void> {
    try {
      // Closes an overdue draw and opens the one whose window contains now.
      await draws.closeDue();
      const open = await draws.ensureOpen();
      // A few milliseconds late rather than early: an early wake only sleeps again.
      plan(open.closesAt.getTime() - options.now().getTime() + 5);
    } catch (error) {
      options.log.error({ err: error }, 'draw schedule check failed');
      plan(RETRY_AFTER_FAILURE_MS);
    }
  }

  function tick() {
    running = running.then(check);
  }

  tick();
  return {
    wake: tick,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
