// The look of every screen, as a player meets them on one phone: signed out (the install
// guides, the legal pages, the disclaimer, the invite code, the sign-in), the sign-up from an
// invite link, then signed in (the black button, the wallet, the press, What I Like and its
// questions, the rewards, the countdown, a won draw and its prize, the WINNINGS drawer and its
// questions, Contact Us, a draw's record, the players). Each screen, in the light and the dark
// theme, passes axe (WCAG 2.1 AA and best practices) and looks as its baselines do at 360, 390
// and 430 px wide. Real server, real embedded database, real Chromium.
//
// After a change of look that is meant to stay, write the baselines again and look at them
// before committing them:
//   node_modules/.bin/vite build --outDir /tmp/client --emptyOutDir
//   UPDATE_BASELINES=1 CLIENT_DIR=/tmp/client node_modules/.bin/vitest run --project=e2e \
//     test/e2e/look.test.ts
// A failing comparison leaves what the screen showed and where it differs in
// test-results/e2e/look/.
import { rmSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ops, questionReady, swipe, type RunningServer } from './harness';
import { RESULTS_DIR } from './look/screenshots';
import { itHoldsEveryScreen, lookTour } from './look/setup';
import type { LookTour } from './look/tour';

/**
 * The player's number is the same from run to run (each run has a database of its own), so
 * that the screens showing it look the same.
 */
const PHONE = '4152345601';

const look = lookTour({ FEATURE_PLAYERS: 'on' }, 'corner-grill-coupon');
let server: RunningServer;
let page: Page;
let tour: LookTour;

beforeAll(() => {
  rmSync(RESULTS_DIR, { recursive: true, force: true });
  ({ server, page, tour } = look);
});

