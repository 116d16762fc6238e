// What the player sees of the winnings drawer, as its model test checks it: the panel, the list
// and what is claimed, the footer and the answers to Contact Us, a conversation, a coupon's modal.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { GrandPrize, Reward } from '../../../contract/api';
import type { ReferralBonus } from '../../../contract/winnings';
import { app, drawerActor } from './winnings-drawer-harness';
import type { DrawerSnapshot } from './winnings-drawer-model';

export const button = (name: string | RegExp) => screen.getByRole('button', { name });
/** The drawer's own close control (×), on its grip. */
export const closeControl = () =>
  within(screen.getByTestId('winnings-grip')).getByRole('button', { name: 'Close' });
export const dialog = (name: string) => screen.getByRole('dialog', { name });
export const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;
export const dollars = (value: number) => `$${value}`;

export const clicks = () =>
  app()
    .api.callsOf('click')
    .map((body) => (body as { click: { event_name: string; page_url: string } }).click);
export const navigations = () =>
  app().emitted.flatMap((e) => (e.type === 'navigate' ? [e.to] : []));
export const emittedToasts = () =>
  app().emitted.flatMap((e) => (e.type === 'toast' ? [e.message] : []));

/** The brands in the order of their first coupon, each with its unclaimed coupons in order. */
export function byBrand(coupons: Reward[]): Array<[string, Reward[]]> {
  const brands: Array<[string, Reward[]]> = [];
  for (const coupon of coupons) {
    if (coupon.attributes.claimed === true) continue;
    const brand = coupon.attributes.coupon_type ?? 'Coupon';
    const group = brands.find(([name]) => name === brand);
    if (group) group[1].push(coupon);
    else brands.push([brand, [coupon]]);
  }
  return brands;
}

/** What claiming a coupon shows is titled by its kind. */
export const claimedTitle = (coupon: Reward | undefined): string =>
  coupon?.attributes.kind === 'gift_card' ? 'Your gift card' : 'Your coupon';

export const couponLabel = (coupon: Reward) =>
  `${dollars(coupon.attributes.value)} ${coupon.attributes.kind === 'gift_card' ? 'gift card' : 'coupon'}`;

/** What a prize's or a bonus's button says, its status after: claimed with, then paid by. */
export function payoutLabel(label: string, payout: GrandPrize | ReferralBonus): string {
  if (payout.paid) return `${label}Paid by ${payout.payment_method}`;
  return payout.claimed ? `${label}Claimed with ${payout.payment_method}` : label;
}
export const prizeLabel = (prize: GrandPrize) =>
  payoutLabel(`You won ${dollars(prize.additional_info.prize_amount)}`, prize);
export const bonusLabel = (bonus: ReferralBonus) =>
  payoutLabel(`${dollars(bonus.amount)} because a player you invited won`, bonus);

/** The list: the grand prizes, the coupons by brand, the referral bonuses; or the empty line. */
export function expectList({ context }: DrawerSnapshot): void {
  const body = screen.getByTestId('winnings-drawer');
  const nothing = within(body).queryByText(/^Nothing here yet\./);
  const empty =
    context.coupons.length + context.grandPrizes.length + context.referralBonuses.length === 0;
  expect(nothing !== null).toBe(empty);
  expect(within(body).queryByText('Loading your winnings…')).toBeNull();
  expect(within(body).queryByRole('button', { name: 'Try again' })).toBeNull();
  const sections = within(body)
    .queryAllByRole('region')
    .map((section) => section.getAttribute('aria-label'));
  const brands = byBrand(context.coupons);
  const claimed = context.coupons.filter((coupon) => coupon.attributes.claimed === true);
  expect(sections).toEqual([
    ...(context.grandPrizes.length > 0 ? ['Grand prizes'] : []),
    ...brands.map(([brand]) => brand),
    ...(context.referralBonuses.length > 0 ? ['Referral bonuses'] : []),
    ...(claimed.length > 0 ? ['Claimed'] : []),
  ]);
  if (context.grandPrizes.length > 0) {
    const prizes = within(screen.getByRole('region', { name: 'Grand prizes' })).getAllByRole(
      'button',
    );
    expect(prizes.map((prize) => prize.textContent)).toEqual(context.grandPrizes.map(prizeLabel));
  }
  for (const [brand, coupons] of brands) {
    const section = screen.getByRole('region', { name: brand });
    within(section).getByRole('heading', { level: 2, name: brand });
    expect(
      within(section)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(coupons.map(couponLabel));
  }
  if (context.referralBonuses.length > 0) {
    const section = screen.getByRole('region', { name: 'Referral bonuses' });
    expect(
      within(section)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(context.referralBonuses.map(bonusLabel));
  }
  if (claimed.length > 0) expectClaimed(claimed);
}

/**
 * Under 'Claimed', each claimed coupon for good: brand, value, what claiming gave, the offer's
 * link in a new tab where there is one, and 'Copy code' only where there is a code.
 */
export function expectClaimed(claimed: Reward[]): void {
  const section = screen.getByRole('region', { name: 'Claimed' });
  within(section).getByRole('heading', { level: 2, name: 'Claimed' });
  const items = within(section).getAllByRole('listitem');
  expect(items).toHaveLength(claimed.length);
  for (const [i, coupon] of claimed.entries()) {
    const item = items[i]!;
    const { coupon_type, claim_message, link, code } = coupon.attributes;
    within(item).getByText(coupon_type!);
    within(item).getByText(couponLabel(coupon));
    within(item).getByText(claim_message!);
    const links = within(item).queryAllByRole('link');
    expect(
      links.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]),
    ).toEqual(link ? [[link, '_blank', 'noopener']] : []);
    expect(
      within(item)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(code ? ['Copy code'] : []);
  }
}

/** The footer: Contact Us and its answers, the legal pages and Logout, whatever the list does. */
export function expectFooter(): void {
  const footer = screen.getByRole('navigation', { name: 'Help and account' });
  within(footer).getByRole('button', { name: 'Contact Us' });
  expectAnswers();
  expect(
    within(footer)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]),
  ).toEqual([
    ['Terms and Conditions', '/terms-and-conditions'],
    ['Privacy Policy', '/privacy-policy'],
    ['Official Rules', '/rules'],
  ]);
  within(footer).getByRole('button', { name: 'Logout' });
}

