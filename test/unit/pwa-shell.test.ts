// @vitest-environment happy-dom
// The installable shell: manifest, icons, images and sound in public/, and the service worker a
// real build writes (vite-plugin-pwa), run in a realm of its own over the built files.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { createContext, runInContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

// The built worker against a fake network (the built files, or nothing when offline) and a fake
// CacheStorage. Workbox inside it sees the Request, Response and FetchEvent of a worker.
const ORIGIN = 'https://blackbutton.test';

/** A Request that takes paths as a worker does (against its origin) and may be a navigation. */
class WorkerRequest extends Request {
  readonly #navigation: boolean;
  constructor(input: RequestInfo | URL, init: RequestInit = {}) {
    const { mode, ...rest } = init;
    super(typeof input === 'string' ? new URL(input, ORIGIN).href : input, {
      ...rest,
      ...(mode === 'navigate' ? {} : { mode }),
    });
    this.#navigation =
      mode === 'navigate' || (input instanceof Request && input.mode === 'navigate');
  }
  override get mode(): RequestMode {
    return this.#navigation ? 'navigate' : super.mode;
  }
}

class FetchEvent {
  constructor(fields: object) {
    Object.assign(this, fields);
  }
}

class FakeNetwork {
  online = true;
  readonly missing = new Set<string>();
  readonly requested: string[] = [];
  constructor(private readonly root: string) {}

  fetch = (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), ORIGIN);
    this.requested.push(url.pathname);
    if (!this.online) return Promise.reject(new TypeError('Failed to fetch'));
    const file = join(this.root, url.pathname === '/' ? 'index.html' : url.pathname);
    if (this.missing.has(url.pathname) || !existsSync(file) || !statSync(file).isFile()) {
      return Promise.resolve(new Response('Not found', { status: 404 }));
    }
    return Promise.resolve(new Response(readFileSync(file)));
  };
}

const keyOf = (request: RequestInfo | URL) =>
  new URL(request instanceof Request ? request.url : String(request), ORIGIN).href;

class FakeCacheStorage {
  readonly stores = new Map<string, Map<string, Response>>();

  open = (name: string) => {
    const store = this.stores.get(name) ?? new Map<string, Response>();
    this.stores.set(name, store);
    return Promise.resolve({
      put: async (request: RequestInfo, response: Response) => {
        store.set(keyOf(request), new Response(await response.arrayBuffer(), response));
      },
      match: (request: RequestInfo) => Promise.resolve(store.get(keyOf(request))?.clone()),
      keys: () => Promise.resolve([...store.keys()].map((key) => new Request(key))),
      delete: (request: RequestInfo) => Promise.resolve(store.delete(keyOf(request))),
    });
  };

  match = (request: RequestInfo, options: { cacheName?: string } = {}) => {
    const stores = options.cacheName
      ? [this.stores.get(options.cacheName)]
      : [...this.stores.values()];
    for (const store of stores) {
      const found = store?.get(keyOf(request));
      if (found) return Promise.resolve(found.clone());
    }
    return Promise.resolve(undefined);
  };

  keys = () => Promise.resolve([...this.stores.keys()]);
  delete = (name: string) => Promise.resolve(this.stores.delete(name));
  /** Every stored URL, across caches. */
  urls = () => [...this.stores.values()].flatMap((store) => [...store.keys()]);
}

function startWorker(root: string) {
  const network = new FakeNetwork(root);
  const caches = new FakeCacheStorage();
  const listeners = new Map<string, ((event: unknown) => void)[]>();
  const calls: string[] = [];
  const scope: Record<string, unknown> = {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: { scope: `${ORIGIN}/` },
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    skipWaiting: () => (calls.push('skipWaiting'), Promise.resolve()),
    clients: { claim: () => (calls.push('claim'), Promise.resolve()) },
    caches,
    fetch: network.fetch,
    FetchEvent,
    Request: WorkerRequest,
    Response,
    Headers,
    URL,
    console: { ...console, warn: (...args: unknown[]) => calls.push(`warn ${args.join(' ')}`) },
    setTimeout,
    clearTimeout,
  };
  scope.self = scope;
  runInContext(readFileSync(join(root, 'sw.js'), 'utf8'), createContext(scope));

  const dispatch = async (type: string, fields: object = {}) => {
    const pending: Promise<unknown>[] = [];
    let response: Promise<Response> | undefined;
    const event = {
      type,
      ...fields,
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
      respondWith: (answer: Promise<Response>) => (response = answer),
    };
    for (const listener of listeners.get(type) ?? []) {
      listener(type === 'fetch' ? new FetchEvent(event) : event);
    }
    await Promise.all(pending);
    // What the worker answered with, or undefined when it left the request to the browser.
    return response;
  };
  const get = (path: string, init: RequestInit = {}) =>
    dispatch('fetch', { request: new WorkerRequest(path, init) });
  return { network, caches, calls, dispatch, get };
}

/** Every file of the build a browser could load, as the paths it asks for. */
function builtFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  return walk(root)
    .filter((file) => !/\.(br|gz)$/.test(file))
    .map((file) => `/${relative(root, file).split(sep).join('/')}`);
}

const md5 = (file: string) => createHash('md5').update(readFileSync(file)).digest('hex');

