// Calls that arrive in the same turn of the event loop share one statement: under load, many
// requests become readable in one poll of the sockets, and their lookups or inserts go to the
// database together instead of one round trip and one commit each. A lone call waits only
// until the end of the current turn.
//
// While statements of the same kind are already on their way, the next one waits for one of
// them to finish and takes every call that arrived meanwhile: when requests trickle in (new
// connections being accepted one by one), they still go in a few large statements instead of
// queueing as many small ones behind each other (the embedded database runs one at a time).
import DataLoader from 'dataloader';

const MAX_BATCH = 500;
/** Statements of one kind on their way at once; the next waits and grows meanwhile. */
const MAX_IN_FLIGHT = 2;

export interface BatchOptions {
  /**
   * When `many` fails for a batch of several keys and this says so of the error, each key is
   * tried again alone, so that one bad key fails only its own call (a statement is all or
   * nothing). Without it, or when it answers false (the database gone, say), every call of
   * the batch fails with the batch.
   */
  retryAlone?: (error: unknown) => boolean;
}

/**
 * `one(key)` for a function that answers many keys at once. `many` gets the keys of one turn
 * (duplicates included, in call order) and answers each position.
 */
export function batched<K, V>(
  many: (keys: readonly K[]) => Promise<V[]>,
  options: BatchOptions = {},
): (key: K) => Promise<V> {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) setImmediate(next);
    else active -= 1;
  };
  const loader = new DataLoader<K, V>(
    async (keys) => {
      try {
        return await many(keys);
      } catch (error) {
        if (keys.length < 2 || !options.retryAlone?.(error)) throw error;
        // DataLoader takes an Error in a position as that call's failure.
        return Promise.all(
          keys.map(async (key) => {
            try {
              const [value] = await many([key]);
              return value as V;
            } catch (alone) {
              return alone instanceof Error ? alone : new Error(String(alone));
            }
          }),
        );
      } finally {
        release();
      }
    },
    {
      // Nothing is remembered between turns: every call asks the database afresh.
      cache: false,
      batchScheduleFn: (dispatch) => {
        if (active < MAX_IN_FLIGHT) {
          active += 1;
          setImmediate(dispatch);
        } else {
          waiting.push(dispatch);
        }
      },
      maxBatchSize: MAX_BATCH,
    },
  );
  return (key) => loader.load(key);
}
