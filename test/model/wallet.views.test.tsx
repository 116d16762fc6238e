// The wallet's rules the generated walk reaches another way: the arrow on the last slide, and a
// visit after the instructions were seen on an earlier visit (device flag or session).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WALLET_SLIDE_COUNT } from '../../machines/wallet/wallet.machine';

const LAST_WALLET_SLIDE_INDEX = WALLET_SLIDE_COUNT - 1;
import { WALLET_SLIDES } from '../../src/features/wallet/slides';
import { walletAnswer } from './helpers/wallet-fake-api';
import { renderWallet } from './helpers/wallet-harness';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('wallet pages', () => {
  it('leaves the last slide for /wallet-token with the arrow and remembers it', async () => {
    const app = await renderWallet({ path: '/wallet' });
    await heading(WALLET_SLIDES[0]?.title ?? '');
    for (let i = 0; i < LAST_WALLET_SLIDE_INDEX; i++) {
      await app.user.click(screen.getByRole('button', { name: 'Next' }));
    }
    await heading(WALLET_SLIDES[LAST_WALLET_SLIDE_INDEX]?.title ?? '');
    expect(window.location.pathname).toBe('/wallet');
    await app.user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Your Wallet');
    expect(window.location.pathname).toBe('/wallet-token');
    expect(window.localStorage.getItem('walletInstruction')).toBe('true');
    expect(app.hasSeenInstructionsInSession()).toBe(true);
    // One load: the app arriving where the wallet moved is not the player opening the page.
    await waitFor(() => expect(app.api.callsOf('wallet')).toHaveLength(1));
  });

  it('sends /wallet straight to /wallet-token when the device flag is set', async () => {
    window.localStorage.setItem('walletInstruction', 'true');
    const entriesInHistory = window.history.length;
    const app = await renderWallet({ path: '/wallet' });
    await heading('Your Wallet');
    expect(window.location.pathname).toBe('/wallet-token');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    // Replaced, not pushed: Back does not return to the slides.
    expect(window.history.length).toBe(entriesInHistory);
    app.api.resolve('wallet', walletAnswer(2, 0));
    await screen.findByLabelText('You hold 2 tickets');
    screen.getByText("You have 0 entries in today's draw.");
  });

  it('sends /wallet straight to /wallet-token when the session says they were seen', async () => {
    await renderWallet({ path: '/wallet', seenInSession: true });
    await heading('Your Wallet');
    expect(window.location.pathname).toBe('/wallet-token');
  });
});
