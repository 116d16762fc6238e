// @vitest-environment jsdom
// The installable shell: manifest, icons, images, sound and the service worker in public/.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

const PUBLIC = join(import.meta.dirname, '../../public');
const publicFile = (url: string) => join(PUBLIC, url.replace(/^\//, ''));

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, which must come first. */
function pngSize(file: string) {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE), `${file} is a PNG`).toBe(true);
  expect(bytes.toString('ascii', 12, 16)).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('web app manifest', () => {
  const manifest = JSON.parse(readFileSync(publicFile('/manifest.webmanifest'), 'utf8')) as Record<
    string,
    unknown
  >;
  const icons = manifest.icons as ManifestIcon[];

  it('installs BLACK BUTTON standalone from / in black', () => {
    expect(manifest).toMatchObject({
      name: 'BLACK BUTTON',
      start_url: '/',
      display: 'standalone',
      background_color: '#000000',
      theme_color: '#000000',
    });
    expect(typeof manifest.short_name).toBe('string');
    expect((manifest.short_name as string).length).toBeLessThanOrEqual(12);
  });

  it('offers 192 and 512 PNG icons, a maskable one and an SVG', () => {
    const png = (size: string, purpose: string) =>
      icons.some(
        (icon) =>
          icon.type === 'image/png' && icon.sizes === size && (icon.purpose ?? 'any') === purpose,
      );
    expect(png('192x192', 'any')).toBe(true);
    expect(png('512x512', 'any')).toBe(true);
    expect(icons.some((icon) => icon.purpose === 'maskable' && icon.type === 'image/png')).toBe(
      true,
    );
    expect(icons.some((icon) => icon.type === 'image/svg+xml')).toBe(true);
  });

  it('names only icon files that exist at the stated size', () => {
    for (const icon of icons) {
      const file = publicFile(icon.src);
      expect(existsSync(file), icon.src).toBe(true);
      if (icon.type === 'image/png') {
        const [width, height] = icon.sizes.split('x').map(Number);
        expect(pngSize(file), icon.src).toEqual({ width, height });
      } else {
        expect(parseSvg(file).documentElement.getAttribute('viewBox'), icon.src).toBeTruthy();
      }
    }
  });

  it('has a 180 px apple touch icon', () => {
    expect(pngSize(publicFile('/apple-touch-icon.png'))).toEqual({ width: 180, height: 180 });
  });
});

function parseSvg(file: string) {
  const document = new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'image/svg+xml');
  expect(document.getElementsByTagName('parsererror'), `${file} is well-formed`).toHaveLength(0);
  expect(document.documentElement.localName).toBe('svg');
  return document;
}

describe('images and sounds', () => {
  it.each([
    'lottery-ticket.svg',
    'lottery-ticket-placeholder.svg',
    'swipe-tutorial.svg',
    'ios-share.svg',
    'android-menu.svg',
  ])('%s is a well-formed SVG with a view box', (name) => {
    expect(parseSvg(publicFile(`/images/${name}`)).documentElement.getAttribute('viewBox')).toMatch(
      /^0 0 \d+ \d+$/,
    );
  });

  it('keeps the blurred ticket placeholder tiny next to the ticket', () => {
    const placeholder = readFileSync(publicFile('/images/lottery-ticket-placeholder.svg'));
    const ticket = readFileSync(publicFile('/images/lottery-ticket.svg'));
    expect(placeholder.length).toBeLessThan(1024);
    expect(placeholder.length).toBeLessThan(ticket.length / 4);
    expect(placeholder.toString()).toContain('feGaussianBlur');
  });

  it('has a short coin sound that rings out', () => {
    const wav = readFileSync(publicFile('/sounds/coins.wav'));
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.toString('ascii', 12, 16)).toBe('fmt ');
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    const channels = wav.readUInt16LE(22);
    const rate = wav.readUInt32LE(24);
    const bits = wav.readUInt16LE(34);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    const dataLength = wav.readUInt32LE(40);
    expect(44 + dataLength).toBe(wav.length);
    const samples = dataLength / (channels * (bits / 8));
    expect(samples / rate).toBeGreaterThan(0.3);
    expect(samples / rate).toBeLessThan(1);

    const level = (from: number, to: number) => {
      let peak = 0;
      for (let i = Math.floor(from * samples); i < Math.floor(to * samples); i++) {
        peak = Math.max(peak, Math.abs(wav.readInt16LE(44 + i * channels * 2)));
      }
      return peak;
    };
    expect(level(0, 0.3)).toBeGreaterThan(16000); // audible
    expect(level(0.9, 1)).toBeLessThan(level(0, 0.3) / 8); // decays, no click at the end
  });
});

