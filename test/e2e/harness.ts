// End-to-end harness: the real server (built client, API, embedded database) in its own temp
// data dir, and Debian's Chromium driven by playwright-core on a phone-sized touch viewport.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { opsSocketPath } from '../../server/ops/data-dir-lock';
import { withAbsoluteFiles } from '../../server/ops/program';
import { sendOpsCommand } from '../../server/ops/socket';
import { dataDirWithDatabase } from '../support/pglite-template';
import { BUILT } from '../../scripts/build-server.js';
import { LoginResponse, RequestCodeResponse } from '../../contract/api';
import { STORAGE_KEYS } from '../../machines/shared/device';
import {
  INITIAL_PERSISTED_SESSION,
  serializePersistedSession,
  type PersistedSession,
} from '../../machines/session/session.persistence';

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'e2e');

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const SERVER_START_GUARD_MS = 180_000;

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  starterInviteCode: string;
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * An operator command (`npm run ops -- …`) handed to the running server through its ops socket,
 * as the CLI does when the server holds the data dir, without a process of its own (the CLI
 * process itself is tested in test/ops). Resolves to what it printed; rejects on a non-zero exit.
 */
export async function ops(server: RunningServer, ...args: string[]): Promise<string> {
  let out = '';
  let err = '';
  const code = await sendOpsCommand(
    opsSocketPath(server.dataDir),
    withAbsoluteFiles(args, process.cwd()),
    { out: (text) => (out += text), err: (text) => (err += text) },
  );
  if (code !== 0) throw new Error(`ops ${args.join(' ')} exited with ${code}: ${err}${out}`);
  return out;
}

/** Starts the built server as `npm start` does (the client must already be built). */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  // A data dir whose database is a migrated copy (no initdb): the server seeds it as a fresh one.
  const dataDir = dataDirWithDatabase('bb-e2e-');
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', BUILT.server], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const baseUrl = `http://127.0.0.1:${port}`;
  // A hang guard, not a budget: a start takes seconds, minutes on a two-core machine running
  // every lane of `npm test` (and whatever else) at once.
  const deadline = Date.now() + SERVER_START_GUARD_MS;
  let starterInviteCode = '';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline)
      throw new Error(`server not healthy in ${SERVER_START_GUARD_MS / 1000} s:\n${output}`);
    const match = /Starter invite code: (\S+)/.exec(output);
    if (match?.[1]) starterInviteCode = match[1];
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok && starterInviteCode) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    dataDir,
    starterInviteCode,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The Chromium the tests drive: Debian's headless shell (package chromium-headless-shell, the
 * browser's own engine built for headless use, as Playwright runs headless tests) where it is
 * installed, about half the CPU per page of the full browser; Debian's chromium otherwise.
 */
export const CHROMIUM_PATH =
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * A phone: 390x844, touch, mobile user agent, as the players use the app; `options` adds to it
 * (the storage of a phone already used, say).
 *
 * Its pages run without the app's service worker unless `options` lets it in
 * (`serviceWorkers: 'allow'`): a worker installed in a fresh phone precaches every asset, about
 * a CPU-second per phone, which a test of a screen's behaviour does not need. The tests of the
 * worker itself (offline, a new version, the installed app) and of the page's policy let it in.
 */
export async function phoneContext(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    serviceWorkers: 'block',
    ...options,
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  });
}

/** A phone's options that let the app's service worker in (see phoneContext). */
export const WITH_WORKER: BrowserContextOptions = { serviceWorkers: 'allow' };

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

let phoneCounter = 0;
/** A fresh, valid US mobile number for each player a test makes (area code 415, 555 exchange). */
export function newPhone(): { digits: string; withCountry: string } {
  phoneCounter += 1;
  const line = String((Date.now() + phoneCounter * 7919) % 10_000).padStart(4, '0');
  const exchange = 200 + ((process.pid + phoneCounter) % 700);
  const digits = `415${exchange}${line}`;
  return { digits, withCountry: `1${digits}` };
}

