// What the player sees in each state of the winnings flow's model, checked against the page on
// screen and where the flow sends them next.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { TOAST_PRIZES_LOAD_FAILED } from '../../../machines/winnings/winnings.machine';
import { describeDifference } from '../../../machines/shared/draw-verify';
import { PATHS as APP_PATHS } from '../../../machines/shared/paths';
import {
  ALTERED_DIFFERENCES,
  type FlowSnapshot,
  NEWER_UNCLAIMED,
  SOUND_DRAW,
} from './winnings-model';
import { routeOf } from '../../../machines/shared/routes';
import { app, button, expectRoute, flowActor, isDisabled, steps } from './winnings-harness';

export const states: Record<string, (snapshot: FlowSnapshot) => Promise<void> | void> = {
  // Another screen: none of the flow's pages, no step running.
  awaitingRoute: () => {
    expectRoute(null);
    screen.getByRole('main', { name: 'Elsewhere' });
    expect(steps().winningsDrawer).toBeUndefined();
    expect(steps().contactForm).toBeUndefined();
  },
  // Done with a page (a claim, a message sent, the drawer closed): /home shows, no step running.
  home: () => {
    expectRoute('/home');
    screen.getByRole('main', { name: 'Elsewhere' });
    expect(steps().winningsDrawer).toBeUndefined();
    expect(steps().prizeClaim).toBeUndefined();
    expect(steps().contactForm).toBeUndefined();
  },
  // /winnings: the drawer, waiting above the screen (its clock stands still here).
  drawer: async () => {
    expectRoute('/winnings');
    const drawer = screen.getByTestId('winnings-drawer');
    expect(drawer.getAttribute('data-panel')).toBe('waiting');
    within(drawer).getByRole('heading', { level: 1, name: 'WINNINGS' });
    within(drawer).getByText('Loading your winnings…');
    await waitFor(() =>
      expect(app().api.callsOf('click').at(-1)).toEqual({
        click: { event_name: 'my_winnings_viewed', page_url: '/winnings' },
      }),
    );
  },
  'grandPrize.loading': () => {
    expectRoute('/grandPrize');
    const main = screen.getByRole('main', { name: 'Loading' });
    expect(main.getAttribute('aria-busy')).toBe('true');
    expect(app().api.isWaiting('grandPrizes')).toBe(true);
  },
  'grandPrize.loadFailed': () => {
    expectRoute('/grandPrize');
    screen.getByText('Your prizes could not be loaded.');
    expect(isDisabled(button('Try again'))).toBe(false);
    expect(app().toasts).toContain(TOAST_PRIZES_LOAD_FAILED);
  },
  'grandPrize.nothingToClaim': () => {
    expectRoute('/grandPrize');
    screen.getByRole('heading', { level: 1, name: 'No prize to claim' });
    screen.getByText(/There is no grand prize waiting for a claim\./);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
    expect(steps().prizeClaim).toBeUndefined();
  },
  // The newest prize not claimed yet, with PayPal or Venmo; once claimed, Done goes /home.
  'grandPrize.claiming': () => {
    expectRoute('/grandPrize');
    screen.getByRole('heading', { level: 1, name: 'You won $500' });
    const claim = steps().prizeClaim!;
    expect(claim.getSnapshot().context.prizeId).toBe(NEWER_UNCLAIMED.id);
    expect(claim.getSnapshot().context.offered).toEqual(['PayPal', 'Venmo']);
    screen.getByText('Loading…');
    expect(app().api.callsOf('paymentChoices').at(-1)).toBe(NEWER_UNCLAIMED.id);
  },
  // A legal text the drawer links to, at the address opened: no step running.
  legalPage: () => {
    expect(routeOf(flowActor().getSnapshot())).toBe('/privacy-policy');
    expect(['/privacy-policy', '/terms-and-conditions']).toContain(window.location.pathname);
    screen.getByRole('main', { name: 'Elsewhere' });
    expect(steps().winningsDrawer).toBeUndefined();
    expect(steps().prizeClaim).toBeUndefined();
    expect(steps().contactForm).toBeUndefined();
  },
  // Contact Us: Subject, Message, Submit and Back; once it is over, where it sends the player.
  contactUs: () => {
    expectRoute('/form/has-problem');
    screen.getByRole('heading', { level: 1, name: 'Contact Us' });
    screen.getByLabelText('Subject');
    screen.getByLabelText('Message');
    expect(steps().contactForm!.getSnapshot().value).toBe('editing');
    expect(isDisabled(button('Submit'))).toBe(false);
    expect(isDisabled(button('Back'))).toBe(false);
  },
  // /draws/{id}: the record as far as it is read; the page names the draw at its address.
  'drawRecord.checking': (snapshot) => {
    const page = expectDrawRecordPage(snapshot);
    const draw = page.draw;
    if (!draw) {
      screen.getByRole('main', { name: 'Loading' });
      expect(app().api.isWaiting('draw')).toBe(true);
      return;
    }
    expectFacts(snapshot);
    screen.getByText(
      `Checking on this phone… ${page.entryIdsRead} of ${draw.entries_count} entry ids read`,
    );
    expect(app().api.isWaiting('drawEntryIds')).toBe(true);
    expect(screen.queryByText('Verified on this phone')).toBeNull();
  },
  // Checked: 'Verified on this phone', or exactly what differs.
  'drawRecord.checked': (snapshot) => {
    const page = expectDrawRecordPage(snapshot);
    expectFacts(snapshot);
    if (page.draw?.winning_entry_id === SOUND_DRAW.winning_entry_id) {
      screen.getByRole('heading', { level: 2, name: 'Verified on this phone' });
      expect(screen.queryByRole('alert')).toBeNull();
    } else {
      const alert = screen.getByRole('alert');
      within(alert).getByRole('heading', { name: 'This draw does not check out' });
      expect(
        within(alert)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(ALTERED_DIFFERENCES.map(describeDifference));
      expect(screen.queryByText('Verified on this phone')).toBeNull();
    }
  },
  'drawRecord.stillOpen': (snapshot) => {
    expectDrawRecordPage(snapshot);
    screen.getByText('Not yet: the seed is revealed when the draw closes.');
    screen.getByText(/This draw is still open\./);
    expect(screen.queryByText('Verified on this phone')).toBeNull();
  },
  'drawRecord.failed': (snapshot) => {
    const page = expectDrawRecordPage(snapshot);
    if (page.failure === 'notFound') {
      screen.getByText(`There is no draw ${page.id}.`);
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    } else {
      screen.getByText('This draw could not be loaded.');
      expect(isDisabled(button('Try again'))).toBe(false);
    }
    expect(screen.getByRole('link', { name: 'Your winnings' }).getAttribute('href')).toBe(
      '/winnings',
    );
  },
};

/** The record page of the draw the flow shows, at that draw's address. */
function expectDrawRecordPage(snapshot: FlowSnapshot) {
  const page = snapshot.context.drawRecord!;
  expect(routeOf(flowActor().getSnapshot())).toBe(APP_PATHS.drawRecord);
  expect(window.location.pathname).toBe(`/draws/${page.id}`);
  expect(steps().winningsDrawer).toBeUndefined();
  return page;
}

/** The record's facts: commitment, seed, entries, the player's entry, the winner. */
function expectFacts(snapshot: FlowSnapshot) {
  const draw = snapshot.context.drawRecord!.draw!;
  screen.getByRole('heading', { level: 1, name: `Draw ${snapshot.context.drawRecord!.id}` });
  expect(screen.getByTestId('draw-commitment').textContent).toBe(draw.commitment);
  expect(screen.getByTestId('draw-seed').textContent).toBe(draw.seed);
  expect(screen.getByTestId('draw-entries').textContent).toBe('3');
  expect(screen.getByTestId('draw-my-entries').textContent).toBe('#12');
  expect(screen.getByTestId('draw-winner').textContent).toBe(
    `#${draw.winning_entry_id}${draw.winning_entry_id === 12 ? ' (yours!)' : ''}`,
  );
}
