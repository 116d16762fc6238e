// What causes each event of the winnings flow's model, through the real pages: the addresses the
// player opens, the server's answers, the prize claim and the contact form run through their
// views to their end. Other walks can drive the flow with these gestures from their own models.
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { navigate } from 'wouter/use-browser-location';
import type { AnyActorRef } from 'xstate';
import type { Step } from 'xstate/graph';
import { CONTACT_SENT } from '../../../contract/contact';
import {
  DRAWER_ANIMATION_MS,
  DRAWER_OPEN_DELAY_MS,
} from '../../../machines/winnings/winnings-drawer.machine';
import { TOAST_PRIZES_LOAD_FAILED } from '../../../machines/winnings/winnings.machine';
import { answerWhenWaiting } from './generated-walks';
import type { FakeWinningsApi } from './winnings-fake-api';
import { choicesOf } from './winnings-fake-api';
import {
  CLAIMED_MESSAGE,
  type FlowEvent,
  type FlowSnapshot,
  MESSAGE,
  NEWER_UNCLAIMED,
  PAYPAL_EMAIL,
  PRIZE_FAILURE,
  SUBJECT,
  serialize,
} from './winnings-model';
import { app, button, flowActor } from './winnings-harness';

// ---- the walk ----------------------------------------------------------------------------------

export type FlowStep = Step<FlowSnapshot, FlowEvent>;

export async function arrive(expected: FlowSnapshot): Promise<void> {
  await waitFor(() => expect(serialize(flowActor().getSnapshot())).toBe(serialize(expected)));
}

export const toastShown = (text: string) => screen.findByText(text, {}, { timeout: 2000 });

/** Waits for `call`, then answers it (and lets the answer reach the machines). */
export const answerCall = (
  call:
    | 'grandPrizes'
    | 'paymentChoices'
    | 'claimPrize'
    | 'sendContactMessage'
    | 'draw'
    | 'drawEntryIds',
  settle: (api: FakeWinningsApi) => void,
): Promise<void> => answerWhenWaiting(app().api, call, settle);

