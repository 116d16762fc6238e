// The running prize claim for its model test: the machine and its view (the drawer's modal or
// /grandPrize) with a fake API, the walk's coverage, and what the player sees on the claim.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { createActor } from 'xstate';
import type { PaymentMethod } from '../../../contract/winnings';
import type { ToastEffect } from '../../../machines/shared/effects';
import { createPrizeClaimActors } from '../../../machines/winnings/prize-claim.actors';
import type { PrizeClaimOutput } from '../../../machines/winnings/prize-claim.machine';
import { PrizeClaimView } from '../../../src/features/winnings/PrizeClaim';
import type { CoverageRecorder } from './coverage';
import { CurrentApp } from './generated-walks';
import { FakeWinningsApi } from './winnings-fake-api';
import {
  type ClaimSnapshot,
  LABEL,
  amountIn,
  inputOf,
  isBonus,
  kindOf,
  leavesBeforeClaim,
  logic,
} from './prize-claim-model';
import type { Walk } from './prize-claim-walks';

// ---- the running claim and its view ------------------------------------------------------------

/** What the walk expects so far: calls sent, toasts asked for, buttons and line shown, output. */
export type Expected = {
  calls: Array<{ name: string; body: unknown }>;
  toasts: ToastEffect[];
  shows: readonly string[];
  claimedLine: string | null;
  output: PrizeClaimOutput | null;
};

/** What the walk expects as the claim opens (other walks of the claim start from it too). */
export function expectedOf(walk: Walk): Expected {
  const { prize } = walk;
  return {
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
}

/** `coverage` is the test file's own record of the walk: the helpers keep none between files. */
export function open(walk: Walk, coverage: CoverageRecorder) {
  const api = new FakeWinningsApi();
  const actor = createActor(logic.provide({ actors: createPrizeClaimActors(api) }), {
    input: inputOf(walk),
    inspect: coverage.inspect,
  });
  const emitted: ToastEffect[] = [];
  actor.on('toast', (effect) => void emitted.push(effect));
  actor.start();
  const view = render(<PrizeClaimView actor={actor} variant={walk.variant} />);
  return { walk, api, actor, emitted, view, expected: expectedOf(walk), user: userEvent.setup() };
}

export const current = new CurrentApp<ReturnType<typeof open>>('The prize claim is not running.');
export const app = current.get;

// ---- what the player sees ----------------------------------------------------------------------

export const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
export const buttonNames = () => screen.queryAllByRole('button').map((b) => b.textContent);
/**
 * Not now, last on the screen, where the modal may be left before a claim; never on the page,
 * and the exact button lists of the form, the claim under way and the claimed prize leave it out.
 */
export function notNow(): string[] {
  const { walk, actor } = app();
  if (!leavesBeforeClaim(walk.variant, actor.getSnapshot())) return [];
  expect(button('Not now').disabled).toBe(false);
  return ['Not now'];
}
export const amountOf = (walk: Walk) => `$${amountIn(walk).toLocaleString('en-US')}`;

/** The title in every state, the calls sent and the toasts asked for so far. */
export function expectClaim(busy: boolean): void {
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

export const field = (method: PaymentMethod) =>
  screen.getByLabelText<HTMLInputElement>(LABEL[method]);

export function expectForm(snapshot: ClaimSnapshot, claiming: boolean): void {
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
