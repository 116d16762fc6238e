// The countdown on /home as players meet it: the figures tick every second for the eye (hidden
// from a screen reader, which would read each one), and the timer a screen reader hears says
// the minutes left, politely.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { formatCountdown } from '../../../machines/draw-cycle/draw-cycle.selectors';
import { countdownWords } from '../../../src/features/draw-cycle/countdown-words';

export function expectCountdownShows(secondsLeft: number): void {
  const figures = screen.getByText(formatCountdown(secondsLeft));
  expect(figures.getAttribute('aria-hidden')).toBe('true');
  const timer = screen.getByRole('timer', { name: 'Time until the next drawing' });
  expect(timer.textContent).toBe(countdownWords(secondsLeft));
  expect(timer.getAttribute('aria-live')).toBe('polite');
}