/** Under Contact Us, each answered message by its subject, 'New' while a reply is unread. */
export function expectAnswers(): void {
  const { threads } = drawerActor().getSnapshot().context;
  const list = screen.queryByRole('list', { name: 'Answers to your messages' });
  if (threads.length === 0) {
    expect(list).toBeNull();
    return;
  }
  expect(
    within(list!)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(threads.map((t) => `${t.subject}${t.replies.some((r) => r.unread) ? 'New' : ''}`));
}

/** The conversation open: the player's message and the answers, as typed, never as markup. */
export function expectConversation({ context }: DrawerSnapshot): void {
  const thread = context.threads.find((t) => t.id === context.openThreadId)!;
  const modal = dialog(thread.subject);
  const texts = [...modal.querySelectorAll('.winnings__text')].map((p) => p.textContent);
  expect(texts).toEqual([thread.message, ...thread.replies.map((r) => r.text)]);
  expect(modal.querySelector('b')).toBeNull();
  expect(
    within(modal)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['Close']);
  expectAnswers();
}

/** Where the drawer is, as its class and data-panel say (the CSS slides it by them). */
export function expectPanel(panel: DrawerSnapshot['value']['panel']): void {
  const main = screen.getByRole('main', { name: 'Winnings' });
  expect(main.className).toBe(`winnings winnings--${panel}`);
  expect(screen.getByTestId('winnings-drawer').getAttribute('data-panel')).toBe(panel);
  screen.getByRole('heading', { level: 1, name: 'WINNINGS' });
  closeControl();
}

/** my_winnings_viewed is logged once, from /winnings; then a click per coupon selected. */
export async function expectClicks(): Promise<void> {
  await waitFor(() => {
    expect(clicks().filter((click) => click.event_name === 'gift_card_selected')).toHaveLength(
      app().selections,
    );
    const viewed = clicks().filter((click) => click.event_name === 'my_winnings_viewed');
    expect(viewed).toEqual([{ event_name: 'my_winnings_viewed', page_url: '/winnings' }]);
    expect(clicks()[0]).toEqual(viewed[0]);
    expect(clicks().every((click) => click.page_url === '/winnings')).toBe(true);
  });
}

export const whileShown = (panel: DrawerSnapshot['value']['panel']) => async () => {
  expectPanel(panel);
  expect(navigations()).not.toContain('/home');
  await expectClicks();
};

/** The coupon whose claim modal is up, as the walk listed it. */
export const selectedCoupon = ({ context }: DrawerSnapshot): Reward =>
  app().walk.winnings.coupons.find((coupon) => coupon.id === context.selectedCouponId)!;

export function expectCouponModal(snapshot: DrawerSnapshot, claiming: boolean): void {
  const coupon = selectedCoupon(snapshot);
  const modal = dialog('Claim coupon');
  within(modal).getByText(coupon.attributes.coupon_type!);
  within(modal).getByText(dollars(coupon.attributes.value));
  within(modal).getByText('Claim it to see your code. A coupon can be claimed once.');
  const claim = within(modal).getByRole('button', { name: claiming ? 'Claiming…' : 'Claim' });
  expect(isDisabled(claim)).toBe(claiming);
  expect(isDisabled(within(modal).getByRole('button', { name: 'Close' }))).toBe(claiming);
  // Under the modal, the list as it was.
  expectList(snapshot);
}
