// What the player sees in each state of the prize claim's model, checked against the page, the
// calls sent, the toasts asked for and, once closed, what the claim tells its parent.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type ClaimSnapshot, claimCallOf } from './prize-claim-model';
import { app, button, buttonNames, expectClaim, expectForm, notNow } from './prize-claim-harness';

export const states: Record<string, (snapshot: ClaimSnapshot) => Promise<void> | void> = {
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