/** A player registered with the starter code signs in on /phone-login and lands on /home. */
export async function signInThroughPhoneLogin(
  page: Page,
  server: RunningServer,
  phone: { digits: string; withCountry: string },
): Promise<void> {
  await postJson(server.baseUrl, 'users/registrations', {
    phone_number: phone.withCountry,
    invite_code: server.starterInviteCode,
  });
  await signInWithPhone(page, phone);
}

/** A registered player signs in on /phone-login with the code the server shows, to /home. */
export async function signInWithPhone(
  page: Page,
  phone: { digits: string; withCountry: string },
): Promise<void> {
  await page.goto('/phone-login');
  await page.getByRole('textbox').fill(phone.digits);
  await page.getByRole('button', { name: 'Get my code' }).tap();
  await page.waitForURL('**/login');
  const shown = page.getByText(/^\d{4}$/).first();
  await shown.waitFor();
  const code = (await shown.textContent())!.trim();
  await page.locator('input[inputmode="numeric"]').first().tap();
  await page.keyboard.type(code, { delay: 40 });
  await page.waitForURL('**/home');
}

/**
 * A finger swiping across `target` by `dx` pixels (negative: to the left) and `dy` pixels
 * (negative: up), as the phone's touchscreen sends it: touchstart, a few touchmoves, a rest
 * where it ends, touchend. The finger stops before it lifts, so Chromium starts no fling (it
 * would take the next tap as the finger stopping the fling, not as a tap).
 */
