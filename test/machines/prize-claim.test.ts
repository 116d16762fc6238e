import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { GrandPrize } from '../../contract/api';
import {
  BONUS_ALREADY_CLAIMED,
  CARD_EMAIL_INVALID,
  CLAIM_ERROR,
  CLAIM_FAILED,
  METHOD_NOT_OFFERED,
  PAYPAL_EMAIL_INVALID,
  PRIZE_ALREADY_CLAIMED,
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
  type PrizeClaimEmitted,
  type PrizeClaimEvent,
  type PrizeClaimInput,
} from '../../machines/winnings/prize-claim.machine';
import { detailsProblem } from '../../machines/winnings/prize-claim.setup';
import {
  selectCanGoBack,
  selectCanRetry,
  selectChoices,
  selectClaimedMessage,
  selectIsClaiming,
  selectPrizeClaimScreen,
} from '../../machines/winnings/prize-claim.selectors';
import { ApiFailure } from '../../src/lib/api';
import { DeferredApi } from '../model/helpers/deferred-api';
import { settle } from '../support/settle';

const PRIZE_ID = '3f6c1a52-7d0e-4b8a-9c41-2e5f8d7a6b10';
const ALL: PaymentMethod[] = ['Venmo', 'PayPal', 'Virtual Visa'];
const CHECK = { name: 'Jane Doe', address: '1 Main St, Springfield' };

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

function choicesAnswer(
  choices: PaymentMethod[],
  cashierCheck: PaymentChoicesResponse['data']['cashier_check'] = null,
): PaymentChoicesResponse {
  return { data: { grand_prize_id: PRIZE_ID, choices, cashier_check: cashierCheck } };
}

function claimAnswer(method: PaymentMethod, message: string): ClaimPrizeResponse {
  return { data: { grand_prize_id: PRIZE_ID, payment_method: method, message } };
}

const PAYPAL_MESSAGE = 'Your $500 prize will be sent to jane@example.com by PayPal.';

/** Lets the fake calls' answers reach the machine. */
type PrizeInput = Extract<PrizeClaimInput, { prize: GrandPrize }>;

function start(input: Partial<PrizeInput> | { bonus: ReferralBonus } = {}) {
  const api = new FakePrizeClaimApi();
  const actor = createActor(prizeClaimMachine.provide({ actors: createPrizeClaimActors(api) }), {
    input: 'bonus' in input ? input : { prize: grandPrize(), ...input },
  });
  const emitted: PrizeClaimEmitted[] = [];
  actor.on('*', (effect) => emitted.push(effect));
  actor.start();
  const send = (event: PrizeClaimEvent) => actor.send(event);
  const snapshot = () => actor.getSnapshot();
  const toasts = () => emitted.map(({ message, variant }) => ({ message, variant }));
  return { actor, api, send, snapshot, toasts };
}

async function choosing(choices: PaymentMethod[] = ALL, input: Partial<PrizeInput> = {}) {
  const claim = start(input);
  claim.api.resolve('paymentChoices', choicesAnswer(choices));
  await settle();
  return claim;
}

async function claimingByPayPal() {
  const claim = await choosing();
  claim.send({ type: 'claim.choose', method: 'PayPal' });
  claim.send({ type: 'claim.submit', details: 'jane@example.com' });
  return claim;
}

describe('prize claim: a prize claimed before', () => {
  it('shows how it will be paid, without asking the server anything', () => {
    const claim = start({ prize: grandPrize({ claimed: true, payment_method: 'PayPal' }) });
    expect(claim.snapshot().value).toBe('claimed');
    expect(selectClaimedMessage(claim.snapshot())).toBe('Your prize will be paid by PayPal.');
    expect(claim.api.calls).toEqual([]);
  });

  it('says it was paid once the operator has paid it', () => {
    const claim = start({
      prize: grandPrize({ claimed: true, payment_method: 'Venmo', paid: true }),
    });
    expect(selectClaimedMessage(claim.snapshot())).toBe('Paid by Venmo.');
  });

  it('closes with the prize claimed and its method', () => {
    const claim = start({ prize: grandPrize({ claimed: true, payment_method: 'Virtual Visa' }) });
    claim.send({ type: 'claim.close' });
    expect(claim.snapshot().status).toBe('done');
    expect(claim.snapshot().output).toEqual({
      kind: 'grandPrize',
      claimed: true,
      prizeId: PRIZE_ID,
      paymentMethod: 'Virtual Visa',
    });
  });
});