// The service worker runs against a fake network and a fake CacheStorage in its own realm.
const ORIGIN = 'https://blackbutton.test';
const SHELL_PAGE =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-3f2a.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-91bc.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-77de.css"></head><body><div id="root"></div></body></html>';

type Route = () => Response;

class FakeNetwork {
  online = true;
  readonly requested: string[] = [];
  readonly routes = new Map<string, Route>([
    ['/', () => new Response(SHELL_PAGE, { headers: { 'content-type': 'text/html' } })],
    ['/rules', () => new Response(SHELL_PAGE, { headers: { 'content-type': 'text/html' } })],
    ['/api/v1/health', () => Response.json({ status: 'ok' })],
    // The entry script names the chunks it loads later, as Vite writes them; one of those names
    // a chunk of its own.
    [
      '/assets/index-3f2a.js',
      () =>
        new Response(
          'const deps=["assets/SignedInApp-aa11.js","assets/SignedInApp-bb22.css"];' +
            'const toasts=()=>import("./Toasts-cc33.js");',
        ),
    ],
    [
      '/assets/SignedInApp-aa11.js',
      () => new Response('const d=["assets/WalletScreens-dd44.js"];'),
    ],
  ]);

  fetch = (input: string | { url: string }): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input.url, ORIGIN);
    this.requested.push(url.pathname);
    if (!this.online) return Promise.reject(new TypeError('Failed to fetch'));
    const route = this.routes.get(url.pathname);
    if (route) return Promise.resolve(route());
    const file = publicFile(url.pathname);
    if (url.pathname.startsWith('/assets/'))
      return Promise.resolve(new Response(`/* ${url.pathname} */`));
    if (existsSync(file)) return Promise.resolve(new Response(readFileSync(file)));
    return Promise.resolve(new Response('Not found', { status: 404 }));
  };
}

const keyOf = (request: string | { url: string }) =>
  new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;

class FakeCacheStorage {
  readonly stores = new Map<string, Map<string, Response>>();

  constructor(private readonly network: FakeNetwork) {}

  open(name: string) {
    const store = this.stores.get(name) ?? new Map<string, Response>();
    this.stores.set(name, store);
    const cache = {
      put: async (request: string | { url: string }, response: Response) => {
        store.set(keyOf(request), new Response(await response.arrayBuffer(), response));
      },
      match: (request: string | { url: string }) =>
        Promise.resolve(store.get(keyOf(request))?.clone()),
      addAll: async (urls: string[]) => {
        const responses = await Promise.all(urls.map((url) => this.network.fetch(url)));
        responses.forEach((response, index) => {
          if (!response.ok) throw new TypeError(`${urls[index]} answered ${response.status}`);
        });
        await Promise.all(
          responses.map((response, index) => cache.put(urls[index] ?? '', response)),
        );
      },
    };
    return Promise.resolve(cache);
  }

  keys = () => Promise.resolve([...this.stores.keys()]);
  delete = (name: string) => Promise.resolve(this.stores.delete(name));
  paths = (name: string) =>
    [...(this.stores.get(name)?.keys() ?? [])].map((key) => new URL(key).pathname);
}

interface FakeRequest {
  url: string;
  method: string;
  mode: string;
  headers: Headers;
}

function request(path: string, init: Partial<Omit<FakeRequest, 'url'>> = {}): FakeRequest {
  return { url: `${ORIGIN}${path}`, method: 'GET', mode: 'cors', headers: new Headers(), ...init };
}

function startWorker() {
  const network = new FakeNetwork();
  const caches = new FakeCacheStorage(network);
  const listeners = new Map<string, (event: unknown) => void>();
  const calls: string[] = [];
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
    skipWaiting: () => (calls.push('skipWaiting'), Promise.resolve()),
    clients: { claim: () => (calls.push('claim'), Promise.resolve()) },
  };
  runInNewContext(readFileSync(publicFile('/sw.js'), 'utf8'), {
    self,
    caches,
    fetch: network.fetch,
    URL,
    Headers,
    Response,
  });

  const dispatch = (type: string, fields: object = {}) => {
    const pending: Promise<unknown>[] = [];
    let response: Promise<Response> | undefined;
    listeners.get(type)?.({
      ...fields,
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
      respondWith: (answer: Promise<Response>) => (response = answer),
    });
    return { response, done: Promise.all(pending) };
  };
  const install = async () => {
    await dispatch('install').done;
  };
  const get = (path: string, init?: Partial<Omit<FakeRequest, 'url'>>) =>
    dispatch('fetch', { request: request(path, init) });
  return { network, caches, calls, dispatch, install, get };
}