describe('the service worker of a build', () => {
  // The build `npm test` made for every stage (CLIENT_DIR), read only; else one of its own.
  const given = process.env.CLIENT_DIR;
  const root = given ?? mkdtempSync(join(tmpdir(), 'bb-pwa-build-'));
  beforeAll(() => {
    if (given) return;
    execFileSync(
      join('node_modules', '.bin', 'vite'),
      ['build', '--outDir', root, '--emptyOutDir', '--logLevel', 'error'],
      { stdio: 'inherit' },
    );
  }, 120_000);
  afterAll(() => {
    if (!given) rmSync(root, { recursive: true, force: true });
  });

  const installed = async () => {
    const worker = startWorker(root);
    await worker.dispatch('install');
    return worker;
  };

  it('precaches every page, script, style, image and the manifest of this build on install', async () => {
    const worker = await installed();
    const stored = worker.caches.urls().map((href) => new URL(href));
    const expected = builtFiles(root).filter(
      (path) => /\.(html|js|css|svg|png|webmanifest)$/.test(path) && path !== '/sw.js',
    );
    expect(stored.map((url) => url.pathname).sort()).toEqual(expected.sort());
    expect(expected).toEqual(
      expect.arrayContaining(['/index.html', '/manifest.webmanifest', '/icons/icon-192.png']),
    );
    expect(expected.filter((path) => path.startsWith('/assets/')).length).toBeGreaterThan(10);
    // Files that keep their name carry their content's revision, so a change is fetched again;
    // the build names the others by their content.
    for (const url of stored) {
      if (url.pathname.startsWith('/assets/')) {
        expect(url.pathname, url.href).toMatch(/-[\w-]{8}\.(js|css)$/);
      } else {
        expect(url.searchParams.get('__WB_REVISION__'), url.href).toBe(
          md5(join(root, url.pathname)),
        );
      }
    }
    expect(stored.filter((url) => /^\/(api|cable)\b/.test(url.pathname))).toEqual([]);
    expect(worker.calls.filter((call) => call.startsWith('warn'))).toEqual([]);
  });

  it('does not install when a file of the build is missing', async () => {
    const worker = startWorker(root);
    worker.network.missing.add('/manifest.webmanifest');
    await expect(worker.dispatch('install')).rejects.toThrow(/bad-precaching-response/);
  });

  it('opens any route of the app offline with the built page', async () => {
    const worker = await installed();
    worker.network.online = false;
    const page = readFileSync(join(root, 'index.html'), 'utf8');
    for (const path of ['/', '/rules', '/home?tab=wallet', '/login', '/?code=AB12CD']) {
      const response = await worker.get(path, { mode: 'navigate' });
      expect(await response?.text(), path).toBe(page);
    }
    // An address with a page built of its own opens with that page: a first screen
    // (src/app/prerender-pages.ts), a signed-in screen naming its code (vite.config.ts).
    const builtPages: [path: string, file: string][] = [
      ['/disclaimer', 'disclaimer.html'],
      ['/phone-login', 'phone-login.html'],
      ['/home', 'home.html'],
      ['/winnings', 'winnings.html'],
    ];
    for (const [path, file] of builtPages) {
      const response = await worker.get(path, { mode: 'navigate' });
      expect(await response?.text(), path).toBe(readFileSync(join(root, file), 'utf8'));
    }
    const entry = /<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1] ?? '';
    const script = await worker.get(entry);
    expect(await script?.text()).toBe(readFileSync(join(root, entry), 'utf8'));
  });

  it('never answers /api or /cable, so they always reach the server', async () => {
    const worker = await installed();
    const before = worker.caches.urls().length;
    expect(await worker.get('/api/v1/health')).toBeUndefined();
    expect(await worker.get('/api/v1/users/verify_code', { method: 'POST' })).toBeUndefined();
    expect(await worker.get('/api/v1/draws', { mode: 'navigate' })).toBeUndefined();
    expect(await worker.get('/api', { mode: 'navigate' })).toBeUndefined();
    expect(await worker.get('/cable?token=abc')).toBeUndefined();
    expect(await worker.get('/cable', { mode: 'navigate' })).toBeUndefined();
    expect(worker.caches.urls()).toHaveLength(before);
  });

  it('waits for the player before a new version takes over', async () => {
    const worker = await installed();
    expect(worker.calls).not.toContain('skipWaiting');
    await worker.dispatch('message', { data: { type: 'SKIP_WAITING' } });
    expect(worker.calls).toContain('skipWaiting');
    await worker.dispatch('activate');
    expect(worker.calls).toContain('claim');
  });

  it('drops what an older build stored once the new one activates', async () => {
    const worker = startWorker(root);
    const [name] = await (async () => {
      await worker.dispatch('install');
      return worker.caches.keys();
    })();
    const cache = await worker.caches.open(name ?? '');
    await cache.put(`${ORIGIN}/assets/index-OLDBUILD.js`, new Response('old'));
    await worker.dispatch('activate');
    expect(worker.caches.urls().some((href) => href.includes('OLDBUILD'))).toBe(false);
    expect(worker.caches.urls().some((href) => href.includes('/index.html'))).toBe(true);
  });
});