describe('prize claim: the methods', () => {
  it('loads how this prize can be paid, then offers all three', async () => {
    const claim = start();
    expect(claim.snapshot().value).toBe('loadingChoices');
    expect(selectPrizeClaimScreen(claim.snapshot())).toBe('loading');
    expect(claim.api.callsOf('paymentChoices')).toEqual([PRIZE_ID]);
    claim.api.resolve('paymentChoices', choicesAnswer(ALL));
    await settle();
    expect(claim.snapshot().value).toBe('choosing');
    expect(selectChoices(claim.snapshot())).toEqual(ALL);
  });

  it('offers only Virtual Visa when a cashier check is on the prize', async () => {
    const claim = start();
    claim.api.resolve('paymentChoices', choicesAnswer(['Virtual Visa'], CHECK));
    await settle();
    expect(selectChoices(claim.snapshot())).toEqual(['Virtual Visa']);
    claim.send({ type: 'claim.choose', method: 'PayPal' });
    expect(claim.snapshot().value).toBe('choosing');
  });

  it('hides Venmo and PayPal beside a cashier check whatever the server lists', async () => {
    const claim = start();
    claim.api.resolve('paymentChoices', choicesAnswer(ALL, CHECK));
    await settle();
    expect(selectChoices(claim.snapshot())).toEqual(['Virtual Visa']);
  });

  it('keeps Venmo and PayPal for a cashier check without a name or an address', async () => {
    const claim = start();
    claim.api.resolve('paymentChoices', choicesAnswer(ALL, { name: 'Jane Doe', address: ' ' }));
    await settle();
    expect(selectChoices(claim.snapshot())).toEqual(ALL);
  });

  it('shows only the methods the screen offers', async () => {
    const claim = await choosing(ALL, { offered: ['PayPal', 'Venmo'] });
    expect(selectChoices(claim.snapshot())).toEqual(['Venmo', 'PayPal']);
    claim.send({ type: 'claim.choose', method: 'Virtual Visa' });
    expect(claim.snapshot().value).toBe('choosing');
  });

  it('shows the server’s methods when the screen offers none of them', async () => {
    const claim = await choosing(['Virtual Visa'], { offered: ['PayPal', 'Venmo'] });
    expect(selectChoices(claim.snapshot())).toEqual(['Virtual Visa']);
  });

  it('says the methods could not be loaded, and loads them again on Try again', async () => {
    const claim = start();
    expect(selectCanRetry(claim.snapshot())).toBe(false);
    claim.api.reject('paymentChoices', new ApiFailure(503, null));
    await settle();
    expect(claim.snapshot().value).toBe('loadFailed');
    expect(claim.toasts()).toEqual([{ message: CLAIM_ERROR, variant: 'error' }]);
    expect(selectCanRetry(claim.snapshot())).toBe(true);
    claim.send({ type: 'claim.retry' });
    expect(claim.snapshot().value).toBe('loadingChoices');
    claim.api.resolve('paymentChoices', choicesAnswer(ALL));
    await settle();
    expect(claim.snapshot().value).toBe('choosing');
    expect(claim.api.count('paymentChoices')).toBe(2);
  });

  it('fails every call until the app provides the API', async () => {
    const actor = createActor(prizeClaimMachine, { input: { prize: grandPrize() } });
    const emitted: PrizeClaimEmitted[] = [];
    actor.on('toast', (effect) => emitted.push(effect));
    actor.start();
    await settle();
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(emitted.map((e) => e.message)).toEqual([CLAIM_ERROR]);
  });
});

