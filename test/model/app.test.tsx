import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setDevice } from './helpers/device';
import {
  goTo,
  idleDrawApi,
  PLAYER,
  renderApp,
  SERVER_CONFIG,
  settle,
  storeSignedInSession,
  tabBar,
} from './helpers/app-harness';

const path = () => window.location.pathname;

describe('route tables', () => {
  it.each(['/home', '/players', '/somewhere/else', '/questionnaire'])(
    'sends a signed-out visitor from %s to /',
    async (start) => {
      renderApp({ path: start });
      await waitFor(() => expect(path()).toBe('/'));
      expect(screen.queryByRole('button', { name: /Enter To Win/ })).toBeNull();
      expect(tabBar()).toBeNull();
    },
  );

  it.each([
    '/disclaimer',
    '/invite-code',
    '/onboarding?invite_code=FRIEND1',
    '/phone-login',
    '/privacy-policy',
    '/terms-and-conditions',
    '/rules',
  ])('keeps a signed-out visitor on %s', async (start) => {
    renderApp({ path: start });
    await settle();
    expect(path()).toBe(start.split('?')[0]);
  });

  it('sends a signed-out visitor on /login without a number to /phone-login', async () => {
    renderApp({ path: '/login' });
    await waitFor(() => expect(path()).toBe('/phone-login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeDefined();
  });

  it.each(['/somewhere/else', '/', '/disclaimer', '/login', '/winnings/extra', '/install/extra'])(
    'sends a signed-in player from %s to /home',
    async (start) => {
      storeSignedInSession();
      renderApp({ path: start });
      await waitFor(() => expect(path()).toBe('/home'));
      expect(await screen.findByRole('button', { name: /Enter To Win/ })).toBeDefined();
    },
  );

  it('matches sub-paths of /home', async () => {
    storeSignedInSession();
    renderApp({ path: '/home/anything' });
    await settle();
    expect(path()).toBe('/home/anything');
    expect(screen.getByRole('button', { name: /Enter To Win/ })).toBeDefined();
  });

  it.each(['/privacy-policy', '/terms-and-conditions', '/rules'])(
    'shows %s signed in and signed out, with the operator from the server',
    async (legal) => {
      renderApp({ path: legal });
      await waitFor(() =>
        expect(screen.getAllByText(/Acme Draws, Inc\./).length).toBeGreaterThan(0),
      );
      expect(path()).toBe(legal);
    },
  );
});

describe('/home', () => {
  it("shows the black button with the player's prize and the first-time welcome", async () => {
    storeSignedInSession();
    renderApp({ path: '/home' });
    const button = await screen.findByRole('button', { name: /Enter To Win/ });
    expect(within(button).getByText('$500')).toBeDefined();
    expect(screen.getByText('Welcome to BLACK BUTTON')).toBeDefined();
  });

  it('hides the amount when main_price is 0 and the welcome for a returning player', async () => {
    storeSignedInSession({ user: { ...PLAYER, main_price: 0 }, isFirstTimeUser: false });
    renderApp({ path: '/home' });
    const button = await screen.findByRole('button', { name: /Enter To Win/ });
    expect(button.textContent).toBe('Enter To Win');
    expect(screen.queryByText('Welcome to BLACK BUTTON')).toBeNull();
  });

  it('shows no tab bar while the player may enter the draw', async () => {
    storeSignedInSession();
    renderApp({ path: '/home' });
    await screen.findByRole('button', { name: /Enter To Win/ });
    expect(tabBar()).toBeNull();
  });
});

describe('tab bar', () => {
  /** The timer says the player has questions left (its show_tell_us_more). */
  const questionsLeft = () => idleDrawApi({ show_tell_us_more: true });
  const labels = () =>
    within(tabBar() as HTMLElement)
      .getAllByRole('link')
      .map((link) => link.textContent);

  it('shows WINNINGS, Home, Tell Us More and Players off the home screen', async () => {
    storeSignedInSession();
    renderApp({ path: '/players-tutorial', drawApi: questionsLeft() });
    await waitFor(() => expect(labels()).toEqual(['WINNINGS', 'Home', 'Tell Us More', 'Players']));
  });

  it('leaves Tell Us More out when the feature is off', async () => {
    storeSignedInSession();
    renderApp({
      path: '/players-tutorial',
      config: {
        ...SERVER_CONFIG,
        features: { players: true, tell_us_more: false, final_test: false, demo: false },
      },
      drawApi: questionsLeft(),
    });
    await settle();
    expect(labels()).toEqual(['WINNINGS', 'Home', 'Players']);
  });

  it('leaves Tell Us More out when the timer says no question is left', async () => {
    storeSignedInSession();
    renderApp({ path: '/players-tutorial', drawApi: idleDrawApi({ show_tell_us_more: false }) });
    await settle();
    expect(labels()).toEqual(['WINNINGS', 'Home', 'Players']);
  });

  it('goes to the players page and hides the Players tab there', async () => {
    storeSignedInSession();
    renderApp({ path: '/players-tutorial' });
    await settle();
    await userEvent.click(within(tabBar() as HTMLElement).getByRole('link', { name: 'Players' }));
    expect(path()).toBe('/players');
    expect(within(tabBar() as HTMLElement).queryByRole('link', { name: 'Players' })).toBeNull();
  });

  it('opens the winnings drawer by the WINNINGS tab, which hides there', async () => {
    storeSignedInSession();
    const { winningsApi } = renderApp({ path: '/players-tutorial' });
    winningsApi.holding({});
    await settle();
    await userEvent.click(within(tabBar() as HTMLElement).getByRole('link', { name: 'WINNINGS' }));
    expect(path()).toBe('/winnings');
    expect(await screen.findByRole('heading', { name: 'WINNINGS' })).toBeDefined();
    expect(await screen.findByText(/Nothing here yet/)).toBeDefined();
    expect(within(tabBar() as HTMLElement).queryByRole('link', { name: 'WINNINGS' })).toBeNull();
  });
});

describe('/players', () => {
  it("says 'The Players Feature Will Be Active Soon.' when the feature is off", async () => {
    storeSignedInSession();
    renderApp({
      path: '/players',
      config: {
        ...SERVER_CONFIG,
        features: { players: false, tell_us_more: true, final_test: false, demo: false },
      },
    });
    expect(await screen.findByText('The Players Feature Will Be Active Soon.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Invite friends' })).toBeNull();
  });

  it('is off until the server says otherwise', async () => {
    storeSignedInSession();
    renderApp({ path: '/players', config: null });
    expect(await screen.findByText('The Players Feature Will Be Active Soon.')).toBeDefined();
  });

  it('invites a friend through the share sheet when the feature is on', async () => {
    storeSignedInSession();
    const share = (data: ShareData) => {
      shared.push(data.url ?? '');
      return Promise.resolve();
    };
    const shared: string[] = [];
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const { playersApi } = renderApp({ path: '/players' });
      expect(await screen.findByText(/You have 5 invitations/)).toBeDefined();
      expect(screen.getByText('To pick your own players')).toBeDefined();
      expect(screen.getByRole('heading', { name: 'Your Players' })).toBeDefined();
      await userEvent.click(screen.getByRole('button', { name: 'Invite friends' }));
      expect(await screen.findByText('Invite sent successfully')).toBeDefined();
      expect(playersApi.shared).toEqual([`${window.location.origin}/?code=PLAY1`]);
      expect(await screen.findByText('PLAY1')).toBeDefined();
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it("toasts 'Unsupported browser.' without a share sheet", async () => {
    storeSignedInSession();
    renderApp({ path: '/players' });
    await userEvent.click(await screen.findByRole('button', { name: 'Invite friends' }));
    expect(await screen.findByText('Unsupported browser.')).toBeDefined();
  });

  it('links the tutorial to the players page', async () => {
    storeSignedInSession();
    renderApp({ path: '/players-tutorial' });
    await userEvent.click(await screen.findByRole('link', { name: 'Go to Players' }));
    expect(path()).toBe('/players');
  });
});

describe('install screen', () => {
  it('shows the Android steps by default and keeps the invite code', async () => {
    renderApp({ path: '/install?invite_code=FRIEND1' });
    expect(await screen.findByRole('list', { name: 'Android steps' })).toBeDefined();
    expect(screen.getByText('Install')).toBeDefined();
    await settle();
    expect(window.localStorage.getItem('inviteCode')).toBe('FRIEND1');
    expect(window.localStorage.getItem('showInstall')).toBe('true');
  });

  it('shows the iOS steps for device=ios', async () => {
    renderApp({ path: '/install?device=ios' });
    const steps = await screen.findByRole('list', { name: 'iPhone steps' });
    expect(screen.getByText('Add to Home Page')).toBeDefined();
    expect(screen.getByText('Add')).toBeDefined();
    // Safari's share icon, named for a screen reader (drawn from /images/ios-share.svg).
    expect(within(steps).getByRole('img', { name: 'Share' })).toBeDefined();
  });

  it('replaces the whole app while the flag is set, signed in or not', async () => {
    window.localStorage.setItem('showInstall', 'true');
    storeSignedInSession();
    renderApp({ path: '/home' });
    expect(await screen.findByText('Continue in browser')).toBeDefined();
    expect(screen.queryByRole('button', { name: /Enter To Win/ })).toBeNull();
    await goTo('/players');
    expect(screen.getByText('Continue in browser')).toBeDefined();
  });

  it("'Continue in browser' clears the flag and opens the app", async () => {
    window.localStorage.setItem('showInstall', 'true');
    storeSignedInSession();
    renderApp({ path: '/home' });
    await userEvent.click(await screen.findByText('Continue in browser'));
    expect(window.localStorage.getItem('showInstall')).toBeNull();
    expect(await screen.findByRole('button', { name: /Enter To Win/ })).toBeDefined();
  });

  it('never shows in the installed app, and clears the flag there', async () => {
    window.localStorage.setItem('showInstall', 'true');
    const matchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => ({
      ...matchMedia(query),
      matches: query.includes('display-mode: standalone'),
    });
    try {
      storeSignedInSession();
      renderApp({ path: '/home' });
      expect(await screen.findByRole('button', { name: /Enter To Win/ })).toBeDefined();
      await settle();
      expect(window.localStorage.getItem('showInstall')).toBeNull();
    } finally {
      setDevice('phone');
    }
  });
});

describe('reload', () => {
  it('keeps the session through user-storage and jwt', async () => {
    storeSignedInSession();
    const first = renderApp({ path: '/home' });
    await screen.findByRole('button', { name: /Enter To Win/ });
    first.view.unmount();

    renderApp({ path: '/home' });
    expect(await screen.findByRole('button', { name: /Enter To Win/ })).toBeDefined();
    expect(path()).toBe('/home');
  });

  it('starts signed out from a damaged user-storage', async () => {
    window.localStorage.setItem('user-storage', '{"state": {"isAuthenticated": tru');
    window.localStorage.setItem('jwt', 'stored.jwt.token');
    renderApp({ path: '/home' });
    await waitFor(() => expect(path()).toBe('/'));
  });
});
