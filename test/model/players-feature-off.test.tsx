// The players screen while the operator has the feature off: it says the feature comes soon, and
// the tutorial (what players are, how the bonus works) is still reachable from it, and back.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import {
  renderApp,
  screenLoaded,
  SERVER_CONFIG,
  storeSignedInSession,
} from './helpers/app-harness';

let unmount: (() => void) | null = null;
afterEach(() => {
  unmount?.();
  unmount = null;
});

it('reaches the tutorial from /players while the feature is off, and comes back', async () => {
  storeSignedInSession({ isFirstTimeUser: false, isFirstQuestionnaire: false });
  const rendered = renderApp({
    path: '/players',
    config: { ...SERVER_CONFIG, features: { ...SERVER_CONFIG.features, players: false } },
  });
  unmount = () => rendered.view.unmount();
  const user = userEvent.setup();
  await screen.findByText('The Players Feature Will Be Active Soon.');
  expect(screen.queryByRole('button', { name: 'Invite friends' })).toBeNull();

  await user.click(screen.getByRole('link', { name: 'How players work' }));
  await waitFor(() => expect(window.location.pathname).toBe('/players-tutorial'));
  await screenLoaded();
  await screen.findByRole('heading', { level: 1, name: /^Pick your own players/ });
  screen.getByText(/When a player you invited wins, you get a bonus/);

  await user.click(screen.getByRole('link', { name: 'Go to Players' }));
  await waitFor(() => expect(window.location.pathname).toBe('/players'));
  await screen.findByText('The Players Feature Will Be Active Soon.');
});