describe('prize claim: the details a method needs', () => {
  it('asks for what the chosen method needs, and goes back to the methods', async () => {
    const claim = await choosing();
    claim.send({ type: 'claim.choose', method: 'Venmo' });
    expect(claim.snapshot().value).toBe('entering');
    expect(claim.snapshot().context.method).toBe('Venmo');
    expect(selectCanGoBack(claim.snapshot())).toBe(true);
    claim.send({ type: 'claim.back' });
    expect(claim.snapshot().value).toBe('choosing');
  });

  it('refuses empty or malformed details without calling the server', async () => {
    const claim = await choosing();
    claim.send({ type: 'claim.choose', method: 'PayPal' });
    for (const details of ['', '   ', 'jane', 'jane@example']) {
      claim.send({ type: 'claim.submit', details });
      expect(claim.snapshot().value).toBe('entering');
    }
    claim.send({ type: 'claim.back' });
    claim.send({ type: 'claim.choose', method: 'Venmo' });
    claim.send({ type: 'claim.submit', details: '@ab' });
    expect(claim.snapshot().value).toBe('entering');
    expect(claim.api.count('claimPrize')).toBe(0);
  });

  it('sends a Venmo username as the handle, and a card e-mail as the e-mail', async () => {
    const venmo = await choosing();
    venmo.send({ type: 'claim.choose', method: 'Venmo' });
    venmo.send({ type: 'claim.submit', details: ' @jane-doe ' });
    expect(venmo.api.callsOf('claimPrize')).toEqual([
      { grand_prize_id: PRIZE_ID, payment_method: 'Venmo', handle: '@jane-doe' },
    ]);
    const card = await choosing();
    card.send({ type: 'claim.choose', method: 'Virtual Visa' });
    card.send({ type: 'claim.submit', details: 'jane@example.com' });
    expect(card.api.callsOf('claimPrize')).toEqual([
      { grand_prize_id: PRIZE_ID, payment_method: 'Virtual Visa', email: 'jane@example.com' },
    ]);
  });
});

describe('prize claim: claiming', () => {
  it('claims once, shows the server’s message, and closes with the prize claimed', async () => {
    const claim = await claimingByPayPal();
    expect(claim.snapshot().value).toBe('claiming');
    expect(selectIsClaiming(claim.snapshot())).toBe(true);
    expect(selectPrizeClaimScreen(claim.snapshot())).toBe('entering');
    expect(claim.api.callsOf('claimPrize')).toEqual([
      { grand_prize_id: PRIZE_ID, payment_method: 'PayPal', email: 'jane@example.com' },
    ]);
    // No second claim, nor Back, while the first is on its way.
    claim.send({ type: 'claim.submit', details: 'jane@example.com' });
    expect(selectCanGoBack(claim.snapshot())).toBe(false);
    expect(claim.api.count('claimPrize')).toBe(1);
    claim.api.resolve('claimPrize', claimAnswer('PayPal', PAYPAL_MESSAGE));
    await settle();
    expect(claim.snapshot().value).toBe('claimed');
    expect(selectClaimedMessage(claim.snapshot())).toBe(PAYPAL_MESSAGE);
    expect(claim.toasts()).toEqual([]);
    claim.send({ type: 'claim.close' });
    expect(claim.snapshot().output).toEqual({
      kind: 'grandPrize',
      claimed: true,
      prizeId: PRIZE_ID,
      paymentMethod: 'PayPal',
    });
  });

  it('shows the prize claimed when it was claimed elsewhere meanwhile (409)', async () => {
    const claim = await claimingByPayPal();
    claim.api.reject('claimPrize', new ApiFailure(409, PRIZE_ALREADY_CLAIMED));
    await settle();
    expect(claim.toasts()).toEqual([{ message: CLAIM_FAILED, variant: 'error' }]);
    expect(claim.snapshot().value).toBe('claimed');
    expect(selectClaimedMessage(claim.snapshot())).toBe(PRIZE_ALREADY_CLAIMED);
    claim.send({ type: 'claim.close' });
    expect(claim.snapshot().output).toEqual({
      kind: 'grandPrize',
      claimed: true,
      prizeId: PRIZE_ID,
      paymentMethod: null,
    });
  });

  it('says a refused claim failed and keeps the details (422, 404)', async () => {
    for (const failure of [
      new ApiFailure(422, 'Enter the e-mail address of your PayPal account'),
      new ApiFailure(404, 'Unknown prize'),
    ]) {
      const claim = await claimingByPayPal();
      claim.api.reject('claimPrize', failure);
      await settle();
      expect(claim.toasts()).toEqual([{ message: CLAIM_FAILED, variant: 'error' }]);
      expect(claim.snapshot().value).toBe('entering');
      expect(claim.snapshot().context).toMatchObject({
        method: 'PayPal',
        details: 'jane@example.com',
      });
    }
  });

  it('loads the methods again when the chosen one is no longer offered', async () => {
    const claim = await claimingByPayPal();
    claim.api.reject('claimPrize', new ApiFailure(422, METHOD_NOT_OFFERED));
    await settle();
    expect(claim.toasts()).toEqual([{ message: CLAIM_FAILED, variant: 'error' }]);
    expect(claim.snapshot().value).toBe('loadingChoices');
    claim.api.resolve('paymentChoices', choicesAnswer(['Virtual Visa'], CHECK));
    await settle();
    expect(selectChoices(claim.snapshot())).toEqual(['Virtual Visa']);
  });

  it('says an error occurred when the network or the server fails, and keeps the details', async () => {
    for (const failure of [
      new ApiFailure(503, null),
      new ApiFailure(500, 'Internal'),
      new ApiFailure(0, null),
      new TypeError('Failed to fetch'),
      new ApiFailure(429, null),
    ]) {
      const claim = await claimingByPayPal();
      claim.api.reject('claimPrize', failure);
      await settle();
      expect(claim.toasts()).toEqual([{ message: CLAIM_ERROR, variant: 'error' }]);
      expect(claim.snapshot().value).toBe('entering');
      expect(claim.snapshot().context.details).toBe('jane@example.com');
      // The same details go again.
      claim.send({ type: 'claim.submit', details: claim.snapshot().context.details });
      expect(claim.api.count('claimPrize')).toBe(2);
    }
  });

  it('keeps what was typed for a method chosen again, and clears it for another', async () => {
    const claim = await claimingByPayPal();
    claim.api.reject('claimPrize', new ApiFailure(503, null));
    await settle();
    claim.send({ type: 'claim.back' });
    claim.send({ type: 'claim.choose', method: 'PayPal' });
    expect(claim.snapshot().context.details).toBe('jane@example.com');
    claim.send({ type: 'claim.back' });
    claim.send({ type: 'claim.choose', method: 'Venmo' });
    expect(claim.snapshot().context.details).toBe('');
  });
});