const SHELL_CACHE = 'black-button-shell-v2';

describe('service worker', () => {
  it('precaches the shell page, the files it loads, the manifest and the icons on install', async () => {
    const worker = startWorker();
    await worker.install();
    expect(worker.caches.paths(SHELL_CACHE).sort()).toEqual(
      [
        '/',
        '/apple-touch-icon.png',
        '/assets/index-3f2a.js',
        '/assets/index-77de.css',
        '/assets/vendor-91bc.js',
        // What loads after the first screen, so the installed app also starts offline whole.
        '/assets/SignedInApp-aa11.js',
        '/assets/SignedInApp-bb22.css',
        '/assets/Toasts-cc33.js',
        '/assets/WalletScreens-dd44.js',
        '/icons/icon-192.png',
        '/icons/icon-512.png',
        '/icons/icon-maskable-512.png',
        '/icons/icon.svg',
        '/manifest.webmanifest',
      ].sort(),
    );
    expect(worker.calls).toContain('skipWaiting');
  });

  it('does not install when a shell file is missing', async () => {
    const worker = startWorker();
    worker.network.routes.set('/manifest.webmanifest', () => new Response('gone', { status: 404 }));
    await expect(worker.install()).rejects.toThrow();
  });

  it('serves navigations from the network while online and keeps the newest shell', async () => {
    const worker = startWorker();
    await worker.install();
    const fresh = '<!doctype html><title>new build</title>';
    worker.network.routes.set(
      '/rules',
      () => new Response(fresh, { headers: { 'content-type': 'text/html' } }),
    );
    const { response } = worker.get('/rules', { mode: 'navigate' });
    expect(await (await response)?.text()).toBe(fresh);
    const cache = await worker.caches.open(SHELL_CACHE);
    expect(await (await cache.match('/'))?.text()).toBe(fresh);
  });

  it('falls back to the cached shell for any navigation while offline', async () => {
    const worker = startWorker();
    await worker.install();
    worker.network.online = false;
    const { response } = worker.get('/rules', { mode: 'navigate' });
    expect(await (await response)?.text()).toBe(SHELL_PAGE);
    const script = worker.get('/assets/index-3f2a.js', { mode: 'cors' }).response;
    expect(await (await script)?.text()).toContain('SignedInApp-aa11.js');
    // A chunk the app loads later is there too.
    const later = worker.get('/assets/WalletScreens-dd44.js', { mode: 'cors' }).response;
    expect(await (await later)?.text()).toBe('/* /assets/WalletScreens-dd44.js */');
  });

  it('never answers or stores /api and /cable', async () => {
    const worker = startWorker();
    await worker.install();
    expect(worker.get('/api/v1/health').response).toBeUndefined();
    expect(worker.get('/api/v1/users/verify_code', { method: 'POST' }).response).toBeUndefined();
    expect(worker.get('/cable?token=abc').response).toBeUndefined();
    expect(worker.get('/api/v1/draws', { mode: 'navigate' }).response).toBeUndefined();
    expect(worker.caches.paths(SHELL_CACHE).filter((path) => /^\/(api|cable)/.test(path))).toEqual(
      [],
    );
  });

  it('leaves other origins and ranged audio requests to the browser', async () => {
    const worker = startWorker();
    await worker.install();
    expect(
      worker.dispatch('fetch', { request: { ...request('/'), url: 'https://cdn.example/x.js' } })
        .response,
    ).toBeUndefined();
    expect(
      worker.get('/sounds/coins.wav', { headers: new Headers({ range: 'bytes=0-' }) }).response,
    ).toBeUndefined();
  });

  it('serves images from the cache once fetched', async () => {
    const worker = startWorker();
    await worker.install();
    const first = worker.get('/images/lottery-ticket.svg');
    await (await first.response)?.arrayBuffer();
    await first.done;
    worker.network.online = false;
    const second = worker.get('/images/lottery-ticket.svg');
    expect(await (await second.response)?.text()).toContain('<svg');
    await second.done;
  });

  it('drops the caches of older versions on activate', async () => {
    const worker = startWorker();
    await worker.caches.open('black-button-shell-v0');
    await worker.caches.open('someone-else');
    await worker.install();
    await worker.dispatch('activate').done;
    expect((await worker.caches.keys()).sort()).toEqual([SHELL_CACHE, 'someone-else']);
    expect(worker.calls).toContain('claim');
  });
});
