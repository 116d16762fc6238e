// The steps of the winnings drawer's model test: arriving in a state, a tap, time passing, a
// call answered, and the payout claims run through their modals.
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Step } from 'xstate/graph';
import type { ClaimBonusResponse, ClaimPrizeResponse } from '../../../contract/winnings';
import type { PrizeClaimOutput } from '../../../machines/winnings/prize-claim.machine';
import { answerWhenWaiting } from './generated-walks';
import { app, drawerActor } from './winnings-drawer-harness';
import {
  TAKES,
  type DrawerModelEvent,
  type DrawerSnapshot,
  type TimeUp,
} from './winnings-drawer-model';
import { serialize } from './winnings-drawer-paths';
import { dialog, navigations } from './winnings-drawer-screen';
import { PAYPAL_EMAIL, PAYPAL_MESSAGE } from './winnings-drawer-walks';
import { choicesOf, type FakeWinningsApi } from './winnings-fake-api';

export type DrawerStep = Step<DrawerSnapshot, DrawerModelEvent>;

/** The drawer in `expected`, and a claim opened there on screen (its code comes with it). */
export async function arrive(expected: DrawerSnapshot): Promise<void> {
  await waitFor(() => {
    expect(serialize(drawerActor().getSnapshot())).toBe(serialize(expected));
    expect(document.querySelector('.winnings__claim-loading')).toBeNull();
  });
}

export async function tap(element: HTMLElement, step: DrawerStep): Promise<void> {
  await app().user.click(element);
  await arrive(step.state);
}

/** The drawer's time passes: not a millisecond early, and on time. */
export async function timeUp(step: DrawerStep): Promise<void> {
  const { clock } = app();
  const ms = TAKES[step.event.type as TimeUp];
  const before = serialize(drawerActor().getSnapshot());
  const went = navigations().length;
  act(() => clock.increment(ms - 1));
  expect(serialize(drawerActor().getSnapshot())).toBe(before);
  expect(navigations()).toHaveLength(went);
  act(() => clock.increment(1));
  await arrive(step.state);
}

/** Waits for `call`, then answers it (and lets the answer reach the machines). */
export const answerCall = (
  call:
    | 'coupons'
    | 'grandPrizes'
    | 'referralBonuses'
    | 'claimCoupon'
    | 'paymentChoices'
    | 'contactThreads'
    | 'markContactThreadRead',
  settle: (api: FakeWinningsApi) => void,
): Promise<void> => answerWhenWaiting(app().api, call, settle);

export const toastShown = (text: string) => screen.findByText(text, {}, { timeout: 2000 });

/** The claim of a referral bonus, run through its modal as far as its outcome. */
export async function endBonusClaim(output: PrizeClaimOutput): Promise<void> {
  const modal = dialog('Referral bonus');
  const { user, api } = app();
  if (!output.claimed) {
    await user.click(within(modal).getByRole('button', { name: 'Not now' }));
    return;
  }
  const bonus = drawerActor()
    .getSnapshot()
    .context.referralBonuses.find((b) => b.id === output.prizeId)!;
  if (!bonus.claimed) {
    await user.click(within(modal).getByRole('button', { name: 'PayPal' }));
    await user.type(within(modal).getByLabelText('PayPal e-mail'), PAYPAL_EMAIL);
    await user.click(within(modal).getByRole('button', { name: `Claim $${bonus.amount}` }));
    await waitFor(() => expect(api.isWaiting('claimBonus')).toBe(true));
    expect(api.callsOf('claimBonus').at(-1)).toEqual({
      referral_bonus_id: bonus.id,
      payment_method: 'PayPal',
      email: PAYPAL_EMAIL,
    });
    const message = `Your $${bonus.amount} bonus will be sent to ${PAYPAL_EMAIL} by PayPal.`;
    const answer: ClaimBonusResponse = {
      data: { referral_bonus_id: bonus.id, payment_method: 'PayPal', message },
    };
    await act(async () => {
      api.resolve('claimBonus', answer);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await within(modal).findByText(message);
  }
  await user.click(within(modal).getByRole('button', { name: 'Done' }));
}

/** The claim of a grand prize, run through its modal as far as its outcome. */
export async function endPrizeClaim(output: PrizeClaimOutput): Promise<void> {
  const modal = dialog('Grand prize');
  const { user } = app();
  if (!output.claimed) {
    await user.click(within(modal).getByRole('button', { name: 'Not now' }));
    return;
  }
  const snapshot = drawerActor().getSnapshot();
  const prize = snapshot.context.grandPrizes.find((p) => p.id === output.prizeId)!;
  if (!prize.claimed) {
    await answerCall('paymentChoices', (api) => api.resolve('paymentChoices', choicesOf(prize.id)));
    // The modal offers all three ways.
    const methods = within(modal).getByRole('group', { name: 'Payout method' });
    expect(
      within(methods)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Venmo', 'PayPal', 'Virtual Visa']);
    await user.click(within(methods).getByRole('button', { name: 'PayPal' }));
    await user.type(within(modal).getByLabelText('PayPal e-mail'), PAYPAL_EMAIL);
    await user.click(within(modal).getByRole('button', { name: 'Claim $500' }));
    await waitFor(() => expect(app().api.isWaiting('claimPrize')).toBe(true));
    expect(app().api.callsOf('claimPrize').at(-1)).toEqual({
      grand_prize_id: prize.id,
      payment_method: 'PayPal',
      email: PAYPAL_EMAIL,
    });
    const answer: ClaimPrizeResponse = {
      data: { grand_prize_id: prize.id, payment_method: 'PayPal', message: PAYPAL_MESSAGE },
    };
    await act(async () => {
      app().api.resolve('claimPrize', answer);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await within(modal).findByText(PAYPAL_MESSAGE);
  }
  await user.click(within(modal).getByRole('button', { name: 'Done' }));
}
