// The winnings drawer in its reload and Back walk (winnings-drawer.reload-back.test.tsx): the
// states of the drawer's model a player rests in, what they see there (the list and what is
// claimed, the answers to Contact Us, the dialog on top), and that screen checked in the app,
// walked or reloaded.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { WinningsApp } from './winnings-reload-app';
import { slideDown } from './winnings-reload-app';
import type { DrawerSnapshot } from './winnings-drawer-model';
import { selectSelectedCoupon } from '../../../machines/winnings/winnings.selectors';
import { claimedTitle, expectFooter, expectList, expectPanel } from './winnings-drawer-screen';
import type { Walk } from './winnings-drawer-walks';

/**
 * Down, with no call under way: the list loaded or failed, no coupon being claimed, the answers
 * settled (on a walk where they never arrive, the drawer rests without them), no account being
 * signed out or deleted, and a prize's modal not asking how it is paid.
 */
export function restsIn(snapshot: DrawerSnapshot, walk: Walk): boolean {
  const { context } = snapshot;
  const prize = context.grandPrizes.find((p) => p.id === context.selectedPrizeId);
  return (
    snapshot.matches({ panel: 'open' }) &&
    !snapshot.matches({ content: 'loading' }) &&
    !snapshot.matches({ content: { ready: 'claimingCoupon' } }) &&
    !(snapshot.matches({ content: { ready: 'claimingPrize' } }) && !prize?.claimed) &&
    (walk.threads === null ||
      !(
        snapshot.matches({ messages: 'loading' }) ||
        snapshot.matches({ messages: { listed: 'markingRead' } })
      )) &&
    (snapshot.matches({ account: 'idle' }) || snapshot.matches({ account: 'asking' }))
  );
}

/** The dialog over the drawer, by its name; null when none is up. */
export function dialogOf(snapshot: DrawerSnapshot): string | null {
  const { context } = snapshot;
  if (snapshot.matches({ account: 'asking' })) {
    return context.accountQuestion === 'logout' ? 'Logout' : 'Delete Account';
  }
  const thread = context.threads.find((t) => t.id === context.openThreadId);
  if (thread) return thread.subject;
  const content = snapshot.matches('content') ? (snapshot.value.content as unknown) : null;
  const ready =
    typeof content === 'object' && content !== null ? (content as { ready: string }).ready : null;
  const dialogs: Record<string, string> = {
    couponSelected: 'Claim coupon',
    couponClaimed: claimedTitle(selectSelectedCoupon(snapshot)),
    claimingPrize: 'Grand prize',
    claimingBonus: 'Referral bonus',
  };
  return (ready && dialogs[ready]) ?? null;
}

/** The answers listed under Contact Us: each by its subject, 'New' while a reply is unread. */
function answersOf(snapshot: DrawerSnapshot): string[] {
  if (!snapshot.matches({ messages: 'listed' })) return [];
  return snapshot.context.threads.map(
    (t) => `${t.subject}${t.replies.some((r) => r.unread) ? 'New' : ''}`,
  );
}
const unreadMarked = (answer: string) => answer.replace(/New$/, ' (new)');

const answersShown = () => {
  const list = screen.queryByRole('list', { name: 'Answers to your messages' });
  return list
    ? within(list)
        .getAllByRole('button')
        .map((b) => b.textContent)
    : [];
};

const mark = (claimed: boolean | undefined) => (claimed ? ' claimed' : '');

/** What the player sees of a resting state: the list, the dialog on top, the answers. */
export function sightOf(snapshot: DrawerSnapshot): string {
  const { context } = snapshot;
  const list = snapshot.matches({ content: 'ready' })
    ? [
        ...context.grandPrizes.map((p) => `${p.id}${mark(p.claimed)}`),
        ...context.coupons.map((c) => `${c.id}${mark(c.attributes.claimed)}`),
        ...context.referralBonuses.map((b) => `${b.id}${mark(b.claimed)}`),
      ].join(', ') || 'nothing won'
    : 'the list failed';
  const dialog = dialogOf(snapshot);
  const answers = snapshot.matches({ messages: 'unavailable' })
    ? 'answers failed'
    : answersOf(snapshot).map(unreadMarked).join(', ');
  return [list, dialog && `'${dialog}' up`, answers && `answers: ${answers}`]
    .filter(Boolean)
    .join('; ');
}

/**
 * The drawer down at /winnings with the list as the walk left it (what was claimed under
 * 'Claimed' with its code, prizes and bonuses with how they are paid), or its failure, and the
 * answers under Contact Us as read. The walked app shows the dialog the state has up (a claimed
 * coupon's code in it); a reloaded one may have closed it, and shows no other.
 */
export async function expectDrawer(snapshot: DrawerSnapshot, app: WinningsApp): Promise<void> {
  await slideDown(app);
  expect(window.location.pathname).toBe('/winnings');
  await waitFor(() => expectPanel('open'));
  if (snapshot.matches({ content: 'loadFailed' })) {
    await screen.findByText('Your winnings could not be loaded.');
  } else {
    await waitFor(() => expectList(snapshot));
  }
  await waitFor(() => expect(answersShown()).toEqual(answersOf(snapshot)));
  expectFooter();
  const dialog = dialogOf(snapshot);
  const shown = screen.queryAllByRole('dialog').map((d) => d.getAttribute('aria-label'));
  if (app.reloaded) {
    expect(shown.filter((name) => name !== dialog)).toEqual([]);
    return;
  }
  expect(shown).toEqual(dialog ? [dialog] : []);
  if (snapshot.matches({ content: { ready: 'couponClaimed' } })) {
    const modal = screen.getByRole('dialog', {
      name: claimedTitle(selectSelectedCoupon(snapshot)),
    });
    expect(within(modal).getByTestId('coupon-message').textContent).toBe(
      snapshot.context.couponMessage,
    );
  }
}
