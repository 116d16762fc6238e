// Builds the real app over a real, empty database: PGlite always (a copy of a migrated template),
// and PostgreSQL too when TEST_DATABASE_URL is set (each test file gets a database of its own).
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, onTestFinished } from 'vitest';
import {
  API_BASE,
  DrawEntryResponse,
  DrawResponse,
  ErrorBody,
  LoginResponse,
  RequestCodeResponse,
  RewardListResponse,
  WalletResponse,
} from '../../contract/api';
import { OfferCatalog, QuestionCatalog } from '../../contract/catalog';
import { NextQuestionResponse } from '../../contract/questionnaires';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type OpenDatabase } from '../../server/db/database';
import { drawEntries } from '../../server/db/schema';
import type { SmsSender } from '../../server/sms/sender';
import { freshPgliteDir } from '../support/pglite-template';
import { createFromTemplate } from '../support/postgres-template';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every suite runs once per database: `describe.each(databases)`. */
export const databases: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A fresh, migrated database; `close` also drops it on PostgreSQL. */
export async function openTestDatabase(kind: DatabaseKind): Promise<OpenDatabase> {
  if (kind === 'pglite') {
    // A copy of a migrated template (see test/support/pglite-template.ts), in memory-backed
    // scratch space: no initdb per database.
    const scratch = await freshPgliteDir();
    const database = await openDatabase({ kind: 'pglite', dataDir: scratch.pgdata });
    await database.migrate();
    return {
      ...database,
      close: async () => {
        await database.close();
        scratch.remove();
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bb_test_${randomBytes(6).toString('hex')}`;
  // A copy of a migrated template (see test/support/postgres-template.ts).
  const url = await createFromTemplate(adminUrl, name);
  const database = await openDatabase({ kind: 'postgres', url, maxConnections: 4 });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** One database for the whole describe block, opened before and closed after it. */
export function useDatabase(kind: DatabaseKind): () => OpenDatabase {
  let database: OpenDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database) throw new Error('the database is opened in beforeAll');
    return database;
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', ...overrides });
}

/** A clock the test moves by hand. */
export class TestClock {
  private current = Date.now();
  readonly now = () => new Date(this.current);
  advance(ms: number): void {
    this.current += ms;
  }
}

export interface TestAppOptions {
  config?: Record<string, string>;
  sms?: SmsSender;
  clock?: TestClock;
  clientDir?: string;
  /** Let the app close draws on its own schedule (off: tests close them by hand). */
  scheduleDraws?: boolean;
}

const openApps = new Set<FastifyInstance>();
afterAll(async () => {
  await Promise.all([...openApps].map((app) => app.close()));
});

export async function buildTestApp(database: OpenDatabase, options: TestAppOptions = {}) {
  const app = await buildApp({
    config: testConfig(options.config),
    db: database,
    logger: false,
    ...(options.sms ? { sms: options.sms } : {}),
    ...(options.clock ? { now: options.clock.now } : {}),
    clientDir: options.clientDir ?? '/nonexistent-client-dir',
    scheduleDraws: options.scheduleDraws ?? false,
  });
  await app.ready();
  // An app built inside a test closes with it (on PostgreSQL each holds its listening
  // connections); one built for a whole file closes with the file.
  try {
    onTestFinished(() => app.close());
  } catch {
    openApps.add(app);
  }
  return app;
}

let phoneCounter = 0;
/** A distinct valid US mobile number in the wire form (`1` + ten digits). */
export function nextPhone(): string {
  phoneCounter += 1;
  const area = 200 + ((process.pid + phoneCounter) % 700);
  return `1${area}555${String(phoneCounter).padStart(4, '0')}`;
}

export function url(path: string): string {
  return `${API_BASE}/${path}`;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The first error detail of a response, asserting it has the errors shape. */
export function detailOf(response: LightMyRequestResponse): string {
  const body = ErrorBody.parse(response.json());
  return body.errors[0]?.detail ?? '';
}

export async function campaignCode(app: FastifyInstance, uses = 100): Promise<string> {
  return app.services.invites.createCampaign(uses);
}

export async function register(app: FastifyInstance, phone: string, inviteCode: string) {
  return app.inject({
    method: 'POST',
    url: url('users/registrations'),
    payload: { phone_number: phone, invite_code: inviteCode },
  });
}

export async function requestCode(
  app: FastifyInstance,
  phone: string,
  remoteAddress?: string,
  cookie?: string,
) {
  return app.inject({
    method: 'POST',
    url: url('users/request_code'),
    payload: { phone_number: phone },
    ...(remoteAddress ? { remoteAddress } : {}),
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/**
 * Sends a code for `phone`, by default from the phone's own network (see addressOf) so that
 * failures in one test do not use up another's per-address budget.
 */
export async function verifyCode(
  app: FastifyInstance,
  phone: string,
  code: string,
  client: { remoteAddress?: string; cookie?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: url('users/verify_code'),
    payload: { phone_number: phone, code },
    remoteAddress: client.remoteAddress ?? addressOf(phone),
    ...(client.cookie ? { headers: { cookie: client.cookie } } : {}),
  });
}

/** The otp of a fresh code for `phone` (no SMS provider configured). */
export async function freshCode(
  app: FastifyInstance,
  phone: string,
  remoteAddress?: string,
  cookie?: string,
): Promise<string> {
  const response = await requestCode(app, phone, remoteAddress, cookie);
  if (response.statusCode !== 200) throw new Error(`request_code: ${response.body}`);
  const { otp } = RequestCodeResponse.parse(response.json());
  if (!otp) throw new Error('no otp in the response');
  return otp;
}

/** A private network address that is the same for a phone number every time. */
export function addressOf(phone: string): string {
  const n = Number(phone.slice(-6));
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A newly registered, signed-in player. */
export async function signedInPlayer(app: FastifyInstance, inviteCode?: string) {
  const phone = nextPhone();
  const created = await register(app, phone, inviteCode ?? (await campaignCode(app, 1)));
  if (created.statusCode !== 201) throw new Error(`registration: ${created.body}`);
  // Each new player asks from a network of their own, as phones do: tests that sign many
  // players in do not run into the per-address limit on code requests.
  const signedIn = await verifyCode(app, phone, await freshCode(app, phone, addressOf(phone)));
  if (signedIn.statusCode !== 200) throw new Error(`verify_code: ${signedIn.body}`);
  const login = LoginResponse.parse(signedIn.json());
  return { phone, token: login.token, user: login.user };
}

/** A code that is certainly not `code`. */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 10_000).padStart(4, '0');
}

/**
 * An SMS sender that keeps every text it is given. It reports that it does not deliver, so
 * request_code still hands back the otp the sign-in helpers use.
 */
export function capturingSms() {
  const sent: { to: string; body: string }[] = [];
  const sender: SmsSender = {
    delivers: false,
    send: (to, body) => {
      sent.push({ to, body });
      return Promise.resolve();
    },
  };
  return { sender, sent };
}

/**
 * A fresh PostgreSQL database that several app instances can share (each opens its own pool
 * on `url`, as separate servers would). Needs TEST_DATABASE_URL.
 */
export async function sharedPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bb_test_${randomBytes(6).toString('hex')}`;
  const shared = await createFromTemplate(adminUrl, name);
  return {
    url: shared,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * Two app instances on one fresh PostgreSQL database, each with a pool of its own, as two
 * servers behind a load balancer; built before the block's tests and closed after them.
 * `listen` also opens each on a local port (for sockets).
 */
export function useTwoInstances(options: {
  config?: Record<string, string>;
  scheduleDraws?: boolean;
  listen?: boolean;
}): () => [FastifyInstance, FastifyInstance] {
  let shared: Awaited<ReturnType<typeof sharedPostgres>> | undefined;
  const opened: OpenDatabase[] = [];
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    shared = await sharedPostgres();
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase({ kind: 'postgres', url: shared.url, maxConnections: 4 });
      opened.push(database);
      const app = await buildApp({
        config: testConfig(options.config),
        db: database,
        logger: false,
        clientDir: '/nonexistent-client-dir',
        ...(options.scheduleDraws === false ? { scheduleDraws: false } : {}),
      });
      if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const database of opened) await database.close();
    await shared?.drop();
  });
  return () => {
    const [first, second] = apps;
    if (!first || !second) throw new Error('the two instances are started in beforeAll');
    return [first, second];
  };
}

/** A coupon offer for the catalog; its code is the key in capitals with `-5` unless given. */
export function couponOffer(
  key: string,
  brand: string,
  tags: string[],
  code = `${key.toUpperCase()}-5`,
) {
  return {
    key,
    coupon_type: brand,
    kind: 'coupon' as const,
    value: 5,
    image: '/images/rewards/coupon.svg',
    link: null as string | null,
    tags,
    code,
    delivery_note: null,
  };
}

/** Questions `prefix-q-0`… whose prompts carry their number ("… 3?"), tagged by `tags(i)`. */
export function numberedQuestions(
  count: number,
  prefix: string,
  prompt: string,
  tags: (i: number) => string[] = () => ['outdoors'],
) {
  return Array.from({ length: count }, (_, i) => ({
    key: `${prefix}-q-${i}`,
    prompt: `${prompt} ${i}?`,
    tags: tags(i),
  }));
}

export interface TestCatalog {
  questions?: { key: string; prompt: string; tags: string[] }[];
  offers?: ReturnType<typeof couponOffer>[];
}

/** Imports the questions and offers of `catalog`, as `ops catalog import` does. */
export async function loadCatalog(app: FastifyInstance, catalog: TestCatalog): Promise<void> {
  if (catalog.questions) {
    await app.services.catalog.importQuestions(
      QuestionCatalog.parse({ questions: catalog.questions }),
    );
  }
  if (catalog.offers) {
    await app.services.catalog.importOffers(OfferCatalog.parse({ offers: catalog.offers }));
  }
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The requests of a signed-in player's session: `call(method, path, payload?)`. */
export function asPlayer(app: FastifyInstance, token: string) {
  return (method: Method, path: string, payload?: unknown) =>
    app.inject({
      method,
      url: url(path),
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
}

/**
 * The app of a describe block over a database of its own (useDatabase), built before the
 * block's tests (by `build` when given) with `catalog` imported.
 */
export function useTestApp(
  kind: DatabaseKind,
  options: TestAppOptions & {
    catalog?: TestCatalog;
    build?: (database: OpenDatabase) => Promise<FastifyInstance>;
  } = {},
) {
  const { catalog, build, ...appOptions } = options;
  const database = useDatabase(kind);
  let built: FastifyInstance | undefined;
  beforeAll(async () => {
    built = build ? await build(database()) : await buildTestApp(database(), appOptions);
    if (catalog) await loadCatalog(built, catalog);
  });
  const app = () => {
    if (!built) throw new Error('the app is built in beforeAll');
    return built;
  };
  const get = (path: string, token?: string) =>
    app().inject({ method: 'GET', url: url(path), ...(token ? { headers: bearer(token) } : {}) });
  const post = (path: string, token: string, payload: Record<string, unknown> = {}) =>
    app().inject({ method: 'POST', url: url(path), headers: bearer(token), payload });
  return { database, app, get, post };
}

/** A press of the button from a player's session. */
export function press(app: FastifyInstance, token: string) {
  return asPlayer(app, token)('POST', 'draw_entries', {});
}

export type Answer = boolean | 'skip';

/**
 * A new signed-in player who pressed the button and answered the questions they were asked, in
 * turn: `answers` in order, or `count` of them answered by `answer` from the prompt.
 */
export async function playerWhoAnswered(
  app: FastifyInstance,
  answers: readonly Answer[] | { count: number; answer: (prompt: string) => Answer },
) {
  const player = await signedInPlayer(app);
  const call = asPlayer(app, player.token);
  const entry = DrawEntryResponse.parse((await call('POST', 'draw_entries', {})).json()).data;
  const count = 'count' in answers ? answers.count : answers.length;
  for (let n = 0; n < count; n += 1) {
    const next = NextQuestionResponse.parse((await call('GET', 'questionnaires/next')).json()).data;
    const prompt = next.attributes.next_question;
    const answer = 'count' in answers ? answers.answer(prompt) : answers[n];
    const answered = await call('PATCH', `questionnaires/${next.id}`, {
      question_prompt: prompt,
      answer: answer === true,
      draw_entry_id: entry.id,
      isSkipped: answer === 'skip',
    });
    if (answered.statusCode !== 200) throw new Error(`answer: ${answered.body}`);
  }
  return { ...player, entry, call };
}

/**
 * The catalog of the rewards tests: twelve questions, the outdoors ones first, then food ones;
 * one offer suits each.
 */
export const rewardsCatalog: TestCatalog = {
  questions: numberedQuestions(12, 'r', 'Reward question', (i) => [i < 6 ? 'outdoors' : 'food']),
  offers: [
    couponOffer('r-camp', 'Camp Corner', ['outdoors'], 'CAMP-5'),
    couponOffer('r-diner', 'Dinerland', ['food'], 'DINER-5'),
  ],
};

/** What a player's wallet holds. */
export async function walletOf(app: FastifyInstance, token: string) {
  return WalletResponse.parse((await asPlayer(app, token)('GET', 'wallet')).json()).data;
}

/** The rewards a player has not had played back yet. */
export async function unplayedRewards(app: FastifyInstance, token: string) {
  return RewardListResponse.parse((await asPlayer(app, token)('GET', 'rewards')).json()).data;
}

/** Pays the rewards of a player's entry (POST rewards). */
export function payRewards(app: FastifyInstance, token: string, drawEntryId: unknown) {
  return asPlayer(app, token)('POST', 'rewards', { draw_entry_id: drawEntryId });
}

/**
 * The app of a rewards test over the rewards catalog (or `catalog`), and what its tests do: a
 * player's requests, a player who answered, paying an entry, the tickets and unplayed rewards.
 */
export function useRewardsApp(kind: DatabaseKind, catalog: TestCatalog = rewardsCatalog) {
  const { database, app } = useTestApp(kind, { catalog });
  return {
    database,
    app,
    call: (method: Method, path: string, token: string, payload?: unknown) =>
      asPlayer(app(), token)(method, path, payload),
    answering: (answers: Parameters<typeof playerWhoAnswered>[1]) =>
      playerWhoAnswered(app(), answers),
    pay: (token: string, drawEntryId: unknown) => payRewards(app(), token, drawEntryId),
    tickets: async (token: string) => (await walletOf(app(), token)).tickets,
    unplayed: (token: string) => unplayedRewards(app(), token),
  };
}

/**
 * The app of a draw test: a clock the test moves, the texts it sends, and what its tests do (a
 * press, the open draw, a fresh draw of the test's own, a draw's entry ids).
 */
export function useDrawApp(kind: DatabaseKind) {
  const clock = new TestClock();
  const sms = capturingSms();
  const fixture = useTestApp(kind, { clock, sms: sms.sender });
  const { app, database, get, post } = fixture;
  return {
    ...fixture,
    clock,
    sms,
    press: (token: string) => post('draw_entries', token),
    currentDraw: async (token?: string) =>
      DrawResponse.parse((await get('draws/current', token)).json()).data,
    /** Closes whatever is open so a test starts on a draw of its own. */
    freshDraw: async () => (await app().services.draws.closeNow()).next,
    entryIdsIn: async (drawId: number) =>
      (
        await database()
          .db.select({ id: drawEntries.id })
          .from(drawEntries)
          .where(eq(drawEntries.drawId, drawId))
          .orderBy(drawEntries.id)
      ).map((row) => row.id),
  };
}
