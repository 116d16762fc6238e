// The prize claim in its reload and Back walk (prize-claim.reload-back.test.tsx): the claim
// opened where the app runs it (/grandPrize, or the drawer's modal), the states a player rests
// in, what they see there, and that screen checked in the app, walked or reloaded.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { GrandPrize } from '../../../contract/api';
import type { ReferralBonus } from '../../../contract/winnings';
import { goTo } from './app-harness';
import { amountOf, type Expected } from './prize-claim-harness';
import { isBonus, LABEL, type ClaimSnapshot } from './prize-claim-model';
import type { Walk } from './prize-claim-walks';
import { bonusLabel, prizeLabel } from './winnings-drawer-screen';
import { actorOf, expectHome, slideDown, type WinningsApp } from './winnings-reload-app';
import { WinningsServer } from './winnings-reload-server';

/** The server listing the walk's prize or bonus, not claimed yet. */
export const serverFor = (walk: Walk) =>
  new WinningsServer(
    isBonus(walk.prize) ? { bonuses: [walk.prize] } : { grandPrizes: [walk.prize] },
  );

const regionOf = (walk: Walk) => (isBonus(walk.prize) ? 'Referral bonuses' : 'Grand prizes');
const dialogOf = (walk: Walk) => (isBonus(walk.prize) ? 'Referral bonus' : 'Grand prize');
/**
 * How the drawer lists a prize or a bonus, as its button is named: the title, then how it is
 * claimed (with its method, or elsewhere). The two are lines of their own, so words apart.
 */
function labelOf(item: GrandPrize | ReferralBonus): string {
  const label = (shown: GrandPrize | ReferralBonus) =>
    isBonus(shown) ? bonusLabel(shown) : prizeLabel(shown);
  const title = label({ ...item, claimed: false, paid: false });
  if (!item.claimed) return title;
  const status = item.payment_method ? label(item).slice(title.length) : 'Claimed';
  return `${title} ${status}`;
}

/** The player opens /grandPrize, or WINNINGS and taps the prize or the bonus there. */
export async function openClaim(walk: Walk, app: WinningsApp): Promise<void> {
  if (walk.variant === 'page') {
    await goTo('/grandPrize');
  } else {
    await goTo('/winnings');
    await slideDown(app);
    const listed = await screen.findByRole('region', { name: regionOf(walk) });
    await app.user.click(within(listed).getByRole('button', { name: labelOf(walk.prize) }));
  }
  await waitFor(() => actorOf(app, 'prizeClaim'));
}

/**
 * No call under way: the choices failed, the methods, a method's details, the claim recorded;
 * and, on the page, /home once it is claimed (the modal's close is the drawer's walk's).
 */
export const restsIn = (snapshot: ClaimSnapshot, walk: Walk) =>
  ['loadFailed', 'choosing', 'entering', 'claimed'].some((value) =>
    snapshot.matches(value as never),
  ) ||
  (walk.variant === 'page' && snapshot.matches('closed'));

/** What the player sees of a resting state, where the claim runs. */
export function sightOf(snapshot: ClaimSnapshot, walk: Walk): string {
  const { context } = snapshot;
  if (snapshot.matches('closed')) return '/home once the prize is claimed';
  const where =
    walk.variant === 'page' ? `/grandPrize (${amountOf(walk)})` : `the '${dialogOf(walk)}' modal`;
  if (snapshot.matches('loadFailed')) return `${where}: the ways to be paid failed`;
  if (snapshot.matches('choosing')) return `${where}: ${context.choices.join(', ')} offered`;
  if (snapshot.matches('entering')) return `${where}: ${LABEL[context.method!]}`;
  return `${where}: claimed ${context.method ? `by ${context.method}` : 'elsewhere'}`;
}

/** A resting claim as the player sees it: which screen, and the method chosen. */
type Shown = { screen: 'loadFailed' | 'choosing' | 'entering' | 'claimed'; method: string | null };
const shownIn = (snapshot: ClaimSnapshot): Shown => ({
  screen: snapshot.value as Shown['screen'],
  method: snapshot.context.method,
});

/** The claim's screen in `container`, with what the walk expects it to show. */
function expectClaimShown(
  container: HTMLElement,
  { screen: at, method }: Shown,
  expected: Expected,
) {
  const shown = within(container);
  if (at === 'loadFailed') {
    shown.getByText('The ways to be paid could not be loaded.');
    shown.getByRole('button', { name: 'Try again' });
  } else if (at === 'choosing') {
    const methods = shown.getByRole('group', { name: 'Payout method' });
    expect(
      within(methods)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(expected.shows);
  } else if (at === 'entering') {
    shown.getByLabelText(LABEL[method as keyof typeof LABEL]);
  } else {
    expect(shown.getByRole('status').textContent).toBe(expected.claimedLine);
  }
}

/** The item as the server lists it now, claimed or not. */
function listedOn(server: WinningsServer, walk: Walk): GrandPrize | ReferralBonus {
  const listing = isBonus(walk.prize) ? server.bonuses : server.grandPrizes;
  const item = listing === 'down' ? undefined : listing.find((i) => i.id === walk.prize.id);
  if (!item) throw new Error(`The server no longer lists ${walk.prize.id}`);
  return item;
}

/**
 * The claim as the walk left it. Walked, the page or the modal shows the state. Reloaded, the
 * modal may have closed, the drawer listing the prize or the bonus as claimed (or not); the page
 * opens the claim again from the ways the server offers (what was typed and not sent is gone),
 * and, once claimed, still shows the prize and how it is claimed.
 */
export async function expectClaim(
  snapshot: ClaimSnapshot,
  app: WinningsApp,
  walk: Walk,
  expected: Expected,
): Promise<void> {
  if (snapshot.matches('closed')) return expectHome(app, null);
  if (walk.variant === 'modal') {
    await slideDown(app);
    expect(window.location.pathname).toBe('/winnings');
    // Under the modal the list as it loaded; reloaded, as the server lists it now.
    const item = app.reloaded ? listedOn(app.server, walk) : walk.prize;
    const listed = await screen.findByRole('region', { name: regionOf(walk) });
    await waitFor(() => within(listed).getByRole('button', { name: labelOf(item) }));
    const dialogs = screen.queryAllByRole('dialog').map((d) => d.getAttribute('aria-label'));
    if (app.reloaded) return expect(dialogs.filter((name) => name !== dialogOf(walk))).toEqual([]);
    expect(dialogs).toEqual([dialogOf(walk)]);
    const modal = screen.getByRole('dialog', { name: dialogOf(walk) });
    return expectClaimShown(modal, shownIn(snapshot), expected);
  }
  expect(window.location.pathname).toBe('/grandPrize');
  const title = await screen.findByRole('heading', { level: 1, name: `You won ${amountOf(walk)}` });
  const page = title.closest('main')!;
  if (!app.reloaded) return waitFor(() => expectClaimShown(page, shownIn(snapshot), expected));
  if (snapshot.matches('claimed')) {
    // The prize claimed, and how (where the server knows it).
    const line = await within(page).findByRole('status');
    return expect(line.textContent).toContain(snapshot.context.method ?? '');
  }
  const down = app.server.choices.get(walk.prize.id) === 'down';
  await waitFor(() =>
    expectClaimShown(page, { screen: down ? 'loadFailed' : 'choosing', method: null }, expected),
  );
}