describe('the look of every screen', () => {
  it('tours the screens of a visitor', async () => {
    // The install guides first: leaving one clears the flag that shows it instead of the app.
    await page.goto('/install?device=android');
    const continueInBrowser = page.getByRole('button', { name: 'Continue in browser' });
    await continueInBrowser.waitFor();
    await tour.look('install-android');
    await page.goto('/install?device=ios');
    await continueInBrowser.waitFor();
    await tour.look('install-ios');
    await continueInBrowser.tap();

    await page.goto('/terms-and-conditions');
    await page.locator('#our-services').waitFor({ state: 'attached' });
    await tour.look('terms');
    await page.goto('/privacy-policy');
    await page.locator('#data-review').waitFor({ state: 'attached' });
    await tour.look('privacy');
    await page.goto('/rules');
    await page.locator('#eligibility').waitFor({ state: 'attached' });
    await tour.look('rules');

    await page.goto('/phone-login');
    await page.getByText('Welcome back').waitFor();
    await page.getByRole('textbox').fill(PHONE);
    await page.getByRole('button', { name: 'Get my code' }).waitFor();
    await tour.look('phone-login');

    await page.goto('/disclaimer');
    await page.getByRole('heading', { name: 'Disclaimer' }).waitFor();
    await tour.look('disclaimer');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'SUBMIT' }).tap();
    await page.waitForURL('**/invite-code');
    await page.getByText('Enter Invitation Code').waitFor();
    await page.getByRole('textbox').fill('NOPE-NOPE');
    await page.getByRole('button', { name: 'Submit' }).tap();
    await page.getByText('Invalid Code').waitFor();
    await tour.look('invite-code-invalid');
  });

  it('tours the sign-up from an invite link', async () => {
    const code = (await ops(server, 'invite', 'create', '--uses', '5')).trim().split('\n').pop()!;
    await page.goto(`/?code=${code.trim()}`);
    await page.getByRole('button', { name: 'Skip' }).waitFor();
    await page.getByRole('article', { name: '1 of 7' }).waitFor();
    await tour.look('start-slides');
    await page.getByRole('button', { name: 'Skip' }).tap();
    await page.getByText('Welcome to BLACK BUTTON').waitFor();
    await tour.look('start-welcome');

    // The ticket shows for 2.5 s: held while it is looked at.
    await tour.stopClock();
    await page.getByRole('button', { name: 'ENTER' }).tap();
    // Its picture in, no longer blurred.
    await tour.stepClockUntil(page.getByRole('main').and(page.locator('[aria-busy="false"]')));
    await page.getByRole('img', { name: 'A lottery ticket for the daily drawing' }).waitFor();
    await tour.look('ticket-reveal');
    await tour.runClock();
    await page.getByText('You also just received one entry ticket', { exact: false }).waitFor();
    await tour.look('ticket-received');

    await page.getByRole('button', { name: 'Continue' }).tap();
    await page.waitForURL('**/onboarding**');
    await page.getByText('Verify Your Mobile Number').waitFor();
    await page.getByRole('textbox').fill(PHONE);
    await tour.look('onboarding');
    await page.getByRole('button', { name: 'Enter' }).tap();

    await page.waitForURL('**/login');
    await page.getByText('Enter Verification Code').waitFor();
    // The code, handed back by a server that sends no texts, shows in a toast.
    const shown = page.getByText(/^\d{4}$/).first();
    await shown.waitFor();
    await tour.look('verification-code', { mask: [shown] });
    const otp = (await shown.textContent())!.trim();
    await page.locator('input[inputmode="numeric"]').first().tap();
    await page.keyboard.type(otp, { delay: 40 });
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: /Enter To Win/ }).waitFor();
    await page.getByText('Welcome to BLACK BUTTON').waitFor();
    // With the toast that says the code was right (2 s), held while it is looked at once the
    // code's toast has made way for it; the next screen is looked at once it is gone.
    await shown.waitFor({ state: 'detached' });
    const validated = page.getByText('Validation Succesful');
    await validated.waitFor();
    await tour.look('home-button');
    await validated.waitFor({ state: 'detached' });
  });

  it('tours the screens of a player', async () => {
    // The wallet: its instructions the first time, then the tickets.
    await page.getByRole('link', { name: 'Wallet' }).tap();
    await page.waitForURL('**/wallet');
    const slides = page.getByTestId('instruction-slides-track');
    await slides.waitFor();
    await tour.look('wallet-slides');
    await swipe(page, slides, 0, -200);
    await page.waitForURL('**/wallet-token');
    await page.getByLabel('You hold 1 ticket').waitFor();
    await tour.look('wallet-tickets');
    await page.goBack();
    await page.waitForURL('**/home');

    // The press: 'You're Entered To Win' shows for 1.5 s, held while it is looked at.
    const button = page.getByRole('button', { name: /Enter To Win/ });
    await button.waitFor();
    await tour.stopClock();
    await button.tap();
    const entered = page.getByText("You're Entered To Win").first();
    await tour.stepClockUntil(entered);
    await tour.look('youve-entered');
    await tour.runClock();

    await page.waitForURL('**/what-i-like', { timeout: 10_000 });
    await page
      .getByText('Your first answers also win you a random prize', { exact: false })
      .waitFor();
    await tour.look('what-i-like');
    await page.getByRole('button', { name: 'What I Like' }).tap();
    await page.waitForURL('**/disclosure');
    await page.getByRole('heading', { name: 'Before you start' }).waitFor();
    await tour.look('disclosure');
    await page.getByRole('button', { name: "Got it, let's go" }).tap();
    await page.waitForURL('**/questionnaire');
    await page.getByText("The More You Tell Us, The More You'll Win").waitFor();
    await tour.look('questionnaire-tutorial');
    await swipe(page, page.getByTestId('question-card'), 160);
    await questionReady(page, 1);
    await tour.look('questionnaire-card');
    for (let n = 1; n < 5; n += 1) {
      await questionReady(page, n);
      await page.getByRole('button', { name: n % 2 ? 'Yes' : 'No', exact: true }).tap();
    }
    await questionReady(page, 5);

    // The rewards: the tickets for the answers (1.7 s) and the batch's coupon (3 s), each held
    // a second in, when it can be tapped past. The server lists the two in either order: each
    // is named by what it is, and its place ('1 of 2') left out.
    await tour.stopClock();
    await page.getByRole('button', { name: 'Yes', exact: true }).tap();
    const card = page.locator('.rewards__card');
    const place = page.getByText(/^\d of \d$/i);
    const lookAtReward = async () => {
      await page.clock.runFor(1100);
      const text = (await card.textContent()) ?? '';
      await tour.look(/tickets/.test(text) ? 'rewards-tickets' : 'rewards-coupon', {
        leaveOut: [place],
      });
      return text;
    };
    await tour.stepClockUntil(card);
    const first = await lookAtReward();
    await tour.stepClockUntil(card.filter({ hasNotText: first }));
    await lookAtReward();
    await tour.runClock();

    await page.waitForURL('**/home', { timeout: 20_000 });
    const countdown = page.getByRole('timer', { name: 'Time until the next drawing' });
    await countdown.waitFor();
    // The figures that tick for the eye (the timer read out to assistive tech is hidden anyway).
    await tour.look('home-countdown', { leaveOut: [page.locator('.home__countdown')] });
  });

  it('tours a won draw, its prize and the WINNINGS drawer', async () => {
    // The player is the draw's only entrant: closing it, they win, and 'YOU WON!' shows 3 s.
    expect(await ops(server, 'draw', 'close')).toMatch(/Winning entry \d+ \(\$500\)/);
    const won = page.getByRole('dialog', { name: 'YOU WON!' });
    await won.waitFor({ timeout: 10_000 });
    await tour.look('you-won');
    await won.waitFor({ state: 'detached', timeout: 10_000 });
    const notice = page.getByRole('link', { name: 'Claim your $500 prize' });
    await notice.waitFor();
    await page.getByRole('button', { name: /Enter To Win/ }).waitFor();
    await tour.look('home-claim-notice');

    await notice.tap();
    await page.waitForURL('**/grandPrize');
    await page.getByRole('heading', { name: 'You won $500' }).waitFor();
    await tour.look('grand-prize');
    await page.getByRole('button', { name: 'Claim with PayPal' }).tap();
    await page.getByLabel('PayPal e-mail').fill('winner@example.com');
    await tour.look('grand-prize-paypal');

    await page.goto('/winnings');
    await page.locator('[data-panel="open"]').waitFor();
    const drawer = page.getByTestId('winnings-drawer');
    await drawer.getByRole('button', { name: /You won \$500/ }).waitFor();
    // The day a draw closed is today's: left out, on the drawer and under its dialogs.
    const drawDay = { leaveOut: [drawer.getByText(/^Draw \d+, /)] };
    await drawDay.leaveOut[0]!.waitFor();
    await tour.look('winnings', drawDay);

    await drawer
      .getByRole('button', { name: /\$5 coupon/ })
      .first()
      .tap();
    const claim = page.getByRole('dialog', { name: 'Claim coupon' });
    await claim.getByRole('button', { name: 'Claim' }).waitFor();
    await tour.look('winnings-coupon', drawDay);
    await claim.getByRole('button', { name: 'Claim' }).tap();
    const coupon = page.getByRole('dialog', { name: 'Your coupon' });
    await page.getByTestId('coupon-message').waitFor();
    await tour.look('winnings-coupon-claimed', drawDay);
    await coupon.getByRole('button', { name: 'Close' }).tap();
    await coupon.waitFor({ state: 'detached' });

    await drawer.getByRole('button', { name: 'Logout' }).tap();
    const logout = page.getByRole('dialog', { name: 'Logout' });
    await logout.getByText('Are you sure you want to logout?').waitFor();
    await tour.look('winnings-logout', drawDay);
    await logout.getByRole('button', { name: 'Delete Account' }).tap();
    const deletion = page.getByRole('dialog', { name: 'Delete Account' });
    await deletion.getByRole('button', { name: 'Delete my account' }).waitFor();
    await tour.look('winnings-delete-account', drawDay);
    await deletion.getByRole('button', { name: 'Cancel' }).tap();
    await deletion.waitFor({ state: 'detached' });

    await drawer.getByRole('button', { name: 'Contact Us' }).tap();
    await page.waitForURL('**/form/has-problem');
    await page.getByRole('button', { name: 'Submit' }).tap();
    await page.getByText('Subject is required').waitFor();
    await tour.look('contact-us');

    // The won draw's record, from the drawer.
    await page.goto('/winnings');
    await page.locator('[data-panel="open"]').waitFor();
    await drawer.getByRole('link', { name: /^Draw \d+,/ }).tap();
    await page.waitForURL('**/draws/*');
    await page.getByRole('heading', { name: 'Verified on this phone' }).waitFor();
    await tour.look('draw-record', {
      mask: [page.getByTestId('draw-commitment'), page.getByTestId('draw-seed')],
    });
  });

  it('tours the players and their tutorial', async () => {
    await page.goto('/players');
    await page.getByRole('region', { name: 'Your Players' }).waitFor();
    // The buttons are off while the invitations load: the screen at rest has them on.
    await page.locator('button:enabled', { hasText: 'Invite friends' }).waitFor();
    await tour.look('players');
    await page.getByRole('link', { name: 'How players work' }).tap();
    await page.waitForURL('**/players-tutorial');
    await page.getByText('an invitee win of $500 gives you $100', { exact: false }).waitFor();
    await tour.look('players-tutorial');
  });

  itHoldsEveryScreen(look);
});
