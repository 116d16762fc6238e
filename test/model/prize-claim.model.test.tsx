// Generated paths through the claim of a grand prize or a referral bonus, walked through the
// real view in both of its places: the winnings drawer's modal (all three methods; a referral
// bonus claimed there too) and the /grandPrize page (PayPal and Venmo). The player taps the methods, types what each one needs (a wrong value first, which the
// form answers without a call), taps Claim, Back, Try again and Done, and in the modal leaves
// before claiming with Not now (while the choices load, after they fail, or among the methods);
// the server answers the choices and the claim (a payout recorded, a 409, a 422 for a method
// withdrawn, a refusal, a 503, no network), and every state is checked against what the player
// sees, the toasts asked for, the calls sent and, once closed, what the claim tells its parent.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { Step } from 'xstate/graph';
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
import type { ToastEffect } from '../../machines/shared/effects';
import {
  createPrizeClaimActors,
  type LoadPaymentChoicesInput,
  type PayoutRequest,
  type PaymentChoices,
  type PrizeClaimed,
} from '../../machines/winnings/prize-claim.actors';
import {
  prizeClaimMachine,
  type PrizeClaimEvent,
  type PrizeClaimInput,
  type PrizeClaimOutput,
} from '../../machines/winnings/prize-claim.machine';
import { PrizeClaimView, type PrizeClaimVariant } from '../../src/features/winnings/PrizeClaim';
import { ApiFailure } from '../../src/lib/api';
import { CoverageRecorder } from './helpers/coverage';
import {
  answerWhenWaiting,
  CurrentApp,
  describeGeneratedWalks,
  describeWalkCoverage,
  planWalks,
  stopAndUnmount,
  type ScriptStep,
} from './helpers/generated-walks';
import {
  bonusOf,
  choicesOf,
  claimedBonusOf,
  failureName,
  FakeWinningsApi,
  grandPrizeOf,
} from './helpers/winnings-fake-api';

// ---- the walks ---------------------------------------------------------------------------------

const PRIZE_ID = '3f6c1a52-7d0e-4b8a-9c41-2e5f8d7a6b10';
const CHECKED_PRIZE_ID = '9b2d4e61-0c3a-4f7e-8d15-6a2b9c0e1f37';
const CLAIMED_PRIZE_ID = 'c0ffee00-1234-4abc-9def-0123456789ab';
const BONUS_ID = '5d1e7c20-3b4a-4f6e-8a90-1c2d3e4f5a6b';

/** The server's refusals and failures of a claim (and of the choices). */
const CLAIMED_ELSEWHERE = new ApiFailure(409, PRIZE_ALREADY_CLAIMED);
const CLAIMED_ELSEWHERE_UNSAID = new ApiFailure(409, null);
const WITHDRAWN = new ApiFailure(422, METHOD_NOT_OFFERED);
const UNKNOWN_PRIZE = new ApiFailure(404, 'Unknown prize');
const REFUSED_ADDRESS = new ApiFailure(422, CARD_EMAIL_INVALID);
const UNAVAILABLE = new ApiFailure(503, null);
const OFFLINE = new ApiFailure(0, null);

/** A step of a scripted path: which of the model's events in that state it takes. */
type Pick = ScriptStep<ClaimEvent>;
const on = {
  loaded: ((event) => event.type === 'xstate.done.actor.loadPaymentChoices') satisfies Pick,
  choose:
    (method: PaymentMethod): Pick =>
    (event) =>
      event.type === 'claim.choose' && event.method === method,
  submit: ((event) => event.type === 'claim.submit') satisfies Pick,
  recorded: ((event) => event.type === 'xstate.done.actor.claimPrize') satisfies Pick,
  fails:
    (failure: ApiFailure): Pick =>
    (event) =>
      event.type === 'xstate.error.actor.claimPrize' && event.error === failure,
  loadFails: ((event) => event.type === 'xstate.error.actor.loadPaymentChoices') satisfies Pick,
  back: ((event) => event.type === 'claim.back') satisfies Pick,
  close: ((event) => event.type === 'claim.close') satisfies Pick,
  notNow: ((event) => event.type === 'claim.close' && event.button === 'Not now') satisfies Pick,
};

