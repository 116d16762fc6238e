import { describe, expect, it } from 'vitest';
import { batched } from '../../server/services/batched';

describe('calls batched by turn of the event loop', () => {
  it('sends the calls of one turn together, in call order, duplicates included', async () => {
    const batches: string[][] = [];
    const upper = batched((keys: readonly string[]) => {
      batches.push([...keys]);
      return Promise.resolve(keys.map((key) => key.toUpperCase()));
    });
    const answers = await Promise.all(['a', 'b', 'a', 'c'].map(upper));
    expect(answers).toEqual(['A', 'B', 'A', 'C']);
    expect(batches).toEqual([['a', 'b', 'a', 'c']]);
  });

  it('sends a later turn as a batch of its own, and a lone call without waiting for company', async () => {
    const batches: number[][] = [];
    const double = batched((keys: readonly number[]) => {
      batches.push([...keys]);
      return Promise.resolve(keys.map((key) => key * 2));
    });
    expect(await double(1)).toBe(2);
    expect(await Promise.all([double(2), double(3)])).toEqual([4, 6]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('fails every call of a batch whose work fails, and the next batch still runs', async () => {
    let fail = true;
    const flaky = batched((keys: readonly number[]) =>
      fail ? Promise.reject(new Error('database down')) : Promise.resolve([...keys]),
    );
    const results = await Promise.allSettled([flaky(1), flaky(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await flaky(3)).toBe(3);
  });

  it('tries the calls of a failed batch again one by one when told to, so a bad one fails alone', async () => {
    const batches: number[][] = [];
    const picky = batched(
      (keys: readonly number[]) => {
        batches.push([...keys]);
        return keys.includes(13)
          ? Promise.reject(new Error('no thirteen'))
          : Promise.resolve(keys.map((key) => key * 10));
      },
      { retryAlone: (error) => error instanceof Error && error.message === 'no thirteen' },
    );
    const results = await Promise.allSettled([picky(1), picky(13), picky(2)]);
    expect(results).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('no thirteen') },
      { status: 'fulfilled', value: 20 },
    ]);
    expect(batches).toEqual([[1, 13, 2], [1], [13], [2]]);
  });

  it('fails the whole batch at once when the error is not one to try again for', async () => {
    const batches: number[][] = [];
    const down = batched(
      (keys: readonly number[]) => {
        batches.push([...keys]);
        return Promise.reject(new Error('database down'));
      },
      { retryAlone: (error) => error instanceof Error && error.message !== 'database down' },
    );
    const results = await Promise.allSettled([down(1), down(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(batches).toEqual([[1, 2]]);
  });

  it('holds the calls of later turns while two batches are on their way, then sends them as one', async () => {
    const batches: number[][] = [];
    const finish: (() => void)[] = [];
    const slow = batched(
      (keys: readonly number[]) =>
        new Promise<number[]>((resolve) => {
          batches.push([...keys]);
          finish.push(() => resolve([...keys]));
        }),
    );
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    // Five turns of calls while the database answers nothing.
    const answers = [slow(1), slow(2)];
    await turn();
    answers.push(slow(3));
    await turn();
    answers.push(slow(4));
    await turn();
    answers.push(slow(5));
    await turn();
    // Two batches went; the three calls since wait together.
    expect(batches).toEqual([[1, 2], [3]]);
    finish[0]!();
    await turn();
    await turn();
    expect(batches).toEqual([[1, 2], [3], [4, 5]]);
    finish[1]!();
    finish[2]!();
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5]);
  });
});