describe('prize claim: closing', () => {
  it('closes from every state, the prize unclaimed until the server recorded it', async () => {
    const reach: Record<string, () => Promise<ReturnType<typeof start>>> = {
      loadingChoices: () => Promise.resolve(start()),
      loadFailed: async () => {
        const claim = start();
        claim.api.reject('paymentChoices', new ApiFailure(500, null));
        await settle();
        return claim;
      },
      choosing: () => choosing(),
      entering: async () => {
        const claim = await choosing();
        claim.send({ type: 'claim.choose', method: 'Venmo' });
        return claim;
      },
      claiming: () => claimingByPayPal(),
    };
    for (const [state, arrive] of Object.entries(reach)) {
      const claim = await arrive();
      expect(claim.snapshot().value).toBe(state);
      claim.send({ type: 'claim.close' });
      expect(claim.snapshot().value).toBe('closed');
      expect(selectPrizeClaimScreen(claim.snapshot())).toBeNull();
      expect(claim.snapshot().output).toEqual({
        kind: 'grandPrize',
        claimed: false,
        prizeId: PRIZE_ID,
        paymentMethod: null,
      });
    }
  });
});

const BONUS_ID = '5d1e7c20-3b4a-4f6e-8a90-1c2d3e4f5a6b';

function referralBonus(overrides: Partial<ReferralBonus> = {}): ReferralBonus {
  return {
    id: BONUS_ID,
    amount: 100,
    created_at: '2026-11-23T20:00:00.000Z',
    claimed: false,
    payment_method: null,
    paid: false,
    ...overrides,
  };
}

const BONUS_MESSAGE = 'Your $100 bonus will be sent to jane@example.com by PayPal.';

function claimingBonusByPayPal() {
  const claim = start({ bonus: referralBonus() });
  claim.send({ type: 'claim.choose', method: 'PayPal' });
  claim.send({ type: 'claim.submit', details: ' jane@example.com ' });
  return claim;
}