type Walk = {
  name: string;
  variant: PrizeClaimVariant;
  /** What is claimed: a grand prize, or a referral bonus. */
  prize: GrandPrize | ReferralBonus;
  offered?: readonly PaymentMethod[];
  /** How the server first says the prize can be paid (a bonus asks nothing). */
  choices: PaymentChoicesResponse;
  /** The methods' buttons that answer shows, in the screen's order. */
  shows: readonly string[];
  /** After a 422 for a withdrawn method: the choices then (a cashier check came), and buttons. */
  afterWithdrawal: { choices: PaymentChoicesResponse; shows: readonly string[] } | null;
  /** How loading the choices fails in this walk. */
  loadFailure: ApiFailure;
  /** How a claim fails in this walk (a withdrawal only for the methods a check rules out). */
  claimFailures: readonly ApiFailure[];
  /** The line a prize claimed before shows. */
  claimedBefore: string | null;
  /**
   * A player who sends the same details again after a failure: the generated paths never do
   * (the state after is one they have seen), so this path is walked as well.
   */
  triesAgain: Pick[] | null;
  /**
   * A player who leaves the modal with Not now once the choices fail: the claim then ends as
   * when left while they load (the same state), so the generated paths never tap it there.
   */
  leavesAfterFailure: Pick[] | null;
};

const WALKS: Walk[] = [
  {
    name: 'the modal, an unclaimed prize',
    variant: 'modal',
    prize: grandPrizeOf(PRIZE_ID),
    choices: choicesOf(PRIZE_ID),
    shows: ['Venmo', 'PayPal', 'Virtual Visa'],
    afterWithdrawal: { choices: choicesOf(PRIZE_ID, true), shows: ['Virtual Visa'] },
    loadFailure: UNAVAILABLE,
    claimFailures: [CLAIMED_ELSEWHERE, WITHDRAWN, UNKNOWN_PRIZE, UNAVAILABLE],
    claimedBefore: null,
    // Back to the methods and Venmo again: the field still holds the username sent.
    triesAgain: [
      on.loaded,
      on.choose('Venmo'),
      on.submit,
      on.fails(UNAVAILABLE),
      on.back,
      on.choose('Venmo'),
      on.submit,
      on.recorded,
      on.close,
    ],
    leavesAfterFailure: [on.loadFails, on.notNow],
  },
  {
    name: '/grandPrize, an unclaimed prize, PayPal and Venmo offered',
    variant: 'page',
    prize: grandPrizeOf(PRIZE_ID, 1500),
    offered: ['PayPal', 'Venmo'],
    choices: choicesOf(PRIZE_ID),
    shows: ['Claim with PayPal', 'Claim with Venmo'],
    // Nothing the page offers is left: the card is, on the page too.
    afterWithdrawal: {
      choices: choicesOf(PRIZE_ID, true),
      shows: ['Claim with Virtual Visa'],
    },
    loadFailure: OFFLINE,
    claimFailures: [CLAIMED_ELSEWHERE_UNSAID, WITHDRAWN, OFFLINE],
    claimedBefore: null,
    // The first claim reached the server though its answer was lost: the second one is a 409.
    triesAgain: [
      on.loaded,
      on.choose('PayPal'),
      on.submit,
      on.fails(OFFLINE),
      on.submit,
      on.fails(CLAIMED_ELSEWHERE_UNSAID),
      on.close,
    ],
    leavesAfterFailure: null,
  },
  {
    name: '/grandPrize, a prize with a cashier check',
    variant: 'page',
    prize: {
      ...grandPrizeOf(CHECKED_PRIZE_ID, 2000),
      cashier_check: { name: 'Jane Doe', address: '1 Main St' },
    },
    offered: ['PayPal', 'Venmo'],
    choices: choicesOf(CHECKED_PRIZE_ID, true),
    shows: ['Claim with Virtual Visa'],
    afterWithdrawal: null,
    loadFailure: UNAVAILABLE,
    claimFailures: [REFUSED_ADDRESS, OFFLINE],
    claimedBefore: null,
    triesAgain: [
      on.loaded,
      on.choose('Virtual Visa'),
      on.submit,
      on.fails(OFFLINE),
      on.submit,
      on.recorded,
      on.close,
    ],
    leavesAfterFailure: null,
  },
  {
    name: 'the modal, a prize claimed before by PayPal',
    variant: 'modal',
    prize: grandPrizeOf(CLAIMED_PRIZE_ID, 500, true),
    choices: choicesOf(CLAIMED_PRIZE_ID),
    shows: [],
    afterWithdrawal: null,
    loadFailure: UNAVAILABLE,
    claimFailures: [],
    claimedBefore: 'Your prize will be paid by PayPal.',
    triesAgain: null,
    leavesAfterFailure: null,
  },
  {
    name: '/grandPrize, a prize claimed before by Venmo and paid',
    variant: 'page',
    prize: { ...grandPrizeOf(CLAIMED_PRIZE_ID, 500, true), payment_method: 'Venmo', paid: true },
    offered: ['PayPal', 'Venmo'],
    choices: choicesOf(CLAIMED_PRIZE_ID),
    shows: [],
    afterWithdrawal: null,
    loadFailure: UNAVAILABLE,
    claimFailures: [],
    claimedBefore: 'Paid by Venmo.',
    triesAgain: null,
    leavesAfterFailure: null,
  },
  {
    name: 'the modal, a referral bonus',
    variant: 'modal',
    prize: bonusOf(BONUS_ID, 100),
    choices: choicesOf(BONUS_ID),
    shows: ['Venmo', 'PayPal', 'Virtual Visa'],
    afterWithdrawal: null,
    loadFailure: UNAVAILABLE,
    claimFailures: [CLAIMED_ELSEWHERE_UNSAID, REFUSED_ADDRESS, UNAVAILABLE, OFFLINE],
    claimedBefore: null,
    triesAgain: [
      on.choose('Virtual Visa'),
      on.submit,
      on.fails(OFFLINE),
      on.submit,
      on.recorded,
      on.close,
    ],
    leavesAfterFailure: null,
  },
  {
    name: 'the modal, a referral bonus claimed with PayPal and paid',
    variant: 'modal',
    prize: claimedBonusOf(BONUS_ID, 100, 'PayPal', true),
    choices: choicesOf(BONUS_ID),
    shows: [],
    afterWithdrawal: null,
    loadFailure: UNAVAILABLE,
    claimFailures: [],
    claimedBefore: 'Paid by PayPal.',
    triesAgain: null,
    leavesAfterFailure: null,
  },
];

