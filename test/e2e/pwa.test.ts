// The installed app in Chromium: it opens without a network once its service worker is in, keeps
// nothing of the API, and a new version waits for the player's Reload instead of slipping in.
import { createServer, request as forward, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freePort, phoneContext, screenshot, withServerAndBrowser, WITH_WORKER } from './harness';

const e2e = withServerAndBrowser();

/** Opens the app and waits until its service worker has installed and controls the page. */
async function openControlled(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'SUBMIT' }).waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

describe('the app offline', () => {
  it('opens again with no network once it has been opened, and keeps nothing of the API', async () => {
    const context = await phoneContext(e2e.browser, e2e.server.baseUrl, WITH_WORKER);
    const page = await context.newPage();
    await openControlled(page);
    const health = () =>
      page.evaluate(() =>
        fetch('/api/v1/health').then(
          (response) => response.status,
          () => 'unreachable',
        ),
      );
    expect(await health()).toBe(200);

    await context.setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByRole('button', { name: 'SUBMIT' }).waitFor();
    await page.getByRole('checkbox').waitFor();
    // A route opened for the first time offline, whose screen is a chunk of its own.
    const rules = await page.goto('/rules');
    expect(rules?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { name: 'BLACK BUTTON Sweepstakes Official Rules' }).waitFor();
    await screenshot(page, 'offline-rules');

    const stored = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
      }
      return urls;
    });
    expect(stored).toContain('/index.html');
    // The API is never answered from a store: offline it is simply not there.
    expect(await health()).toBe('unreachable');
    expect(stored.filter((path) => /^\/(api|cable)\b/.test(path))).toEqual([]);

    // The install guide, a chunk of its own, opens offline too.
    const install = await page.goto('/install?device=ios');
    expect(install?.fromServiceWorker()).toBe(true);
    await page.getByRole('list', { name: 'iPhone steps' }).waitFor();
    await context.close();
  });
});

describe('the install guide', () => {
  it("shows the device's steps, keeps the invite code, and offers the browser's prompt", async () => {
    const context = await phoneContext(e2e.browser, e2e.server.baseUrl, WITH_WORKER);
    const page = await context.newPage();
    await page.goto('/install?device=ios&invite_code=AB12CD');
    const ios = page.getByRole('list', { name: 'iPhone steps' });
    await ios.waitFor();
    expect(await ios.textContent()).toMatch(/share button.*Add to Home Page.*Add/);
    expect(await page.evaluate(() => localStorage.getItem('inviteCode'))).toBe('AB12CD');
    await screenshot(page, 'install-ios');

    // Android's steps unless the link says iOS.
    await page.goto('/install');
    const android = page.getByRole('list', { name: 'Android steps' });
    await android.waitFor();
    expect(await android.textContent()).toMatch(/Chrome menu.*Install/);

    // The browser offers its own prompt (made here: headless Chromium may send none).
    const install = page.getByRole('button', { name: 'Install', exact: true });
    const held = await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      const prompted = ((window as unknown as { prompted: number }).prompted = 0);
      Object.assign(event, {
        prompt: () => {
          (window as unknown as { prompted: number }).prompted = prompted + 1;
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    // The guide offers the prompt itself: the browser's own banner is held back.
    expect(held).toBe(true);
    await install.waitFor();
    await screenshot(page, 'install-android-prompt');
    await install.tap();
    await page.waitForFunction(() => (window as unknown as { prompted: number }).prompted === 1);
    // Spent: the button goes.
    await install.waitFor({ state: 'detached' });

    // The guide replaces the whole app while its flag is set, until the player goes on.
    await page.goto('/');
    await android.waitFor();
    await page.getByRole('button', { name: 'Continue in browser' }).tap();
    await page.getByRole('button', { name: 'SUBMIT' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('showInstall'))).toBeNull();
    await context.close();
  });
});

/**
 * The server as a deploy of a newer build would make it: the same app, and once `deploy()` is
 * called a service worker script that differs (and answers 'version' with 'next').
 */
async function deployableServer(upstream: string) {
  let deployed = false;
  const marker =
    "\nself.addEventListener('message',(e)=>{if(e.data==='version')e.ports[0].postMessage('next')});\n";
  const proxy: Server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', upstream);
    if (deployed && url.pathname === '/sw.js') {
      void fetch(url, { headers: { 'accept-encoding': 'identity' } })
        .then((response) => response.text())
        .then((script) => {
          outgoing.writeHead(200, {
            'content-type': 'text/javascript; charset=utf-8',
            'cache-control': 'no-cache',
          });
          outgoing.end(script + marker);
        })
        .catch(() => outgoing.destroy());
      return;
    }
    const upstreamRequest = forward(
      url,
      { method: incoming.method, headers: { ...incoming.headers, host: url.host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstreamRequest.on('error', () => outgoing.destroy());
    incoming.pipe(upstreamRequest);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    deploy: () => (deployed = true),
    close: () =>
      new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        proxy.closeAllConnections();
      }),
  };
}

/** What the worker controlling the page says its version is ('next' or, before it, nothing). */
function controllerVersion(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        navigator.serviceWorker.controller?.postMessage('version', [channel.port2]);
        setTimeout(() => resolve(null), 500);
      }),
  );
}

describe('a new version', () => {
  it('is announced with a Reload button and runs only once the player taps it', async () => {
    const site = await deployableServer(e2e.server.baseUrl);
    try {
      const context = await phoneContext(e2e.browser, site.baseUrl, WITH_WORKER);
      const page = await context.newPage();
      await openControlled(page);
      expect(await controllerVersion(page)).toBeNull();

      site.deploy();
      // The player opens the app again: the browser finds the new worker and installs it.
      await page.reload();
      const notice = page.getByRole('status').filter({ hasText: 'A new version is available' });
      await notice.waitFor({ timeout: 30_000 });
      const reload = notice.getByRole('button', { name: 'Reload' });
      const box = await reload.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, 'new-version-notice');
      // Until then the old version keeps running.
      expect(await controllerVersion(page)).toBeNull();

      await Promise.all([page.waitForEvent('load'), reload.tap()]);
      await page.getByRole('button', { name: 'SUBMIT' }).waitFor();
      expect(await controllerVersion(page)).toBe('next');
      expect(await page.getByText('A new version is available').count()).toBe(0);
      await context.close();
    } finally {
      await site.close();
    }
  });
});