describe('prize claim: a referral bonus', () => {
  it('offers Venmo, PayPal and Virtual Visa at once, asking the server nothing', () => {
    const claim = start({ bonus: referralBonus() });
    expect(claim.snapshot().value).toBe('choosing');
    expect(selectChoices(claim.snapshot())).toEqual(ALL);
    expect(claim.snapshot().context).toMatchObject({ kind: 'referralBonus', amount: 100 });
    expect(claim.api.calls).toEqual([]);
  });

  it('checks what each method needs with the contract’s rules', () => {
    const problem = (method: PaymentMethod, details: string) =>
      detailsProblem('referralBonus', BONUS_ID, method, details);
    expect(problem('PayPal', 'jane@example')).toBe(PAYPAL_EMAIL_INVALID);
    expect(problem('Venmo', '@ab')).toBe(VENMO_HANDLE_INVALID);
    expect(problem('Virtual Visa', 'card.example.com')).toBe(CARD_EMAIL_INVALID);
    expect(problem('Venmo', '@jane_doe')).toBeNull();
    const claim = start({ bonus: referralBonus() });
    claim.send({ type: 'claim.choose', method: 'Venmo' });
    claim.send({ type: 'claim.submit', details: '@ab' });
    expect(claim.snapshot().value).toBe('entering');
    expect(claim.api.calls).toEqual([]);
  });

  it('claims it with referral_bonuses/claim, once, and closes with the bonus claimed', async () => {
    const claim = claimingBonusByPayPal();
    expect(claim.snapshot().value).toBe('claiming');
    expect(claim.api.callsOf('claimBonus')).toEqual([
      { referral_bonus_id: BONUS_ID, payment_method: 'PayPal', email: 'jane@example.com' },
    ]);
    expect(claim.api.count('claimPrize')).toBe(0);
    claim.api.resolve('claimBonus', {
      data: { referral_bonus_id: BONUS_ID, payment_method: 'PayPal', message: BONUS_MESSAGE },
    } satisfies ClaimBonusResponse);
    await settle();
    expect(claim.snapshot().value).toBe('claimed');
    expect(selectClaimedMessage(claim.snapshot())).toBe(BONUS_MESSAGE);
    claim.send({ type: 'claim.close' });
    expect(claim.snapshot().output).toEqual({
      kind: 'referralBonus',
      claimed: true,
      prizeId: BONUS_ID,
      paymentMethod: 'PayPal',
    });
  });

  it('toasts as the prize claim does and keeps what was typed', async () => {
    for (const [failure, toast] of [
      [new ApiFailure(422, PAYPAL_EMAIL_INVALID), CLAIM_FAILED],
      [new ApiFailure(404, 'Unknown bonus'), CLAIM_FAILED],
      // A bonus has no cashier check: this 422 is a refusal like any other.
      [new ApiFailure(422, METHOD_NOT_OFFERED), CLAIM_FAILED],
      [new ApiFailure(503, null), CLAIM_ERROR],
      [new ApiFailure(0, null), CLAIM_ERROR],
    ] as const) {
      const claim = claimingBonusByPayPal();
      claim.api.reject('claimBonus', failure);
      await settle();
      expect(claim.toasts()).toEqual([{ message: toast, variant: 'error' }]);
      expect(claim.snapshot().value).toBe('entering');
      expect(claim.snapshot().context.details).toBe(' jane@example.com ');
      expect(claim.api.count('paymentChoices')).toBe(0);
    }
  });

  it('shows the bonus claimed when it was claimed elsewhere meanwhile (409)', async () => {
    const claim = claimingBonusByPayPal();
    claim.api.reject('claimBonus', new ApiFailure(409, null));
    await settle();
    expect(claim.toasts()).toEqual([{ message: CLAIM_FAILED, variant: 'error' }]);
    expect(selectClaimedMessage(claim.snapshot())).toBe(BONUS_ALREADY_CLAIMED);
    claim.send({ type: 'claim.close' });
    expect(claim.snapshot().output).toMatchObject({ kind: 'referralBonus', claimed: true });
  });

  it('shows how a bonus claimed before is paid: claimed with PayPal, then paid', () => {
    const claimed = start({ bonus: referralBonus({ claimed: true, payment_method: 'PayPal' }) });
    expect(claimed.snapshot().value).toBe('claimed');
    expect(selectClaimedMessage(claimed.snapshot())).toBe('Your bonus will be paid by PayPal.');
    const paid = start({
      bonus: referralBonus({ claimed: true, payment_method: 'PayPal', paid: true }),
    });
    expect(selectClaimedMessage(paid.snapshot())).toBe('Paid by PayPal.');
    expect(paid.api.calls).toEqual([]);
  });
});