export async function swipe(page: Page, target: Locator, dx: number, dy = 0): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('nothing to swipe: the element is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  // Past the last step the finger rests, trembling by a pixel, as a finger at rest does (a
  // repeated point is no move at all to Chromium, which would read the swipe's last speed).
  const at = (step: number) =>
    step <= 8
      ? { x: x + (dx * step) / 8, y: y + (dy * step) / 8 }
      : { x: x + dx + (step % 2), y: y + dy + (step % 2) };
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    // At a finger's pace: a move every frame, then four frames at rest.
    for (let step = 1; step <= 12; step += 1) {
      await new Promise((resolve) => setTimeout(resolve, 16));
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [at(step)],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** The smallest a control may be for a finger (WCAG 2.5.5, Apple's and Android's guides). */
export const MIN_TAP_TARGET = 44;

/**
 * The visible controls on the page smaller than 44x44 px: buttons, links, `[role=button]` and
 * checkboxes (by the label around them, which takes the tap). Each as `name WxH`.
 */
export async function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], [role="button"], input[type="checkbox"]',
    );
    const small: string[] = [];
    for (const control of controls) {
      const target =
        control instanceof HTMLInputElement ? (control.closest('label') ?? control) : control;
      const style = getComputedStyle(target);
      // The laid-out size, not the drawn one: a button still pressed (`:active` scales it
      // down for a moment) is as big to a finger as at rest.
      const box = { width: target.offsetWidth, height: target.offsetHeight };
      if (style.visibility === 'hidden' || box.width === 0 || box.height === 0) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = (control.getAttribute('aria-label') ?? target.textContent ?? '').trim();
        small.push(`${name.slice(0, 40)} ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return small;
  }, MIN_TAP_TARGET);
}

/** A browser file's server (a data dir of its own) and browser, up before its first test. */
export type ServerAndBrowser = { readonly server: RunningServer; readonly browser: Browser };

/**
 * Starts the file's server (with `env` added to its environment) and browser before its first
 * test and closes them after its last; the object it returns reaches them from the tests and the
 * file's helpers.
 */
export function withServerAndBrowser(env: Record<string, string> = {}): ServerAndBrowser {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const notYet = (what: string) => new Error(`The file's ${what} starts before its first test.`);
  return {
    get server() {
      if (!server) throw notYet('server');
      return server;
    },
    get browser() {
      if (!browser) throw notYet('browser');
      return browser;
    },
  };
}

/**
 * Resolves once the live channel the page opens next has confirmed its subscription, so a draw
 * closed after it reaches the page. Start it before the navigation that opens the channel.
 */
export async function liveChannelConfirmed(page: Page): Promise<void> {
  const socket = await page.waitForEvent('websocket', { timeout: 30_000 });
  await socket.waitForEvent('framereceived', {
    predicate: (frame) => String(frame.payload).includes('confirm_subscription'),
    timeout: 30_000,
  });
}

/** Posts `body` to the API at `path` and answers the parsed JSON, or throws on a non-2xx. */
export async function postJson(baseUrl: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${baseUrl}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`${path} ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

/**
 * What a phone keeps once a new player (`phone`) has signed up with the starter code and signed
 * in, as the app itself writes it after its code screen: the token and the session (`session`
 * changes it: a player who has been here before, say); the rest the app writes as it starts.
 * Signed up and in through the API: the sign-in screens are the subject of the sign-up and
 * sign-in tests, and this saves every other test (and the benchmarks) their pages.
 */
export async function signedInDevice(
  server: RunningServer,
  phone: { withCountry: string } = newPhone(),
  session: Partial<PersistedSession> = {},
): Promise<Record<string, string>> {
  await postJson(server.baseUrl, 'users/registrations', {
    phone_number: phone.withCountry,
    invite_code: server.starterInviteCode,
  });
  const sent = RequestCodeResponse.parse(
    await postJson(server.baseUrl, 'users/request_code', { phone_number: phone.withCountry }),
  );
  if (!sent.otp) throw new Error('the server sent the code by SMS: run without SMS_PROVIDER');
  const login = LoginResponse.parse(
    await postJson(server.baseUrl, 'users/verify_code', {
      phone_number: phone.withCountry,
      code: sent.otp,
    }),
  );
  return {
    [STORAGE_KEYS.jwt]: login.token,
    [STORAGE_KEYS.userStorage]: serializePersistedSession({
      ...INITIAL_PERSISTED_SESSION,
      isAuthenticated: true,
      hasAcceptedTerms: true,
      user: login.user,
      ...session,
    }),
  };
}

/** A phone's options holding `signedInDevice`'s storage: open '/home' in it. */
export async function signedInPhone(
  server: RunningServer,
  phone: { withCountry: string } = newPhone(),
): Promise<BrowserContextOptions> {
  const kept = await signedInDevice(server, phone);
  return {
    storageState: {
      cookies: [],
      origins: [
        {
          origin: server.baseUrl,
          localStorage: Object.entries(kept).map(([name, value]) => ({ name, value })),
        },
      ],
    },
  };
}

/** A new player (`phone`) signed in on a new phone, on /home with the black button. */
export async function newPlayer(
  browser: Browser,
  server: RunningServer,
  phone: { withCountry: string } = newPhone(),
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, server.baseUrl, await signedInPhone(server, phone));
  const page = await context.newPage();
  await page.goto('/home');
  await page.getByRole('button', { name: /Enter To Win/ }).waitFor();
  return { context, page };
}

/** The card on screen is ready for an answer: question `n` of 5, its buttons enabled. */
export async function questionReady(page: Page, n: number): Promise<string> {
  await page.getByText(`Question ${n} of 5`).waitFor();
  await page.locator('.question-card__choice--yes:enabled').waitFor();
  const card = page.getByTestId('question-card');
  await card.waitFor();
  return ((await card.locator('.question-card__prompt').textContent()) ?? '').trim();
}

/** The player's session token, as the app keeps it on the device. */
export async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('jwt')))!;
}

/** Opens /winnings by its address and waits until the drawer is down. */
export async function openDrawerAt(page: Page): Promise<void> {
  await page.goto('/winnings');
  await page.locator('[data-panel="open"]').waitFor();
}

/** Presses the black button: 'You're Entered To Win', then What I Like 1.5 s later. */
export async function pressToWhatILike(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Enter To Win/ }).tap();
  await page.waitForURL('**/youve-entered');
  await page.getByText("You're Entered To Win").first().waitFor();
  await page.waitForURL('**/what-i-like', { timeout: 10_000 });
  await page.getByRole('button', { name: 'What I Like' }).waitFor();
}
