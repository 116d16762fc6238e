// What the player sees of the players screen in each state of its chart: /players with its
// five rows (each code made, and who used it, then the open invitations), its buttons held while
// a call or the share sheet is under way, the tab bar without Players and Tell Us More; and
// elsewhere, nothing of it. The toasts shown are those the walk's steps expect, no more.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { INVITES_PER_PLAYER, type Invite } from '../../../contract/api';
import { PLAYERS_PATH, PLAYERS_TUTORIAL_PATH } from '../../../machines/players/players.machine';
import { tabBar } from './app-harness';
import { linkOf, playersList } from './players-gestures';
import type { PlayersApp, PlayersCallName } from './players-harness';
import { HOME_PATH, type PlayersSnapshot } from './players-model';

const PLAYERS_HEADING = /^You have \d invitations?/;

/** The heading: what is left of the five invitations. */
const headingFor = (made: number) => {
  const left = INVITES_PER_PLAYER - made;
  return `You have ${left} invitation${left === 1 ? '' : 's'} To pick your own players`;
};

/**
 * A row as the player reads it: the code, then who joined (the number masked) and the bonus
 * their wins earned, or 'Open' with 'Invite'.
 */
function rowText({ attributes: a }: Invite): string {
  if (!a.claimed) return `${a.code}OpenInvite`;
  const joined = a.invited_user ? `Joined ••• ${a.invited_user.phone_number.slice(-4)}` : 'Joined';
  const bonus = (a.bonus_amount ?? 0) > 0 ? `Bonus $${a.bonus_amount}` : '';
  return `${a.code}${joined}${bonus}`;
}

/** /players listing `invites` and the open invitations left; every button held while `busy`. */
export function expectPlayersScreen(invites: readonly Invite[], busy: boolean): void {
  expect(window.location.pathname).toBe(PLAYERS_PATH);
  expect(screen.getByRole('heading', { level: 1, name: PLAYERS_HEADING }).textContent).toBe(
    headingFor(invites.length),
  );
  const open = Array.from(
    { length: Math.max(0, INVITES_PER_PLAYER - invites.length) },
    () => 'Open invitationInvite',
  );
  const rows = within(playersList()).queryAllByRole('listitem');
  expect(rows.map((row) => row.textContent)).toEqual([...invites.map(rowText), ...open]);
  const buttons = screen.getAllByRole('button', { name: /^Invite/ });
  expect(buttons.map((button) => (button as HTMLButtonElement).disabled)).toEqual(
    buttons.map(() => busy),
  );
  // The bar leaves out the screen's own tab and Tell Us More.
  const links = within(tabBar() ?? document.body).queryAllByRole('link');
  expect(links.map((link) => link.textContent)).toEqual(['WINNINGS', 'Home']);
}

type Check = (snapshot: PlayersSnapshot, app: PlayersApp) => void;

/** No toast but those the walk's steps showed. */
const onlyExpectedToasts = (app: PlayersApp) => expect(app.toasts).toEqual(app.expectedToasts);

/** /players listing the state's codes, held while `call` is under way (null: settled). */
const listed =
  (call: PlayersCallName | null): Check =>
  ({ context }, app) => {
    expectPlayersScreen(context.invites, call !== null);
    if (call) expect(app.api.isWaiting(call)).toBe(true);
    expectLinkToCopy(context.linkCode, context.copyRefused, call !== null);
    onlyExpectedToasts(app);
  };

/**
 * Without a share sheet, the link of the code last invited with, selectable, with 'Copy link'
 * (held while busy) and, once the clipboard refused it, a note to copy it by hand.
 */
function expectLinkToCopy(code: string | null, refused: boolean, busy: boolean): void {
  const field = screen.queryByRole('textbox', { name: 'Send this link to a friend' });
  if (code === null) {
    expect(field).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    return;
  }
  expect((field as HTMLInputElement | null)?.value).toBe(linkOf(code));
  expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Copy link' }).disabled).toBe(busy);
  const note = screen.queryByText(/select the link above and copy it/);
  expect(note !== null).toBe(refused);
}

export const playersStates: Record<string, Check> = {
  // Another screen is on display (the walk's /home): nothing of the players screen shows.
  away: (_, app) => {
    expect(window.location.pathname).toBe(HOME_PATH);
    expect(screen.queryByRole('heading', { name: PLAYERS_HEADING })).toBeNull();
    onlyExpectedToasts(app);
  },
  // The codes load: the last list the screen had shows, held.
  'shown.loading': listed('listInvites'),
  'shown.ready': listed(null),
  // A new code is asked for: nothing can be tapped until it comes.
  'shown.creatingInvite': listed('createInvite'),
  // The clipboard is asked to take the link.
  'shown.copying': (snapshot, app) => {
    listed('copy')(snapshot, app);
    expect(app.api.callsOf('copy').at(-1)).toBe(linkOf(snapshot.context.linkCode));
  },
  // What players are and how the bonus works, with the way back to /players.
  tutorial: (_, app) => {
    expect(window.location.pathname).toBe(PLAYERS_TUTORIAL_PATH);
    screen.getByRole('heading', { level: 1, name: /^Pick your own players/ });
    screen.getByText(/an invitee win of \$500 gives you \$100/);
    screen.getByRole('link', { name: 'Go to Players' });
    expect(screen.queryByRole('heading', { name: PLAYERS_HEADING })).toBeNull();
    onlyExpectedToasts(app);
  },
  // The share sheet is up with the link to the starting page carrying the code.
  'shown.sharing': (snapshot, app) => {
    listed('share')(snapshot, app);
    expect(app.api.callsOf('share').at(-1)).toEqual({
      url: linkOf(snapshot.context.sharingCode),
      text: 'Join me on BLACK BUTTON',
    });
  },
};