const isBonus = (claimed: GrandPrize | ReferralBonus): claimed is ReferralBonus =>
  'amount' in claimed;
const kindOf = (walk: Walk) => (isBonus(walk.prize) ? 'referralBonus' : 'grandPrize');
const amountIn = (walk: Walk) =>
  isBonus(walk.prize) ? walk.prize.amount : walk.prize.additional_info.prize_amount;
/** The call that records the claim: one for prizes, one for bonuses. */
const claimCallOf = (walk: Walk) => (isBonus(walk.prize) ? 'claimBonus' : 'claimPrize');

const inputOf = (walk: Walk): PrizeClaimInput =>
  isBonus(walk.prize)
    ? { bonus: walk.prize }
    : { prize: walk.prize, ...(walk.offered ? { offered: walk.offered } : {}) };

/** What the player types for each method (the Venmo username with spaces the claim trims). */
const TYPED: Record<PaymentMethod, string> = {
  PayPal: 'jane@example.com',
  Venmo: ' @jane_doe ',
  'Virtual Visa': 'card@example.com',
};
/** A value the form refuses, and what it says. */
const WRONG: Record<PaymentMethod, { typed: string; says: string }> = {
  PayPal: { typed: 'jane@example', says: PAYPAL_EMAIL_INVALID },
  Venmo: { typed: '@ab', says: VENMO_HANDLE_INVALID },
  'Virtual Visa': { typed: 'card.example.com', says: CARD_EMAIL_INVALID },
};
const LABEL: Record<PaymentMethod, string> = {
  PayPal: 'PayPal e-mail',
  Venmo: 'Venmo username',
  'Virtual Visa': 'E-mail for your virtual Visa card',
};

/** The body a claim sends: the details in the field their method names, trimmed. */
function claimBody(walk: Walk, method: PaymentMethod): ClaimPrizeRequest | ClaimBonusRequest {
  const fields = {
    PayPal: { payment_method: 'PayPal', email: 'jane@example.com' },
    Venmo: { payment_method: 'Venmo', handle: '@jane_doe' },
    'Virtual Visa': { payment_method: 'Virtual Visa', email: 'card@example.com' },
  } as const;
  return isBonus(walk.prize)
    ? { referral_bonus_id: walk.prize.id, ...fields[method] }
    : { grand_prize_id: walk.prize.id, ...fields[method] };
}

