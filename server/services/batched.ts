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

/**
 * `one(key)` for a function that answers many keys at once. `many` gets the keys of one turn
 * (duplicates included, in call order) and answers each position.
 */
export function batched<K, V>(many: (keys: readonly K[]) => Promise<V[]>): (key: K) => Promise<V> {
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
