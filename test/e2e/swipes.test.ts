// The swipe cards of the first questionnaire, swiped as players do: with a mouse on a desktop
// browser and with a finger on a phone. Every swipe keeps the spec's rule (sections 5 and 9):
// a mouse must drag more than 100 px, a finger more than 50 px; right is yes, left is no. The
// tutorial card goes on any such swipe, every try, as the question cards do. Real server, real
// embedded database, real Chromium.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot, signedInPhone, withServerAndBrowser } from './harness';

const e2e = withServerAndBrowser();

type Input = 'mouse' | 'touch';

const TUTORIAL = "The More You Tell Us, The More You'll Win";
const HINT = 'Swipe right for Yes, left for No';

/** A phone as the harness makes it (390x844, touch), or a desktop browser with a mouse only. */
const DEVICES = {
  touch: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  },
  mouse: { viewport: { width: 1280, height: 800 } },
} as const;

/**
 * A new player, pressed and past What I Like and the promises, in front of the tutorial card,
 * on a phone (touch) or a desktop browser (mouse): signed in, then on the app's first visit on
 * that device (nothing cached by the service worker yet) over a phone network.
 */
async function playerAtTutorial(input: Input): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({
    ...DEVICES[input],
    baseURL: e2e.server.baseUrl,
    serviceWorkers: 'block',
    ...(await signedInPhone(e2e.server)),
  });
  const page = await context.newPage();
  await page.goto('/home');
  const press = async (name: string | RegExp) => {
    const button = page.getByRole('button', { name, exact: typeof name === 'string' });
    if (input === 'touch') await button.tap();
    else await button.click();
  };
  await press(/Enter To Win/);
  await page.waitForURL('**/what-i-like', { timeout: 10_000 });
  await press('What I Like');
  await page.waitForURL('**/disclosure');
  await slowNetwork(page);
  await press("Got it, let's go");
  await page.waitForURL('**/questionnaire');
  await page.getByText(TUTORIAL).waitFor();
  return { context, page };
}

/** A phone network from here on: the round trip of Chrome DevTools' "Fast 3G" (562.5 ms). */
async function slowNetwork(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/** The middle of the card on screen. */
async function cardCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await page.locator('.question-card').boundingBox();
  if (!box) throw new Error('no card on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A mouse pressed on the card's middle, moved `dx` px sideways in steps, and let go. */
async function drag(page: Page, dx: number): Promise<void> {
  const { x, y } = await cardCentre(page);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 12 });
  await page.mouse.up();
}

/** A finger on the card's middle, moved `dx` px sideways at a finger's pace, and lifted. */
async function swipe(page: Page, dx: number): Promise<void> {
  const { x, y } = await cardCentre(page);
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 10; step += 1) {
      await new Promise((resolve) => setTimeout(resolve, 16));
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x + (dx * step) / 10, y }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

function gesture(input: Input): (page: Page, dx: number) => Promise<void> {
  return input === 'mouse' ? drag : swipe;
}

/** The counter once the card shows and takes answers. */
async function questionShown(page: Page, n: number): Promise<void> {
  await page.getByText(`Question ${n} of 5`).waitFor();
  await page.locator('.question-card__choice--yes:enabled').waitFor();
}

/** The card stands still again where it started (a short drag springs back). */
async function cardAtRest(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const card = document.querySelector<HTMLElement>('.question-card');
    return card !== null && (card.style.transform === '' || card.style.transform === 'none');
  });
}

/**
 * The contrast of the hint's words against what is behind them (WCAG: 4.5 for text), read from
 * the colours the page computed: the text's colour, the first opaque background up the tree.
 */
async function hintContrast(page: Page): Promise<number> {
  return page.getByText(HINT).evaluate((text) => {
    const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [lr, lg, lb] = [r, g, b].map((c) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
    };
    let behind: Element | null = text;
    let background = 'rgb(255, 255, 255)';
    while (behind) {
      const colour = getComputedStyle(behind).backgroundColor;
      const alpha = rgb(colour)[3];
      if (colour !== 'transparent' && alpha !== 0) {
        background = colour;
        break;
      }
      behind = behind.parentElement;
    }
    const [fg, bg] = [luminance(rgb(getComputedStyle(text).color)), luminance(rgb(background))];
    return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
  });
}

describe('the swipe cards take every swipe over the spec thresholds', () => {
  const cases: { input: Input; short: number; long: number }[] = [
    { input: 'mouse', short: 90, long: 175 },
    { input: 'touch', short: 40, long: 200 },
  ];
  for (const { input, short, long } of cases) {
    it(`${input}: the tutorial card and the question cards go on every swipe`, async () => {
      // Two players: each swipes the tutorial the moment it shows, as players do.
      for (let attempt = 1; attempt <= 2; attempt += 1) {
        const { context, page } = await playerAtTutorial(input);
        const move = gesture(input);
        const heading = page.locator('.questionnaire__progress').textContent();
        await move(page, attempt === 1 ? long : -long);
        await questionShown(page, 1);
        expect(await page.getByText(TUTORIAL).count()).toBe(0);
        // The What I Like batch's tutorial was headed 'What I Like'.
        expect(await heading).toBe('What I Like');

        // The first card carries the hint, in words a player can read on it.
        await page.getByText(HINT).waitFor();
        expect(await hintContrast(page)).toBeGreaterThanOrEqual(4.5);
        if (attempt === 1) await screenshot(page, `swipes-${input}-first-card`);

        // A question card: short of the threshold it springs back and stays; over it, right
        // answers and left answers, one card each.
        await move(page, short);
        await cardAtRest(page);
        await move(page, long);
        await questionShown(page, 2);
        expect(await page.getByText(HINT).count()).toBe(0);
        await move(page, -short);
        await cardAtRest(page);
        await move(page, -long);
        await questionShown(page, 3);
        const counter = page.locator('.questionnaire__progress');
        expect(await counter.textContent()).toBe('Question 3 of 5');
        await context.close();
      }
    });
  }

  it('touch: the tutorial springs back from a swipe short of 50 px and goes on a longer one', async () => {
    const { context, page } = await playerAtTutorial('touch');
    await screenshot(page, 'swipes-touch-tutorial');
    await swipe(page, -40);
    await cardAtRest(page);
    expect(await page.getByText(TUTORIAL).count()).toBe(1);
    await swipe(page, -60);
    await questionShown(page, 1);
    await context.close();
  });

  it('mouse: the tutorial springs back from a drag short of 100 px and goes on a longer one', async () => {
    const { context, page } = await playerAtTutorial('mouse');
    await screenshot(page, 'swipes-mouse-tutorial');
    await drag(page, 90);
    await cardAtRest(page);
    expect(await page.getByText(TUTORIAL).count()).toBe(1);
    await drag(page, 110);
    await questionShown(page, 1);
    await context.close();
  });
});
