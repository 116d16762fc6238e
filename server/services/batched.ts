// Calls that arrive in the same turn of the event loop share one statement: under load, many
// requests become readable in one poll of the sockets, and their lookups or inserts go to the
// database together instead of one round trip and one commit each. A lone call waits only
// until the end of the current turn.
import DataLoader from 'dataloader';

const MAX_BATCH = 500;

/**
 * `one(key)` for a function that answers many keys at once. `many` gets the keys of one turn
 * (duplicates included, in call order) and answers each position.
 */
export function batched<K, V>(many: (keys: readonly K[]) => Promise<V[]>): (key: K) => Promise<V> {
  const loader = new DataLoader<K, V>(many, {
    // Nothing is remembered between turns: every call asks the database afresh.
    cache: false,
    batchScheduleFn: (dispatch) => setImmediate(dispatch),
    maxBatchSize: MAX_BATCH,
  });
  return (key) => loader.load(key);
}