/** The server's word on a claim it recorded (server/services/payouts.ts says it this way). */
function claimMessage(amount: number, method: PaymentMethod): string {
  switch (method) {
    case 'PayPal':
      return `Your $${amount} prize will be sent to jane@example.com by PayPal.`;
    case 'Venmo':
      return `Your $${amount} prize will be sent to @jane_doe on Venmo.`;
    case 'Virtual Visa':
      return `Your $${amount} prize will be sent to card@example.com as a Virtual Visa card.`;
  }
}

// ---- the model ---------------------------------------------------------------------------------

/** The button a close is tapped with (the machine reads only the event's type). */
type CloseButton = 'Done' | 'Not now';

type ClaimEvent =
  | Exclude<PrizeClaimEvent, { type: 'claim.close' }>
  | { type: 'claim.close'; button: CloseButton }
  | { type: 'xstate.done.actor.loadPaymentChoices'; output: PaymentChoices }
  | { type: 'xstate.error.actor.loadPaymentChoices'; error: ApiFailure }
  | { type: 'xstate.done.actor.claimPrize'; output: PrizeClaimed }
  | { type: 'xstate.error.actor.claimPrize'; error: ApiFailure };
type ClaimSnapshot = SnapshotFrom<typeof prizeClaimMachine>;

// The model's calls never answer: each path's events say how they end.
const logic = prizeClaimMachine.provide({
  actors: {
    loadPaymentChoices: fromPromise<PaymentChoices, LoadPaymentChoicesInput>(
      () => new Promise(() => undefined),
    ),
    claimPrize: fromPromise<PrizeClaimed, PayoutRequest>(() => new Promise(() => undefined)),
  },
});

const asChoices = ({ data }: PaymentChoicesResponse): PaymentChoices => ({
  choices: data.choices,
  cashierCheck: data.cashier_check,
});

/** A method is chosen before the choices load only after a 422 withdrew it. */
const isReload = (snapshot: ClaimSnapshot) => snapshot.context.method !== null;

function answerOf(walk: Walk, snapshot: ClaimSnapshot) {
  return isReload(snapshot) && walk.afterWithdrawal ? walk.afterWithdrawal : walk;
}

const mayBeWithdrawn = (method: PaymentMethod | null) => method === 'Venmo' || method === 'PayPal';

/**
 * The drawer's modal can be left before a claim (Not now) while the choices load, after they
 * fail and among the methods; /grandPrize has the tab bar, and a claim under way is not left.
 */
const leavesBeforeClaim = (variant: PrizeClaimVariant, snapshot: ClaimSnapshot) =>
  variant === 'modal' &&
  (snapshot.matches('loadingChoices') ||
    snapshot.matches('loadFailed') ||
    snapshot.matches('choosing'));

function eventsFor(walk: Walk) {
  return (snapshot: ClaimSnapshot): ClaimEvent[] => {
    const { context } = snapshot;
    const candidates: ClaimEvent[] = [
      { type: 'claim.retry' },
      { type: 'claim.back' },
      ...context.choices.map((method) => ({ type: 'claim.choose' as const, method })),
    ];
    if (context.method !== null)
      candidates.push({ type: 'claim.submit', details: TYPED[context.method] });
    // Done leaves a claimed prize; Not now leaves the modal before a claim.
    if (snapshot.matches('claimed')) candidates.push({ type: 'claim.close', button: 'Done' });
    if (leavesBeforeClaim(walk.variant, snapshot))
      candidates.push({ type: 'claim.close', button: 'Not now' });
    if (snapshot.matches('loadingChoices')) {
      candidates.push(
        {
          type: 'xstate.done.actor.loadPaymentChoices',
          output: asChoices(answerOf(walk, snapshot).choices),
        },
        { type: 'xstate.error.actor.loadPaymentChoices', error: walk.loadFailure },
      );
    }
    if (snapshot.matches('claiming') && context.method !== null) {
      const method = context.method;
      candidates.push({
        type: 'xstate.done.actor.claimPrize',
        output: { paymentMethod: method, message: claimMessage(context.amount, method) },
      });
      for (const error of walk.claimFailures) {
        if (error === WITHDRAWN && (!mayBeWithdrawn(method) || !walk.afterWithdrawal)) continue;
        candidates.push({ type: 'xstate.error.actor.claimPrize', error });
      }
    }
    return candidates;
  };
}

