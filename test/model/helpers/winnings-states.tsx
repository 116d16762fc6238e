// What the player sees in each state of the winnings flow's model, checked against the page on
// screen and where the flow sends them next.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { TOAST_PRIZES_LOAD_FAILED } from '../../../machines/winnings/winnings.machine';
import { PATHS as APP_PATHS } from '../../../machines/shared/paths';
import { type FlowSnapshot, NEWER_UNCLAIMED } from './winnings-model';
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
  // /draws/{id}: the page names the draw at its address, and the draw record machine reads it
  // (test/model/draw-record.model.test.tsx walks the check).
  drawRecord: (snapshot) => {
    const id = snapshot.context.drawRecordId!;
    expect(routeOf(flowActor().getSnapshot())).toBe(APP_PATHS.drawRecord);
    expect(window.location.pathname).toBe(`/draws/${id}`);
    expect(steps().winningsDrawer).toBeUndefined();
    expect(steps().drawRecord!.getSnapshot().context.id).toBe(id);
    screen.getByRole('main', { name: 'Loading' });
    expect(app().api.callsOf('draw').at(-1)).toBe(id);
    expect(app().api.isWaiting('draw')).toBe(true);
  },
};
