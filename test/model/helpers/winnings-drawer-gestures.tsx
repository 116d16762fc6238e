// What causes each event of the winnings drawer's model: the player's gestures and taps, the
// server's answers, time passing.
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { TOAST_WINNINGS_LOAD_FAILED } from '../../../machines/winnings/winnings-drawer.machine';
import { drag } from './entry-gestures';
import { answerAccountActions } from './winnings-drawer-account';
import { app, drawerActor } from './winnings-drawer-harness';
import {
  LOAD_FAILURE,
  LONG_PULL,
  OPEN_DELAY_ENDS,
  SHORT_PULL,
  SLIDE_DOWN_ENDS,
  SLIDE_UP_ENDS,
  type DrawerModelEvent,
} from './winnings-drawer-model';
import {
  bonusLabel,
  button,
  clicks,
  closeControl,
  couponLabel,
  dialog,
  navigations,
  prizeLabel,
} from './winnings-drawer-screen';
import {
  answerCall,
  arrive,
  endBonusClaim,
  endPrizeClaim,
  tap,
  timeUp,
  toastShown,
  type DrawerStep,
} from './winnings-drawer-steps';

export const executors = {
  [OPEN_DELAY_ENDS]: timeUp,
  [SLIDE_DOWN_ENDS]: timeUp,
  [SLIDE_UP_ENDS]: timeUp,
  'xstate.done.actor.loadWinnings': async (step) => {
    const { coupons, grandPrizes, referralBonuses } = app().walk.winnings;
    await answerCall('coupons', (api) => {
      api.resolve('coupons', { data: coupons });
      api.resolve('grandPrizes', { data: grandPrizes });
      api.resolve('referralBonuses', { data: referralBonuses });
    });
    await arrive(step.state);
  },
  'xstate.error.actor.loadWinnings': async (step) => {
    await answerCall('coupons', (api) => api.reject('coupons', LOAD_FAILURE));
    app().toasts.push(TOAST_WINNINGS_LOAD_FAILED);
    await arrive(step.state);
    await toastShown(TOAST_WINNINGS_LOAD_FAILED);
  },
  'drawer.retry': (step) => tap(button('Try again'), step),
  // The finger pulls the grip down (real touch pointer events through @use-gesture, which works
  // in the test DOM): a sixth of the screen keeps it down, a pixel more closes it.
  'drawer.swipeEnded': async (step) => {
    const grip = screen.getByTestId('winnings-grip');
    await drag(app(), grip, 'touch', 0, SHORT_PULL);
    expect(drawerActor().getSnapshot().value.panel).toBe('open');
    expect(screen.getByTestId('winnings-drawer').getAttribute('data-panel')).toBe('open');
    await drag(app(), grip, 'touch', 0, LONG_PULL);
    await arrive(step.state);
  },
  'drawer.close': (step) => tap(closeControl(), step),
  'drawer.selectCoupon': async (step) => {
    const coupon = app().walk.winnings.coupons.find(
      (c) => step.event.type === 'drawer.selectCoupon' && c.id === step.event.id,
    )!;
    const section = screen.getByRole('region', { name: coupon.attributes.coupon_type! });
    app().selections += 1;
    await tap(within(section).getByRole('button', { name: couponLabel(coupon) }), step);
  },
  'drawer.claimCoupon': (step) =>
    tap(within(dialog('Claim coupon')).getByRole('button', { name: 'Claim' }), step),
  'drawer.dismissCoupon': (step) =>
    tap(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }), step),
  'xstate.done.actor.claimCoupon': async (step) => {
    const { message, code } = app().walk.couponClaim;
    // A delivery note comes without a code (an older server sends none at all).
    const data = code ? { message, code } : { message };
    await answerCall('claimCoupon', (api) => api.resolve('claimCoupon', { data }));
    await arrive(step.state);
  },
  'xstate.error.actor.claimCoupon': async (step) => {
    const failure = app().walk.claimFailures.find(
      ({ error }) =>
        step.event.type === 'xstate.error.actor.claimCoupon' && error === step.event.error,
    )!;
    await answerCall('claimCoupon', (api) => api.reject('claimCoupon', failure.error));
    app().toasts.push(failure.toast);
    await arrive(step.state);
    await toastShown(failure.toast);
  },
  'drawer.selectBonus': (step) => {
    const bonus = drawerActor().getSnapshot().context.referralBonuses[0]!;
    const bonuses = within(screen.getByRole('region', { name: 'Referral bonuses' })).getAllByRole(
      'button',
    );
    return tap(
      bonuses.find((shown) => shown.textContent === bonusLabel(bonus))!,
      step,
    );
  },
  'xstate.done.actor.loadContactThreads': async (step) => {
    const threads = app().walk.threads ?? [];
    await answerCall('contactThreads', (api) => api.resolve('contactThreads', { data: threads }));
    await arrive(step.state);
  },
  // Silent: the rest of the drawer works on.
  'xstate.error.actor.loadContactThreads': async (step) => {
    await answerCall('contactThreads', (api) => api.reject('contactThreads', LOAD_FAILURE));
    await arrive(step.state);
  },
  'drawer.openThread': (step) => {
    const thread = drawerActor()
      .getSnapshot()
      .context.threads.find(
        (t) => step.event.type === 'drawer.openThread' && t.id === step.event.id,
      )!;
    const list = screen.getByRole('list', { name: 'Answers to your messages' });
    const shown = within(list)
      .getAllByRole('button')
      .find((b) => b.textContent?.startsWith(thread.subject))!;
    return tap(shown, step);
  },
  'drawer.closeThread': (step) =>
    tap(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }), step),
  'xstate.done.actor.markThreadRead': async (step) => {
    await answerCall('markContactThreadRead', (api) =>
      api.resolve('markContactThreadRead', undefined),
    );
    await arrive(step.state);
  },
  'xstate.error.actor.markThreadRead': async (step) => {
    await answerCall('markContactThreadRead', (api) =>
      api.reject('markContactThreadRead', LOAD_FAILURE),
    );
    await arrive(step.state);
  },
  'drawer.selectPrize': (step) => {
    const prize = drawerActor().getSnapshot().context.grandPrizes[0]!;
    const prizes = within(screen.getByRole('region', { name: 'Grand prizes' })).getAllByRole(
      'button',
    );
    return tap(
      prizes.find((shown) => shown.textContent === prizeLabel(prize))!,
      step,
    );
  },
  'xstate.done.actor.prizeClaim': async (step) => {
    if (step.event.type !== 'xstate.done.actor.prizeClaim') return;
    if (step.event.output.kind === 'grandPrize') await endPrizeClaim(step.event.output);
    else await endBonusClaim(step.event.output);
    await arrive(step.state);
  },
  // Contact Us is logged and opened, whatever the list is doing.
  'drawer.contactUs': async (step) => {
    await tap(button('Contact Us'), step);
    expect(navigations()).toEqual(['/form/has-problem']);
    expect(window.location.pathname).toBe('/form/has-problem');
    await waitFor(() =>
      expect(clicks().at(-1)).toEqual({ event_name: 'has_problem_click', page_url: '/winnings' }),
    );
  },
  'drawer.askLogout': (step) =>
    tap(
      within(screen.getByRole('navigation', { name: 'Help and account' })).getByRole('button', {
        name: 'Logout',
      }),
      step,
    ),
  // The account actions answered through their questions (their own walk takes every way).
  'xstate.done.actor.accountActions': async (step) => {
    if (step.event.type !== 'xstate.done.actor.accountActions') return;
    await answerAccountActions(step.event.output.answer);
    await arrive(step.state);
  },
  'account.deletionFailed': async (step) => {
    app().failedDeletions += 1;
    act(() => {
      (drawerActor().system.get('session') as AnyActorRef).send({ type: 'test.deletionFails' });
    });
    await arrive(step.state);
  },
} satisfies Record<DrawerModelEvent['type'], (step: DrawerStep) => Promise<void>>;
