// The first screens built at build time (src/app/prerender-pages.ts) in Chromium: the disclaimer,
// the starting page of an invite link and 'Welcome back' show their content with no JavaScript
// at all; with it, React takes the very same elements over (no hydration error, nothing
// replaced) and they work; and a visit the page does not fit (a signed-in player, a desktop)
// never shows it: the app renders its own screen.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  newPhone,
  newPlayer,
  phoneContext,
  WITH_WORKER,
  pressToWhatILike,
  screenshot,
  signInThroughPhoneLogin,
  withServerAndBrowser,
} from './harness';

const e2e = withServerAndBrowser();

declare global {
  interface Window {
    /** The first screen the parser put into #root (kept by `watchFirstScreen`). */
    firstScreen?: Element;
    /** How #root was as its first screen arrived, before anything could be painted. */
    beforePaint?: { held: boolean; hidden: boolean };
  }
}

/** A phone whose pages remember the first screen they were sent and how it was before a paint. */
async function watchedPhone(
  options: { javaScriptEnabled?: boolean; worker?: boolean } = {},
): Promise<BrowserContext> {
  const context =
    options.javaScriptEnabled === false
      ? await e2e.browser.newContext({
          baseURL: e2e.server.baseUrl,
          viewport: { width: 390, height: 844 },
          deviceScaleFactor: 2,
          isMobile: true,
          hasTouch: true,
          javaScriptEnabled: false,
        })
      : await phoneContext(e2e.browser, e2e.server.baseUrl, options.worker ? WITH_WORKER : {});
  // Given to the browser through the DevTools protocol: it runs before the page's own scripts.
  await context.addInitScript(() => {
    new MutationObserver((_records, watcher) => {
      const screen = document.querySelector('#root > main');
      if (!screen) return;
      watcher.disconnect();
      window.firstScreen = screen;
      // Once the page's own guard has seen the root too (its observer comes after this one), and
      // before the browser can paint (microtasks run first).
      queueMicrotask(() => {
        const root = document.getElementById('root')!;
        window.beforePaint = {
          held: root.inert && root.getAttribute('aria-hidden') === 'true',
          hidden: getComputedStyle(root).visibility === 'hidden',
        };
      });
    }).observe(document, { childList: true, subtree: true });
  });
  return context;
}

/**
 * In the page: counts every loading shape it holds from now on (`shapesCounted`), each once,
 * however briefly it shows. Run before the page's scripts (an init script) or at any moment.
 */
function countShapes(): void {
  const seen = new Set<Element>();
  (window as unknown as { shapes: Set<Element> }).shapes = seen;
  new MutationObserver(() => {
    for (const shape of document.querySelectorAll('.loading')) seen.add(shape);
  }).observe(document, { childList: true, subtree: true });
}

/** How many loading shapes the page has held since `countShapes` ran. */
const shapesCounted = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { shapes: Set<Element> }).shapes.size);

/** Every error the page logs or throws (a hydration mismatch is one). */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The screen on display is still the element the server sent: React took it over. */
const screenTakenOver = (page: Page) =>
  page.evaluate(() => document.querySelector('#root > main') === window.firstScreen);

/** React has taken the page over: the root is no longer held still. */
const takenOver = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && !root.inert && !root.hasAttribute('aria-hidden');
  });