export const executors = {
  // The player opens the address (a tab, a link, Back): the route sync tells the session.
  'route.opened': async (walkStep) => {
    if (walkStep.event.type !== 'route.opened') return;
    const { path } = walkStep.event;
    act(() => navigate(path));
    await arrive(walkStep.state);
  },
  'grandPrize.retry': async (walkStep) => {
    await app().user.click(button('Try again'));
    await arrive(walkStep.state);
  },
  // As the session does when the server refuses a deletion: the drawer hears it, nothing else.
  'account.deletionFailed': async (walkStep) => {
    act(() => {
      (flowActor().system.get('session') as AnyActorRef).send({ type: 'account.deletionFailed' });
    });
    await arrive(walkStep.state);
  },
  // From the draw (or the drawer): the flow hears it, and an open /grandPrize shows the prize.
  'grandPrizes.loaded': async (walkStep) => {
    if (walkStep.event.type !== 'grandPrizes.loaded') return;
    const { prizes } = walkStep.event;
    act(() => flowActor().send({ type: 'grandPrizes.loaded', prizes }));
    await arrive(walkStep.state);
  },
  'grandPrize.claimed': async (walkStep) => {
    if (walkStep.event.type !== 'grandPrize.claimed') return;
    const { prizeId } = walkStep.event;
    act(() => flowActor().send({ type: 'grandPrize.claimed', prizeId }));
    await arrive(walkStep.state);
  },
  'xstate.done.actor.loadGrandPrizes': async (walkStep) => {
    if (walkStep.event.type !== 'xstate.done.actor.loadGrandPrizes') return;
    const prizes = walkStep.event.output;
    await answerCall('grandPrizes', (api) => api.resolve('grandPrizes', { data: prizes }));
    await arrive(walkStep.state);
  },
  'xstate.error.actor.loadGrandPrizes': async (walkStep) => {
    await answerCall('grandPrizes', (api) => api.reject('grandPrizes', PRIZE_FAILURE));
    await arrive(walkStep.state);
    await toastShown(TOAST_PRIZES_LOAD_FAILED);
  },
  // The page offers PayPal and Venmo (the server offers all three); PayPal, the e-mail, Claim,
  // the server's word, Done: the player is sent /home.
  'xstate.done.actor.prizeClaim': async (walkStep) => {
    const { user } = app();
    await answerCall('paymentChoices', (api) =>
      api.resolve('paymentChoices', choicesOf(NEWER_UNCLAIMED.id)),
    );
    const methods = screen.getByRole('group', { name: 'Payout method' });
    expect(
      within(methods)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Claim with PayPal', 'Claim with Venmo']);
    await user.click(within(methods).getByRole('button', { name: 'Claim with PayPal' }));
    await user.type(screen.getByLabelText('PayPal e-mail'), PAYPAL_EMAIL);
    await user.click(button('Claim $500'));
    await answerCall('claimPrize', (api) =>
      api.resolve('claimPrize', {
        data: {
          grand_prize_id: NEWER_UNCLAIMED.id,
          payment_method: 'PayPal',
          message: CLAIMED_MESSAGE,
        },
      }),
    );
    expect(app().api.callsOf('claimPrize')).toEqual([
      { grand_prize_id: NEWER_UNCLAIMED.id, payment_method: 'PayPal', email: PAYPAL_EMAIL },
    ]);
    await screen.findByText(CLAIMED_MESSAGE);
    expect(window.location.pathname).toBe('/grandPrize');
    await user.click(button('Done'));
    await arrive(walkStep.state);
    // Claimed: nothing waits for a claim any more ('Claim your $X prize' leaves /home).
    expect(flowActor().getSnapshot().context.prizeToClaim).toBeNull();
  },
  'xstate.done.actor.contactForm': async (walkStep) => {
    if (walkStep.event.type !== 'xstate.done.actor.contactForm') return;
    const { user } = app();
    if (walkStep.event.output.sent) {
      await user.type(screen.getByLabelText('Subject'), SUBJECT);
      await user.type(screen.getByLabelText('Message'), MESSAGE);
      await user.click(button('Submit'));
      await answerCall('sendContactMessage', (api) =>
        api.resolve('sendContactMessage', { message: CONTACT_SENT }),
      );
      expect(app().api.callsOf('sendContactMessage')).toEqual([
        { subject: SUBJECT, message: MESSAGE },
      ]);
      await toastShown(CONTACT_SENT);
      await waitFor(() => expect(window.location.pathname).toBe('/home'));
    } else {
      await user.click(button('Back'));
      await waitFor(() => expect(window.location.pathname).toBe('/winnings'));
      expect(app().api.count('sendContactMessage')).toBe(0);
      expect(app().toasts).not.toContain(CONTACT_SENT);
    }
    await arrive(walkStep.state);
  },
  // The drawer slides down, the player closes it, it slides back up: /home shows.
  'drawer.closed': async (walkStep) => {
    const { clock } = app();
    act(() => clock.increment(DRAWER_OPEN_DELAY_MS));
    act(() => clock.increment(DRAWER_ANIMATION_MS));
    await app().user.click(screen.getByRole('button', { name: 'Close' }));
    expect(window.location.pathname).toBe('/winnings');
    act(() => clock.increment(DRAWER_ANIMATION_MS));
    await waitFor(() => expect(window.location.pathname).toBe('/home'));
    await arrive(walkStep.state);
  },
  'drawer.contactUs': async (walkStep) => {
    await app().user.click(button('Contact Us'));
    await waitFor(() => expect(window.location.pathname).toBe('/form/has-problem'));
    await arrive(walkStep.state);
  },
} satisfies Record<FlowEvent['type'], (walkStep: FlowStep) => Promise<void>>;
