// The look of one screen, held still: in the light and the dark theme, with motion reduced, axe
// runs over it and it is photographed at three phone widths, each picture held against its
// baseline. The page's clock stands still meanwhile (a toast, a countdown, a timed screen stay
// as they were), and what differs from run to run (a countdown, a code, a date) is covered or
// left out, so that only a change of look changes a picture.
import type { Locator, Page } from 'playwright-core';
import { axeFindings, type AxeFinding, type Theme } from './axe';
import { compareWithBaseline } from './screenshots';

/** Small, common and large phones, in CSS pixels. */
export const WIDTHS = [360, 390, 430] as const;
/** A tall phone's screen (the harness's phone is 390x844). */
export const PHONE_HEIGHT = 844;
/** The width axe runs at, and the phone's width between screens. */
const HOME_WIDTH = 390;
export const THEMES: readonly Theme[] = ['light', 'dark'];

/** Marks, for the pictures alone, what they leave out: axe still reads it. */
const LEFT_OUT = 'data-look-left-out';
const LEFT_OUT_STYLE = `[${LEFT_OUT}] { visibility: hidden !important; }`;

export type Still = {
  /** What differs run to run and keeps its size (a code of fixed length): covered by a box. */
  mask?: Locator[];
  /** What differs run to run in size too (a date, a countdown): left out of the pictures. */
  leaveOut?: Locator[];
};

/**
 * A tour of the screens on one page: each looked at once, every problem kept until the end so
 * that one run tells them all. The page's clock must be installed (`context.clock.install()`).
 */
export class LookTour {
  readonly findings: AxeFinding[] = [];
  readonly differences: string[] = [];
  readonly screens: string[] = [];
  private clockStopped = false;

  constructor(private readonly page: Page) {}

  /** Checks and photographs the screen on the page now as `screen` (a file-name-safe name). */
  async look(screen: string, still: Still = {}): Promise<void> {
    if (this.screens.includes(screen)) throw new Error(`screen ${screen} is looked at twice`);
    this.screens.push(screen);
    const { page } = this;
    const stoppedHere = !this.clockStopped;
    if (stoppedHere) await this.stopClock();
    await liftFinger(page);
    await settled(page);
    const leftOut = still.leaveOut ?? [];
    for (const part of leftOut) {
      await part.evaluateAll((elements, name) => {
        for (const element of elements) element.setAttribute(name, '');
      }, LEFT_OUT);
    }
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
      await resize(page, HOME_WIDTH);
      const applied = await page.evaluate(() =>
        matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
      );
      if (applied !== theme) throw new Error(`${screen}: the page is in the ${applied} theme`);
      this.findings.push(...(await axeFindings(page, screen, theme)));
      for (const width of WIDTHS) {
        await resize(page, width);
        const shot = await page.screenshot({
          animations: 'disabled',
          caret: 'hide',
          scale: 'css',
          mask: still.mask ?? [],
          style: LEFT_OUT_STYLE,
        });
        const difference = compareWithBaseline(`${screen}-${width}-${theme}`, shot);
        if (difference) this.differences.push(difference);
      }
    }
    for (const part of leftOut) {
      await part.evaluateAll((elements, name) => {
        for (const element of elements) element.removeAttribute(name);
      }, LEFT_OUT);
    }
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    await resize(page, HOME_WIDTH);
    if (stoppedHere) await this.runClock();
  }

  /**
   * Stops the page's clock where it is: a timed screen (the ticket, 'You're Entered To Win', a
   * reward, 'YOU WON!') or a toast stays until the clock runs again. A step ahead: the clock
   * runs on while the test asks, so a step already behind it is tried again further on.
   */
  async stopClock(): Promise<void> {
    for (let ahead = 50; ; ahead *= 2) {
      const now = await this.page.evaluate(() => Date.now());
      try {
        await this.page.clock.pauseAt(now + ahead);
        this.clockStopped = true;
        return;
      } catch (error) {
        if (ahead > 10_000 || !String(error).includes('to the past')) throw error;
      }
    }
  }

  /** The page's clock runs again, as the real one. */
  async runClock(): Promise<void> {
    await this.page.clock.resume();
    this.clockStopped = false;
  }

  /** With the clock stopped: moves it on in small steps until `target` shows. */
  async stepClockUntil(target: Locator, guardMs = 10_000): Promise<void> {
    for (let spent = 0; !(await target.isVisible()); spent += 50) {
      if (spent > guardMs) throw new Error(`not on screen after ${guardMs} ms of the page's clock`);
      await this.page.clock.runFor(50);
    }
  }
}

/**
 * No control left hovered or pressed by the last tap: a phone's browser keeps the hover on what
 * was tapped until the next touch, and the press for a moment after it, so a picture would show
 * either or not depending on the moment. The pointer leaves the page, and the press is waited
 * out (the browser's own timer, not the page's clock).
 */
async function liftFinger(page: Page): Promise<void> {
  await page.mouse.move(-1, -1);
  for (let waited = 0; await page.evaluate(() => document.querySelector(':active') !== null);) {
    if (waited > 2_000) throw new Error('a control is still pressed 2 s after the last tap');
    await new Promise((resolve) => setTimeout(resolve, 25));
    waited += 25;
  }
}

/** The page at `width`, laid out again (the app's own resize listeners included). */
async function resize(page: Page, width: number): Promise<void> {
  const size = page.viewportSize();
  if (size?.width === width && size.height === PHONE_HEIGHT) return;
  await page.setViewportSize({ width, height: PHONE_HEIGHT });
  await settled(page);
}

/**
 * The screen as it will stay: fonts in, the pictures on screen loaded and decoded, transitions
 * under way ended (a toast sliding in), and the work a resize or a theme started done.
 * Message-channel turns, not frames or timers: the page's clock is stopped, and its animation
 * frames with it.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const turn = () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    await document.fonts.ready;
    // Every picture on screen loaded (or failed) and decoded; one below the fold may wait for a
    // scroll that never comes.
    const onScreen = (image: HTMLImageElement) => {
      const box = image.getBoundingClientRect();
      return box.bottom > 0 && box.top < window.innerHeight && box.width > 0;
    };
    const loaded = (image: HTMLImageElement) =>
      image.complete
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            image.addEventListener('load', () => resolve(), { once: true });
            image.addEventListener('error', () => resolve(), { once: true });
          });
    await Promise.all(
      Array.from(document.images)
        .filter((image) => image.complete || onScreen(image))
        .map(async (image) => {
          await loaded(image);
          if (image.naturalWidth > 0) await image.decode().catch(() => undefined);
        }),
    );
    // A spinner or a shimmer runs for ever: only what ends is waited for.
    const ending = document
      .getAnimations()
      .filter(
        (animation) =>
          animation.playState === 'running' &&
          Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity),
      );
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
    for (let i = 0; i < 3; i += 1) await turn();
  });
}