describe('the first screens without JavaScript', () => {
  it('shows the disclaimer, the slides of an invite link and Welcome back as they are', async () => {
    const context = await watchedPhone({ javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto('/disclaimer');
    await page.getByRole('heading', { name: 'Disclaimer' }).waitFor();
    await page.getByText('BLACK BUTTON is a free sweepstakes', { exact: false }).waitFor();
    await page.getByRole('checkbox').waitFor();
    expect(await page.getByRole('button', { name: 'SUBMIT' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Official Rules' }).waitFor();
    await screenshot(page, 'prerendered-disclaimer-no-js');

    await page.goto(`/?code=${e2e.server.starterInviteCode}`);
    await page.getByRole('heading', { name: 'Win what you like' }).waitFor();
    await page.getByRole('article', { name: '1 of 7' }).waitFor();
    await page.getByRole('button', { name: 'Skip' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).waitFor();
    await screenshot(page, 'prerendered-starting-page-no-js');

    await page.goto('/phone-login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByRole('textbox', { name: 'Mobile number' }).waitFor();
    await page.getByText('We will text a 4-digit code to this number.').waitFor();
    await screenshot(page, 'prerendered-phone-login-no-js');
    await context.close();
  });
});

describe('React taking a first screen over', () => {
  it('hydrates the disclaimer, which then takes the tick and SUBMIT', async () => {
    const context = await watchedPhone();
    const page = await context.newPage();
    const errors = errorsOf(page);
    await page.goto('/disclaimer');
    await takenOver(page);
    expect(await page.evaluate(() => window.beforePaint)).toEqual({ held: true, hidden: false });
    expect(await screenTakenOver(page)).toBe(true);
    await page.getByRole('checkbox').tap();
    await page.getByRole('button', { name: 'SUBMIT' }).tap();
    await page.waitForURL('**/invite-code');
    await page.getByText('Enter Invitation Code').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrates the slides of an invite link, whose arrow then moves them on', async () => {
    const context = await watchedPhone();
    const page = await context.newPage();
    const errors = errorsOf(page);
    await page.goto(`/?code=${e2e.server.starterInviteCode}`);
    await takenOver(page);
    expect(await screenTakenOver(page)).toBe(true);
    await page.getByRole('button', { name: 'Next' }).tap();
    await page.getByRole('article', { name: '2 of 7' }).waitFor();
    expect(new URL(page.url()).search).toBe(`?code=${e2e.server.starterInviteCode}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrates Welcome back, which then takes a number', async () => {
    const context = await watchedPhone();
    const page = await context.newPage();
    const errors = errorsOf(page);
    await page.goto('/phone-login');
    await takenOver(page);
    expect(await screenTakenOver(page)).toBe(true);
    await page.getByRole('textbox').fill('4155550123');
    await page.getByRole('button', { name: 'Get my code' }).waitFor();
    expect(await page.getByRole('textbox').inputValue()).toBe('(415) 555-0123');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a first screen offline', () => {
  it('is answered by the service worker with its built page, which hydrates as online', async () => {
    const context = await watchedPhone({ worker: true });
    const page = await context.newPage();
    const errors = errorsOf(page);
    await page.goto('/disclaimer');
    await takenOver(page);
    // The worker registers from a built page too (the app starts after its paint).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset.prerendered)).toBe(
      'disclaimer',
    );
    await takenOver(page);
    expect(await screenTakenOver(page)).toBe(true);
    await page.getByRole('checkbox').tap();
    expect(await page.getByRole('button', { name: 'SUBMIT' }).isEnabled()).toBe(true);
    // Offline, the app's calls fail (the browser says so); nothing else may.
    expect(errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });
});

describe('a visit the built page does not fit', () => {
  it('takes a signed-in player opening /disclaimer to their screen, the disclaimer never shown', async () => {
    const context = await watchedPhone();
    const page = await context.newPage();
    await signInThroughPhoneLogin(page, e2e.server, newPhone());
    await page.getByRole('button', { name: /Enter To Win/ }).waitFor();

    const errors = errorsOf(page);
    await page.goto('/disclaimer');
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: /Enter To Win/ }).waitFor();
    // The built disclaimer was hidden before it could be painted, then replaced by the app.
    expect(await page.evaluate(() => window.beforePaint)).toEqual({ held: false, hidden: true });
    expect(await page.getByRole('heading', { name: 'Disclaimer' }).count()).toBe(0);
    expect(
      await page.evaluate(() => getComputedStyle(document.getElementById('root')!).visibility),
    ).toBe('visible');
    expect(errors).toEqual([]);
    await screenshot(page, 'prerendered-disclaimer-signed-in');
    await context.close();
  });

  it('renders the disclaimer afresh on a desktop, where there is no box to tick', async () => {
    const context = await e2e.browser.newContext({
      baseURL: e2e.server.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const errors = errorsOf(page);
    await page.goto('/disclaimer');
    await page.getByRole('heading', { name: 'Disclaimer' }).waitFor();
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await page.getByRole('button', { name: 'SUBMIT' }).click();
    await page.waitForURL('**/invite-code');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a signed-in address's page", () => {
  it('shows the shape of its screen while the app’s code is on its way, then the screen alone', async () => {
    const { context, page } = await newPlayer(e2e.browser, e2e.server);

    // A slow network: the app's code is held until the page has been looked at.
    let letThrough: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    const errors = errorsOf(page);
    await page.reload({ waitUntil: 'commit' });
    const shape = page.locator('#root > main[aria-busy="true"] .loading--home');
    await shape.waitFor();
    expect(await shape.isVisible()).toBe(true);
    // It fades in once the wait is long enough to notice (loading.css).
    await page.waitForFunction(
      () => getComputedStyle(document.querySelector('.loading--home')!).opacity === '1',
    );
    await screenshot(page, 'signed-in-page-loading');

    letThrough();
    await page.getByRole('button', { name: /Enter To Win/ }).waitFor();
    expect(await page.locator('.loading').count()).toBe(0);
    expect(await page.locator('#root main').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes from that shape to the screen with no shape of a screen’s code between', async () => {
    const { context, page } = await newPlayer(e2e.browser, e2e.server);
    // Every loading shape the page ever held, the one in its HTML among them.
    await context.addInitScript(countShapes);
    const screens = [
      ['/home', page.getByRole('button', { name: /Enter To Win/ })],
      ['/questionnaire', page.getByText("The More You Tell Us, The More You'll Win")],
      ['/winnings', page.getByText(/Nothing here yet/)],
    ] as const;
    const shapesShown: Record<string, number> = {};
    for (const [path, screen] of screens) {
      await page.goto(path);
      await screen.waitFor();
      shapesShown[path] = await shapesCounted(page);
    }
    // The page's own, then the app's while the signed-in flows start; never one more while a
    // screen's code arrives (React keeps such a shape up for 300 ms at least).
    expect(shapesShown).toEqual({ '/home': 2, '/questionnaire': 2, '/winnings': 2 });

    await context.close();
  });

  it('reaches What I Like from a press with no shape between: its code came meanwhile', async () => {
    const { context, page } = await newPlayer(e2e.browser, e2e.server);
    // Every loading shape from here on.
    await page.evaluate(countShapes);
    await pressToWhatILike(page);
    expect(await shapesCounted(page)).toBe(0);
    await context.close();
  });

  it('opens WINNINGS from its tab with no shape between: its code loads as the finger lands', async () => {
    const { context, page } = await newPlayer(e2e.browser, e2e.server);
    await pressToWhatILike(page);
    // /home afresh, the player entered: the countdown and the tab bar, the drawer's code not
    // loaded (the page preloads /home's own).
    await page.goto('/home');
    const tab = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'WINNINGS' });
    await tab.waitFor();
    await page.evaluate(countShapes);
    const box = (await tab.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const asked = page.waitForRequest(/\/assets\/WinningsDrawer-[\w-]+\.js$/, { timeout: 10_000 });
    await page.mouse.down();
    // Asked for while the pointer is down, and in (with what it imports) before it lifts.
    await (await asked).response();
    await page.waitForLoadState('networkidle');
    await page.mouse.up();
    await page.getByText(/Nothing here yet/).waitFor();
    expect(await shapesCounted(page)).toBe(0);
    await context.close();
  });
});
