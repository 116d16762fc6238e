// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { GrandPrize } from '../../contract/api';
import {
  CLAIM_FAILED,
  PAYPAL_EMAIL_INVALID,
  VENMO_HANDLE_INVALID,
  type ClaimBonusRequest,
  type ClaimBonusResponse,
  type ClaimPrizeRequest,
  type ClaimPrizeResponse,
  type PaymentChoicesResponse,
  type PaymentMethod,
  type ReferralBonus,
} from '../../contract/winnings';
import {
  createPrizeClaimActors,
  type PrizeClaimApi,
} from '../../machines/winnings/prize-claim.actors';
import {
  prizeClaimMachine,
  type PrizeClaimInput,
} from '../../machines/winnings/prize-claim.machine';
import { PrizeClaimView, type PrizeClaimVariant } from '../../src/features/winnings/PrizeClaim';
import { ApiFailure } from '../../src/lib/api';
import { DeferredApi } from '../model/helpers/deferred-api';
import { settle } from '../support/settle';

const PRIZE_ID = '3f6c1a52-7d0e-4b8a-9c41-2e5f8d7a6b10';
const ALL: PaymentMethod[] = ['Venmo', 'PayPal', 'Virtual Visa'];
const MESSAGE = 'Your $500 prize will be sent to jane@example.com by PayPal.';

class FakePrizeClaimApi extends DeferredApi<keyof PrizeClaimApi> implements PrizeClaimApi {
  paymentChoices = (grandPrizeId: string) =>
    this.call<PaymentChoicesResponse>('paymentChoices', grandPrizeId);
  claimPrize = (body: ClaimPrizeRequest) => this.call<ClaimPrizeResponse>('claimPrize', body);
  claimBonus = (body: ClaimBonusRequest) => this.call<ClaimBonusResponse>('claimBonus', body);
}

function grandPrize(overrides: Partial<GrandPrize> = {}): GrandPrize {
  return {
    id: PRIZE_ID,
    draw_id: 7,
    additional_info: { prize_amount: 500 },
    cashier_check: null,
    claimed: false,
    created_at: '2026-11-22T20:00:00.000Z',
    payment_method: null,
    paid: false,
    ...overrides,
  };
}

afterEach(cleanup);

type PrizeInput = Extract<PrizeClaimInput, { prize: GrandPrize }>;

function renderClaim(
  variant: PrizeClaimVariant,
  input: Partial<PrizeInput> | { bonus: ReferralBonus } = {},
) {
  const api = new FakePrizeClaimApi();
  const actor = createActor(prizeClaimMachine.provide({ actors: createPrizeClaimActors(api) }), {
    input: 'bonus' in input ? input : { prize: grandPrize(), ...input },
  });
  const toasts: string[] = [];
  actor.on('toast', (effect) => void toasts.push(effect.message));
  actor.start();
  render(<PrizeClaimView actor={actor} variant={variant} />);
  /** Ends the newest call of `name` and lets the view catch up. */
  const answer = async (name: keyof PrizeClaimApi, outcome: unknown, fails = false) => {
    await act(async () => {
      if (fails) api.reject(name, outcome);
      else api.resolve(name, outcome);
      await settle();
    });
  };
  const answerChoices = (choices: PaymentMethod[] = ALL) =>
    answer('paymentChoices', {
      data: { grand_prize_id: PRIZE_ID, choices, cashier_check: null },
    } satisfies PaymentChoicesResponse);
  return { actor, api, answer, answerChoices, toasts, user: userEvent.setup() };
}

const buttonNames = () => screen.getAllByRole('button').map((button) => button.textContent);

