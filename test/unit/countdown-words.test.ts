// What a screen reader hears of /home's countdown: whole minutes, so the words (a polite live
// region) change once a minute while the figures tick every second.
import { describe, expect, it } from 'vitest';
import { countdownWords } from '../../src/features/draw-cycle/countdown-words';

describe('the countdown in words', () => {
  it('counts whole minutes, rounded up, with hours once it is an hour or more', () => {
    expect(countdownWords(4 * 60 + 5)).toBe('Next drawing in 5 minutes');
    expect(countdownWords(4 * 60)).toBe('Next drawing in 4 minutes');
    expect(countdownWords(59)).toBe('Next drawing in 1 minute');
    expect(countdownWords(0.5)).toBe('The next drawing is starting');
    expect(countdownWords(60 * 60)).toBe('Next drawing in 1 hour');
    expect(countdownWords(61 * 60)).toBe('Next drawing in 1 hour 1 minute');
    expect(countdownWords(24 * 3600 - 31)).toBe('Next drawing in 24 hours');
    expect(countdownWords(23 * 3600 + 59 * 60)).toBe('Next drawing in 23 hours 59 minutes');
  });

  it('changes once a minute as the seconds tick down, never more often', () => {
    let changes = 0;
    let said = countdownWords(3600);
    for (let left = 3599; left >= 1; left -= 1) {
      const now = countdownWords(left);
      if (now !== said) changes += 1;
      said = now;
    }
    // From 60 minutes down to 1: 59 changes in 3,599 ticks.
    expect(changes).toBe(59);
  });
});
