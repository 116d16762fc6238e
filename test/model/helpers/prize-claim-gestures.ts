// What causes each event of the prize claim's model, through the rendered view: the player's taps
// and typing, the server's answers. Other walks can drive the claim with these gestures from
// their own models.
import { waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { Step } from 'xstate/graph';
import {
  BONUS_ALREADY_CLAIMED,
  CLAIM_ERROR,
  CLAIM_FAILED,
  PRIZE_ALREADY_CLAIMED,
  type ClaimBonusResponse,
  type ClaimPrizeResponse,
} from '../../../contract/winnings';
import type { ToastEffect } from '../../../machines/shared/effects';
import type { ApiFailure } from '../../../src/lib/api';
import { answerWhenWaiting } from './generated-walks';
import type { FakeWinningsApi } from './winnings-fake-api';
import {
  type ClaimEvent,
  type ClaimSnapshot,
  WRONG,
  amountIn,
  answerOf,
  claimBody,
  claimCallOf,
  claimMessage,
  isBonus,
  kindOf,
  serialize,
} from './prize-claim-model';
import { WITHDRAWN } from './prize-claim-walks';
import { amountOf, app, button, field } from './prize-claim-harness';

// ---- the walk ----------------------------------------------------------------------------------

export type ClaimStep = Step<ClaimSnapshot, ClaimEvent>;

export async function arrive(expected: ClaimSnapshot): Promise<void> {
  await waitFor(() => expect(serialize(app().actor.getSnapshot())).toBe(serialize(expected)));
}

export async function tap(name: string, step: ClaimStep): Promise<void> {
  await app().user.click(button(name));
  await arrive(step.state);
}

/** Waits for `call`, then ends it (and lets the answer reach the machine and the view). */
export const settle = (
  call: 'paymentChoices' | 'claimPrize' | 'claimBonus',
  outcome: (api: FakeWinningsApi) => void,
): Promise<void> => answerWhenWaiting(app().api, call, outcome);

export const toastOf = (message: string): ToastEffect => ({
  type: 'toast',
  message,
  variant: 'error',
});

/** A refusal of the claim itself (not the network, nor the server being down). */
export const isRefusal = ({ status }: ApiFailure) => status >= 400 && status < 500;

export const executors = {
  'claim.choose': async (step) => {
    if (step.event.type !== 'claim.choose') return;
    const { method } = step.event;
    await tap(app().walk.variant === 'page' ? `Claim with ${method}` : method, step);
  },
  // A field still empty gets a wrong value first: the form says why, and nothing is sent.
  'claim.submit': async (step) => {
    if (step.event.type !== 'claim.submit') return;
    const { user, api, actor, walk, expected } = app();
    const method = actor.getSnapshot().context.method!;
    const input = field(method);
    const claim = `Claim ${amountOf(walk)}`;
    if (input.value !== step.event.details) {
      expect(input.value).toBe('');
      await user.type(input, WRONG[method].typed);
      await user.click(button(claim));
      // The form's own alert (in the app a toast may be one too).
      const form = within(input.closest('form')!);
      await waitFor(() => expect(form.getByRole('alert').textContent).toBe(WRONG[method].says));
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(api.count(claimCallOf(walk))).toBe(
        expected.calls.filter((c) => c.name === claimCallOf(walk)).length,
      );
      expect(actor.getSnapshot().value).toBe('entering');
      await user.clear(input);
      await user.type(input, step.event.details);
      await waitFor(() => expect(form.queryByRole('alert')).toBeNull());
    }
    await user.click(button(claim));
    expected.calls.push({ name: claimCallOf(walk), body: claimBody(walk, method) });
    await arrive(step.state);
  },
  'claim.back': (step) => tap('Back', step),
  'claim.retry': async (step) => {
    app().expected.calls.push({ name: 'paymentChoices', body: app().walk.prize.id });
    await tap('Try again', step);
  },
  // Not now leaves a prize unclaimed: its parent hears no method.
  'claim.close': async (step) => {
    if (step.event.type !== 'claim.close') return;
    const { walk, expected } = app();
    if (step.event.button === 'Not now')
      expected.output = {
        kind: kindOf(walk),
        claimed: false,
        prizeId: walk.prize.id,
        paymentMethod: null,
      };
    await tap(step.event.button, step);
  },
  'xstate.done.actor.loadPaymentChoices': async (step) => {
    const { walk, expected, actor } = app();
    const answer = answerOf(walk, actor.getSnapshot());
    expected.shows = answer.shows;
    await settle('paymentChoices', (api) => api.resolve('paymentChoices', answer.choices));
    await arrive(step.state);
  },
  'xstate.error.actor.loadPaymentChoices': async (step) => {
    if (step.event.type !== 'xstate.error.actor.loadPaymentChoices') return;
    const { error } = step.event;
    app().expected.toasts.push(toastOf(CLAIM_ERROR));
    await settle('paymentChoices', (api) => api.reject('paymentChoices', error));
    await arrive(step.state);
  },
  'xstate.done.actor.claimPrize': async (step) => {
    const { walk, expected, actor } = app();
    const method = actor.getSnapshot().context.method!;
    const message = claimMessage(amountIn(walk), method);
    const answer: ClaimPrizeResponse | ClaimBonusResponse = isBonus(walk.prize)
      ? { data: { referral_bonus_id: walk.prize.id, payment_method: method, message } }
      : { data: { grand_prize_id: walk.prize.id, payment_method: method, message } };
    expected.claimedLine = message;
    expected.output = {
      kind: kindOf(walk),
      claimed: true,
      prizeId: walk.prize.id,
      paymentMethod: method,
    };
    const call = claimCallOf(walk);
    await settle(call, (api) => api.resolve(call, answer));
    await arrive(step.state);
  },
  'xstate.error.actor.claimPrize': async (step) => {
    if (step.event.type !== 'xstate.error.actor.claimPrize') return;
    const { error } = step.event;
    const { walk, expected } = app();
    expected.toasts.push(toastOf(isRefusal(error) ? CLAIM_FAILED : CLAIM_ERROR));
    if (error.status === 409) {
      // Claimed from another device: how is not this screen's to know.
      expected.claimedLine =
        error.detail ?? (isBonus(walk.prize) ? BONUS_ALREADY_CLAIMED : PRIZE_ALREADY_CLAIMED);
      expected.output = {
        kind: kindOf(walk),
        claimed: true,
        prizeId: walk.prize.id,
        paymentMethod: null,
      };
    }
    // A method withdrawn: the choices are asked for again.
    if (error === WITHDRAWN) expected.calls.push({ name: 'paymentChoices', body: walk.prize.id });
    const call = claimCallOf(walk);
    await settle(call, (api) => api.reject(call, error));
    await arrive(step.state);
  },
} satisfies Record<ClaimEvent['type'], (step: ClaimStep) => Promise<void>>;