describe('the grand prize claim', () => {
  it('shows the prize and the three methods in the winnings modal', async () => {
    const claim = renderClaim('modal');
    screen.getByRole('heading', { name: 'You won $500' });
    screen.getByText('Loading…');
    await claim.answerChoices();
    // The modal can be left before claiming.
    expect(buttonNames()).toEqual(['Venmo', 'PayPal', 'Virtual Visa', 'Not now']);
    await claim.user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(claim.actor.getSnapshot().output).toEqual({
      kind: 'grandPrize',
      claimed: false,
      prizeId: claim.actor.getSnapshot().context.prizeId,
      paymentMethod: null,
    });
  });

  it('offers PayPal and Venmo on the /grandPrize page', async () => {
    const claim = renderClaim('page', { offered: ['PayPal', 'Venmo'] });
    await claim.answerChoices();
    screen.getByRole('heading', { level: 1, name: 'You won $500' });
    expect(buttonNames()).toEqual(['Claim with PayPal', 'Claim with Venmo']);
  });

  it('offers the Virtual Visa card on the page when that is all there is', async () => {
    const claim = renderClaim('page', { offered: ['PayPal', 'Venmo'] });
    await claim.answerChoices(['Virtual Visa']);
    expect(buttonNames()).toEqual(['Claim with Virtual Visa']);
  });

  it('says what is wrong with an e-mail without sending it, then claims with a good one', async () => {
    const claim = renderClaim('modal');
    await claim.answerChoices();
    await claim.user.click(screen.getByRole('button', { name: 'PayPal' }));
    const field = screen.getByLabelText('PayPal e-mail');
    await claim.user.type(field, 'jane@example');
    await claim.user.click(screen.getByRole('button', { name: 'Claim $500' }));
    expect(screen.getByRole('alert').textContent).toBe(PAYPAL_EMAIL_INVALID);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(claim.api.count('claimPrize')).toBe(0);

    await claim.user.type(field, '.com');
    await claim.user.click(screen.getByRole('button', { name: 'Claim $500' }));
    expect(claim.api.callsOf('claimPrize')).toEqual([
      { grand_prize_id: PRIZE_ID, payment_method: 'PayPal', email: 'jane@example.com' },
    ]);
    const submit = screen.getByRole('button', { name: 'Claiming…' });
    expect(submit).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Back' })).toHaveProperty('disabled', true);

    await claim.answer('claimPrize', {
      data: { grand_prize_id: PRIZE_ID, payment_method: 'PayPal', message: MESSAGE },
    } satisfies ClaimPrizeResponse);
    screen.getByText(MESSAGE);
    await claim.user.click(screen.getByRole('button', { name: 'Done' }));
    expect(claim.actor.getSnapshot().output).toEqual({
      kind: 'grandPrize',
      claimed: true,
      prizeId: PRIZE_ID,
      paymentMethod: 'PayPal',
    });
  });

  it('keeps the typed details when the claim fails, to send them again', async () => {
    const claim = renderClaim('modal');
    await claim.answerChoices();
    await claim.user.click(screen.getByRole('button', { name: 'Venmo' }));
    await claim.user.type(screen.getByLabelText('Venmo username'), '@ab');
    await claim.user.click(screen.getByRole('button', { name: 'Claim $500' }));
    expect(screen.getByRole('alert').textContent).toBe(VENMO_HANDLE_INVALID);
    await claim.user.type(screen.getByLabelText('Venmo username'), 'cdef');
    await claim.user.click(screen.getByRole('button', { name: 'Claim $500' }));
    await claim.answer('claimPrize', new ApiFailure(503, null), true);
    expect(screen.getByLabelText<HTMLInputElement>('Venmo username').value).toBe('@abcdef');
    await claim.user.click(screen.getByRole('button', { name: 'Claim $500' }));
    expect(claim.api.callsOf('claimPrize')).toHaveLength(2);
  });

  it('asks for the card’s e-mail, and goes back to the methods', async () => {
    const claim = renderClaim('modal');
    await claim.answerChoices();
    await claim.user.click(screen.getByRole('button', { name: 'Virtual Visa' }));
    screen.getByLabelText('E-mail for your virtual Visa card');
    await claim.user.click(screen.getByRole('button', { name: 'Back' }));
    expect(buttonNames()).toEqual(['Venmo', 'PayPal', 'Virtual Visa', 'Not now']);
  });

  it('offers Try again when the methods could not be loaded', async () => {
    const claim = renderClaim('modal');
    await claim.answer('paymentChoices', new ApiFailure(500, null), true);
    await claim.user.click(screen.getByRole('button', { name: 'Try again' }));
    screen.getByText('Loading…');
    expect(claim.api.count('paymentChoices')).toBe(2);
  });

  it('shows how a prize claimed before is paid, and closes on Done', async () => {
    const claim = renderClaim('page', {
      prize: grandPrize({ claimed: true, payment_method: 'PayPal', paid: true }),
    });
    screen.getByText('Paid by PayPal.');
    await claim.user.click(screen.getByRole('button', { name: 'Done' }));
    expect(claim.actor.getSnapshot().status).toBe('done');
  });

  it('claims a referral bonus the same way, by the call of bonuses', async () => {
    const bonus: ReferralBonus = {
      id: 'b-100',
      amount: 100,
      created_at: '2026-11-22T20:00:00.000Z',
      claimed: false,
      payment_method: null,
      paid: false,
    };
    const claim = renderClaim('modal', { bonus });
    screen.getByRole('heading', { level: 2, name: '$100 because a player you invited won' });
    // No cashier check for a bonus, and nothing to load.
    expect(buttonNames()).toEqual(['Venmo', 'PayPal', 'Virtual Visa', 'Not now']);
    await claim.user.click(screen.getByRole('button', { name: 'PayPal' }));
    const field = screen.getByLabelText('PayPal e-mail');
    await claim.user.type(field, 'jane@example');
    await claim.user.click(screen.getByRole('button', { name: 'Claim $100' }));
    expect(screen.getByRole('alert').textContent).toBe(PAYPAL_EMAIL_INVALID);
    await claim.user.type(field, '.com');
    await claim.user.click(screen.getByRole('button', { name: 'Claim $100' }));
    expect(claim.api.callsOf('claimBonus')).toEqual([
      { referral_bonus_id: 'b-100', payment_method: 'PayPal', email: 'jane@example.com' },
    ]);
    await claim.answer('claimBonus', new ApiFailure(422, PAYPAL_EMAIL_INVALID), true);
    expect(claim.toasts).toEqual([CLAIM_FAILED]);
    expect(screen.getByLabelText<HTMLInputElement>('PayPal e-mail').value).toBe('jane@example.com');
    await claim.user.click(screen.getByRole('button', { name: 'Claim $100' }));
    await claim.answer('claimBonus', {
      data: { referral_bonus_id: 'b-100', payment_method: 'PayPal', message: 'On its way.' },
    } satisfies ClaimBonusResponse);
    screen.getByText('On its way.');
    expect(claim.api.count('paymentChoices')).toBe(0);
  });
});