const serialize = (snapshot: ClaimSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    choices: snapshot.context.choices,
    method: snapshot.context.method,
    details: snapshot.context.details,
    claimed: snapshot.context.claimed,
    message: snapshot.context.message,
  });

function describeEvent(event: ClaimEvent): string {
  switch (event.type) {
    case 'claim.choose':
      return `taps ${event.method}`;
    case 'claim.submit':
      return `types '${event.details.trim()}' and taps Claim`;
    case 'claim.back':
      return 'taps Back';
    case 'claim.retry':
      return "taps 'Try again'";
    case 'claim.close':
      return event.button === 'Done' ? 'taps Done' : "taps 'Not now'";
    case 'xstate.done.actor.loadPaymentChoices':
      return `the choices load (${event.output.choices.join(', ')})`;
    case 'xstate.error.actor.loadPaymentChoices':
      return `the choices fail (${failureName(event.error)})`;
    case 'xstate.done.actor.claimPrize':
      return 'the claim is recorded';
    case 'xstate.error.actor.claimPrize':
      return `the claim fails (${failureName(event.error)})`;
  }
}

const walks = planWalks(WALKS, (walk) => ({
  logic,
  events: eventsFor(walk),
  serialize,
  describeEvent,
  input: () => inputOf(walk),
  scripts: [
    { says: 'tries again', steps: walk.triesAgain },
    { says: 'leaves after a failure', steps: walk.leavesAfterFailure },
  ],
}));
const coverage = new CoverageRecorder();

// ---- the running claim and its view ------------------------------------------------------------

/** What the walk expects so far: calls sent, toasts asked for, buttons and line shown, output. */
type Expected = {
  calls: Array<{ name: string; body: unknown }>;
  toasts: ToastEffect[];
  shows: readonly string[];
  claimedLine: string | null;
  output: PrizeClaimOutput | null;
};

function open(walk: Walk) {
  const api = new FakeWinningsApi();
  const actor = createActor(logic.provide({ actors: createPrizeClaimActors(api) }), {
    input: inputOf(walk),
    inspect: coverage.inspect,
  });
  const emitted: ToastEffect[] = [];
  actor.on('toast', (effect) => void emitted.push(effect));
  actor.start();
  const view = render(<PrizeClaimView actor={actor} variant={walk.variant} />);
  const { prize } = walk;
  const expected: Expected = {
    // A prize claimed before, and any bonus, asks nothing of the server to start.
    calls: prize.claimed || isBonus(prize) ? [] : [{ name: 'paymentChoices', body: prize.id }],
    toasts: [],
    shows: walk.shows,
    claimedLine: walk.claimedBefore,
    output: prize.claimed
      ? {
          kind: kindOf(walk),
          claimed: true,
          prizeId: prize.id,
          paymentMethod: prize.payment_method as PaymentMethod,
        }
      : null,
  };
  return { walk, api, actor, emitted, view, expected, user: userEvent.setup() };
}

const current = new CurrentApp<ReturnType<typeof open>>('The prize claim is not running.');
const app = current.get;

// ---- what the player sees ----------------------------------------------------------------------

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const buttonNames = () => screen.queryAllByRole('button').map((b) => b.textContent);
/**
 * Not now, last on the screen, where the modal may be left before a claim; never on the page,
 * and the exact button lists of the form, the claim under way and the claimed prize leave it out.
 */
function notNow(): string[] {
  const { walk, actor } = app();
  if (!leavesBeforeClaim(walk.variant, actor.getSnapshot())) return [];
  expect(button('Not now').disabled).toBe(false);
  return ['Not now'];
}
const amountOf = (walk: Walk) => `$${amountIn(walk).toLocaleString('en-US')}`;

/** The title in every state, the calls sent and the toasts asked for so far. */
function expectClaim(busy: boolean): void {
  const { walk, api, emitted, expected } = app();
  const title = screen.getByRole('heading', {
    level: walk.variant === 'page' ? 1 : 2,
    name: isBonus(walk.prize)
      ? `${amountOf(walk)} because a player you invited won`
      : `You won ${amountOf(walk)}`,
  });
  const section = title.closest('section')!;
  expect(section.getAttribute('aria-busy')).toBe(String(busy));
  expect(api.calls).toEqual(expected.calls);
  expect(emitted).toEqual(expected.toasts);
}

const field = (method: PaymentMethod) => screen.getByLabelText<HTMLInputElement>(LABEL[method]);

