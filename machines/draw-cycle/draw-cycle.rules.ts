// The rules that change the draw's context (spec sections 4 and 9), as plain functions of the
// context and what arrived: entering, an entry's answer, the timer's answer, the countdown, the
// grand prize to announce.
import type { DrawEntry, GrandPrize, TimerResponse } from '../../contract/api';
import {
  DEFAULT_CYCLE_SECONDS,
  flagsOf,
  preciseSeconds,
  remainingSeconds,
  unannouncedGrandPrize,
  type DrawCycleContext,
} from './draw-cycle.types';

/** Entering a draw: marked at once, before the server has answered. */
export function enteredNow(context: DrawCycleContext): Partial<DrawCycleContext> {
  const now = context.clock.now();
  // A countdown the server set keeps running; otherwise the remembered cycle counts from
  // the press (stored interval minus time since entry).
  const counting = context.timeLeft > 0 && context.countdownStartedAt !== null;
  const interval = context.cycleTime ?? DEFAULT_CYCLE_SECONDS;
  return {
    hasEnteredDrawInSession: true,
    canEnterDraw: false,
    lastDrawEntered: now,
    ...(counting
      ? {}
      : { secondsUntilNextDraw: interval, countdownStartedAt: now, timeLeft: interval }),
  };
}

/** The entry the server recorded, and when its draw closes. */
export function withEntry(
  context: DrawCycleContext,
  recorded: DrawEntry,
): Partial<DrawCycleContext> {
  const { draw_time_left: drawTimeLeft, draw_time_left_ms: drawTimeLeftMs, ...entry } = recorded;
  return {
    draw_entries: [...context.draw_entries, entry],
    currentDrawEntry: entry,
    // The server knows when this draw closes: the countdown runs to that moment rather
    // than a whole cycle from the press.
    ...(drawTimeLeft === undefined
      ? {}
      : {
          secondsUntilNextDraw: preciseSeconds(drawTimeLeft, drawTimeLeftMs),
          countdownStartedAt: context.clock.now(),
          timeLeft: Math.ceil(preciseSeconds(drawTimeLeft, drawTimeLeftMs)),
        }),
  };
}

/** The timer's answer, rule by rule. */
export function withTimer(
  context: DrawCycleContext,
  timer: TimerResponse,
): Partial<DrawCycleContext> {
  const now = context.clock.now();
  const next: Partial<DrawCycleContext> = {
    showTellUsMore: timer.show_tell_us_more,
    cycleTime: timer.cycle_time,
  };
  if (!timer.cycle_finished) {
    const left = preciseSeconds(timer.time_left, timer.time_left_ms);
    next.secondsUntilNextDraw = left;
    next.countdownStartedAt = now;
    next.timeLeft = Math.ceil(left);
  } else {
    // No entry of this player in the open draw: whatever entry the app held is over.
    next.currentDrawEntry = null;
    if (!context.canEnterDraw) {
      const interval = context.cycleTime ?? timer.cycle_time;
      next.secondsUntilNextDraw = interval;
      next.countdownStartedAt = now;
      next.timeLeft = interval;
      if (!flagsOf(context).isFirstQuestionnaire) next.canEnterDraw = true;
    }
  }
  if (!context.canEnterDraw && !context.hasFinishedQuestionnaire) next.canEnterDraw = true;
  return next;
}

/** Whole seconds left of the running countdown, by the clock. */
export function timeLeftNow(context: DrawCycleContext): number {
  return remainingSeconds(
    context.secondsUntilNextDraw,
    context.countdownStartedAt,
    context.clock.now(),
  );
}

/** The prize the 'YOU WON!' view is to show: the newest one not yet announced. */
export function heldGrandPrize(
  context: DrawCycleContext,
  prizes: GrandPrize[],
): Pick<DrawCycleContext, 'grandPrizeAmount' | 'grandPrizeDrawId'> {
  const prize = unannouncedGrandPrize(prizes, context);
  return {
    grandPrizeAmount: prize?.additional_info.prize_amount ?? null,
    grandPrizeDrawId: prize?.draw_id ?? null,
  };
}

/** The draws announced here, the one on screen included. */
export function announcedNow(context: DrawCycleContext): readonly number[] {
  return context.grandPrizeDrawId === null
    ? context.announcedHere
    : [...context.announcedHere, context.grandPrizeDrawId];
}
