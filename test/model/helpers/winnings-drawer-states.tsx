// What the player sees in each state of the winnings drawer, as its model test walks it.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { TOAST_WINNINGS_LOAD_FAILED } from '../../../machines/winnings/winnings-drawer.machine';
import {
  deletionsFailed,
  expectDeletionQuestion,
  expectLogoutQuestion,
} from './winnings-drawer-account';
import { app } from './winnings-drawer-harness';
import type { DrawerSnapshot } from './winnings-drawer-model';
import {
  button,
  couponLabel,
  dialog,
  dollars,
  emittedToasts,
  expectClicks,
  expectConversation,
  expectCouponModal,
  expectFooter,
  expectList,
  expectPanel,
  isDisabled,
  navigations,
  claimedTitle,
  selectedCoupon,
  whileShown,
} from './winnings-drawer-screen';

export const states: Record<string, (snapshot: DrawerSnapshot) => Promise<void> | void> = {
  // The drawer waits above the screen, slides down, is down.
  'panel.waiting': whileShown('waiting'),
  'panel.opening': whileShown('opening'),
  'panel.open': whileShown('open'),
  'panel.closing': whileShown('closing'),
  // Gone: the player is taken /home, once.
  'panel.closed': async () => {
    expectPanel('closed');
    expect(navigations().filter((to) => to === '/home')).toHaveLength(1);
    expect(navigations().at(-1)).toBe('/home');
    expect(window.location.pathname).toBe('/home');
    await expectClicks();
  },
  'content.loading': () => {
    expect(screen.getByText('Loading your winnings…').getAttribute('role')).toBe('status');
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText(/^Nothing here yet\./)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expectFooter();
  },
  'content.loadFailed': () => {
    screen.getByText('Your winnings could not be loaded.');
    expect(isDisabled(button('Try again'))).toBe(false);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.queryByText(/^Nothing here yet\./)).toBeNull();
    expect(emittedToasts()).toContain(TOAST_WINNINGS_LOAD_FAILED);
    expectFooter();
  },
  'content.ready.browsing': (snapshot) => {
    expectList(snapshot);
    expectFooter();
    // No modal, unless a conversation is open over the list.
    if (snapshot.matches({ account: 'idle' }) && snapshot.context.openThreadId === null) {
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  },
  'content.ready.couponSelected': (snapshot) => expectCouponModal(snapshot, false),
  'content.ready.claimingCoupon': (snapshot) => {
    expectCouponModal(snapshot, true);
    expect(app().api.callsOf('claimCoupon').at(-1)).toBe(snapshot.context.selectedCouponId);
  },
  // What claiming gave, its code to copy (a delivery note has none); it is under 'Claimed' now.
  'content.ready.couponClaimed': (snapshot) => {
    const modal = dialog(claimedTitle(selectedCoupon(snapshot)));
    const { couponClaim } = app().walk;
    expect(within(modal).getByTestId('coupon-message').textContent).toBe(couponClaim.message);
    expect(
      within(modal)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([...(couponClaim.code ? ['Copy'] : []), 'Close']);
    expect(screen.queryByRole('dialog', { name: 'Claim coupon' })).toBeNull();
    const claimed = within(screen.getByRole('region', { name: 'Claimed' }));
    claimed.getByText(couponLabel(selectedCoupon(snapshot)));
    expectList(snapshot);
  },
  // The prize claim in its modal: the amount, then how it loads the ways to be paid.
  'content.ready.claimingPrize': ({ context }) => {
    const prize = context.grandPrizes.find((p) => p.id === context.selectedPrizeId)!;
    const modal = dialog('Grand prize');
    within(modal).getByRole('heading', {
      level: 2,
      name: `You won ${dollars(prize.additional_info.prize_amount)}`,
    });
    if (prize.claimed) {
      within(modal).getByText(`Your prize will be paid by ${prize.payment_method}.`);
      within(modal).getByRole('button', { name: 'Done' });
      expect(within(modal).queryByRole('button', { name: 'Not now' })).toBeNull();
    } else {
      // The claim can be left for later.
      within(modal).getByText('Loading…');
      expect(isDisabled(within(modal).getByRole('button', { name: 'Not now' }))).toBe(false);
    }
  },
  // A referral bonus's claim in its modal: all three ways at once, or how it is paid.
  'content.ready.claimingBonus': ({ context }) => {
    const bonus = context.referralBonuses.find((b) => b.id === context.selectedBonusId)!;
    const modal = dialog('Referral bonus');
    within(modal).getByRole('heading', {
      level: 2,
      name: `${dollars(bonus.amount)} because a player you invited won`,
    });
    if (bonus.claimed) {
      within(modal).getByText(
        bonus.paid
          ? `Paid by ${bonus.payment_method}.`
          : `Your bonus will be paid by ${bonus.payment_method}.`,
      );
      expect(
        within(modal)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Done']);
    } else {
      expect(
        within(modal)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Venmo', 'PayPal', 'Virtual Visa', 'Not now']);
    }
  },
  // The answers to Contact Us: none listed while they load or when they cannot.
  'messages.loading': () => {
    expect(screen.queryByRole('list', { name: 'Answers to your messages' })).toBeNull();
    expectFooter();
  },
  'messages.unavailable': () => {
    expect(screen.queryByRole('list', { name: 'Answers to your messages' })).toBeNull();
    expect(emittedToasts()).toEqual(app().toasts);
    expectFooter();
  },
  'messages.listed.browsing': ({ context }) => {
    expectFooter();
    if (context.openThreadId === null) {
      for (const thread of context.threads) {
        expect(screen.queryByRole('dialog', { name: thread.subject })).toBeNull();
      }
    }
  },
  // Open and still 'New' until the server has it read.
  'messages.listed.markingRead': async (snapshot) => {
    expectConversation(snapshot);
    await waitFor(() => expect(app().api.isWaiting('markContactThreadRead')).toBe(true));
    expect(app().api.callsOf('markContactThreadRead').at(-1)).toBe(snapshot.context.openThreadId);
  },
  'messages.listed.reading': (snapshot) => expectConversation(snapshot),
  // Contact Us and Logout are there; the question is not; the session was asked nothing.
  'account.idle': () => {
    expect(screen.queryByText('Are you sure you want to logout?')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Logout' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Delete Account' })).toBeNull();
    // Only deletions the session could not carry out were asked.
    expect(app().heard).toEqual(deletionsFailed());
    expectFooter();
    expect(emittedToasts()).toEqual(app().toasts);
  },
  // The account actions ask (their own walk checks each question): nothing asked of the session.
  'account.asking': ({ context }) => {
    if (context.accountQuestion === 'logout') expectLogoutQuestion({ answered: false });
    else expectDeletionQuestion({ deleting: false });
    expect(app().heard).toEqual(deletionsFailed());
    expect(emittedToasts()).toEqual(app().toasts);
  },
  // While the session signs the player out, nothing more can be asked.
  'account.loggingOut': () => {
    expectLogoutQuestion({ answered: true });
    expect(app().heard).toEqual([...deletionsFailed(), 'session.logout']);
    expect(emittedToasts()).toEqual(app().toasts);
  },
  // The session deletes: the button shows it, and neither it nor Cancel can be pressed.
  'account.deletingAccount': () => {
    expectDeletionQuestion({ deleting: true });
    expect(app().heard).toEqual([...deletionsFailed(), 'session.deleteAccount']);
  },
};