function expectForm(snapshot: ClaimSnapshot, claiming: boolean): void {
  const method = snapshot.context.method!;
  const input = field(method);
  // The details last sent stay in the field (nothing was sent yet: it starts empty).
  expect(input.value).toBe(snapshot.context.details);
  expect(input.readOnly).toBe(claiming);
  expect(input.getAttribute('aria-invalid')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
  const submit = button(claiming ? 'Claiming…' : `Claim ${amountOf(app().walk)}`);
  expect(submit.disabled).toBe(claiming);
  expect(submit.getAttribute('aria-busy')).toBe(String(claiming));
  expect(button('Back').disabled).toBe(claiming);
  expect(buttonNames()).toEqual([claiming ? 'Claiming…' : `Claim ${amountOf(app().walk)}`, 'Back']);
  // Only the chosen method's field is on screen.
  for (const other of Object.keys(LABEL) as PaymentMethod[]) {
    if (other !== method) expect(screen.queryByLabelText(LABEL[other])).toBeNull();
  }
}

const states: Record<string, (snapshot: ClaimSnapshot) => Promise<void> | void> = {
  loadingChoices: async () => {
    expectClaim(true);
    screen.getByText('Loading…');
    expect(buttonNames()).toEqual(notNow());
    await waitFor(() => expect(app().api.isWaiting('paymentChoices')).toBe(true));
  },
  loadFailed: () => {
    expectClaim(false);
    screen.getByText('The ways to be paid could not be loaded.');
    expect(buttonNames()).toEqual(['Try again', ...notNow()]);
    expect(button('Try again').disabled).toBe(false);
  },
  choosing: () => {
    expectClaim(false);
    screen.getByText('How would you like to be paid?');
    const group = screen.getByRole('group', { name: 'Payout method' });
    const shown = within(group).getAllByRole<HTMLButtonElement>('button');
    expect(shown.map((b) => b.textContent)).toEqual(app().expected.shows);
    expect(shown.every((b) => !b.disabled)).toBe(true);
    expect(buttonNames()).toEqual([...app().expected.shows, ...notNow()]);
  },
  entering: (snapshot) => {
    expectClaim(false);
    expectForm(snapshot, false);
  },
  claiming: async (snapshot) => {
    expectClaim(false);
    expectForm(snapshot, true);
    await waitFor(() => expect(app().api.isWaiting(claimCallOf(app().walk))).toBe(true));
  },
  claimed: () => {
    expectClaim(false);
    expect(screen.getByRole('status').textContent).toBe(app().expected.claimedLine);
    expect(buttonNames()).toEqual(['Done']);
    expect(button('Done').disabled).toBe(false);
  },
  // The claim is left: its parent hears whether the prize is claimed, and by which method.
  closed: () => {
    const { actor, expected } = app();
    expectClaim(false);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual(expected.output);
    expect(buttonNames()).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  },
};

// ---- the walk ----------------------------------------------------------------------------------

type ClaimStep = Step<ClaimSnapshot, ClaimEvent>;

async function arrive(expected: ClaimSnapshot): Promise<void> {
  await waitFor(() => expect(serialize(app().actor.getSnapshot())).toBe(serialize(expected)));
}

async function tap(name: string, step: ClaimStep): Promise<void> {
  await app().user.click(button(name));
  await arrive(step.state);
}

/** Waits for `call`, then ends it (and lets the answer reach the machine and the view). */
const settle = (
  call: 'paymentChoices' | 'claimPrize' | 'claimBonus',
  outcome: (api: FakeWinningsApi) => void,
): Promise<void> => answerWhenWaiting(app().api, call, outcome);

const toastOf = (message: string): ToastEffect => ({ type: 'toast', message, variant: 'error' });

/** A refusal of the claim itself (not the network, nor the server being down). */
const isRefusal = ({ status }: ApiFailure) => status >= 400 && status < 500;

const executors = {
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
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(WRONG[method].says));
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(api.count(claimCallOf(walk))).toBe(
        expected.calls.filter((c) => c.name === claimCallOf(walk)).length,
      );
      expect(actor.getSnapshot().value).toBe('entering');
      await user.clear(input);
      await user.type(input, step.event.details);
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
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

describeGeneratedWalks('the grand prize claim, generated paths through the view', {
  walks,
  start: (walk) => current.hold(open(walk), stopAndUnmount),
  arrive,
  events: executors,
  states,
});

describeWalkCoverage('the grand prize claim, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: 9, transitions: 15 },
});
