// Generated valid, invalid and hostile bodies, params and queries for every route of the app:
// no answer is a server error, every refusal is in the errors shape and leaves every table as it
// was, and nothing is logged as an error (DESIGN section 7).
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import {
  API_BASE,
  ClickRequest,
  CreateDrawEntryRequest,
  DrawEntryIdParams,
  DrawEntryIdsQuery,
  DrawIdParams,
  DrawListQuery,
  EmptyRequest,
  ErrorBody,
  GrandPrizeIdParams,
  InviteClickRequest,
  RegistrationRequest,
  RequestCodeRequest,
  UserIdParams,
  ValidateInviteRequest,
  VerifyCodeRequest,
  WalletEntriesRequest,
} from '../../contract/api';
import { AnalyticsBatch } from '../../contract/analytics';
import { ContactRequest, ContactThreadParams } from '../../contract/contact';
import {
  AnswerRequest,
  QuestionIdParams,
  SkipQuestionnaireRequest,
  TellUsMoreRequest,
} from '../../contract/questionnaires';
import {
  PayRewardsRequest,
  PlayedBackRequest,
  RewardIdParams,
  WishlistCouponRequest,
} from '../../contract/rewards';
import { ClaimBonusRequest, ClaimPrizeRequest, PaymentChoicesQuery } from '../../contract/winnings';
import {
  anyOf,
  hostileText,
  hostileValue,
  inUrl,
  validOf,
  type Schema,
} from './contract-arbitraries';
import { bearer, databases, signedInPlayer, useDatabase } from './helper';
import { buildLoggedApp, rowCounts, type LogLine } from './integrity';

interface RouteInput {
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: Schema;
}

/** What each route takes, from the contract. A route missing here fails the test. */
const ROUTES: Record<string, RouteInput> = {
  'POST /api/v1/users/registrations': { body: RegistrationRequest },
  'DELETE /api/v1/users/registrations/:id': { params: UserIdParams, body: EmptyRequest },
  'POST /api/v1/users/request_code': { body: RequestCodeRequest },
  'POST /api/v1/users/verify_code': { body: VerifyCodeRequest },
  'POST /api/v1/users/logout': { body: EmptyRequest },
  'POST /api/v1/invites': { body: EmptyRequest },
  'GET /api/v1/invites': {},
  'POST /api/v1/invites/validate': { body: ValidateInviteRequest },
  'POST /api/v1/invite_click_counts': { body: InviteClickRequest },
  'POST /api/v1/clicks': { body: ClickRequest },
  'POST /api/v1/analytics': { body: AnalyticsBatch },
  'POST /api/v1/demo/reset': { body: EmptyRequest },
  'POST /api/v1/contact-us/send-email': { body: ContactRequest },
  'GET /api/v1/contact-us/messages': {},
  'POST /api/v1/contact-us/messages/:id/read': { params: ContactThreadParams },
  'GET /api/v1/draws': { query: DrawListQuery },
  'GET /api/v1/draws/current': {},
  'GET /api/v1/draws/:id': { params: DrawIdParams },
  'GET /api/v1/draws/:id/entry_ids': { params: DrawIdParams, query: DrawEntryIdsQuery },
  'POST /api/v1/draw_entries': { body: CreateDrawEntryRequest },
  'GET /api/v1/draw_entries/:id': { params: DrawEntryIdParams },
  'GET /api/v1/questionnaires/get_timer': {},
  'GET /api/v1/questionnaires/next': {},
  'PATCH /api/v1/questionnaires/:id': { params: QuestionIdParams, body: AnswerRequest },
  'GET /api/v1/questionnaires/has_finished_questionnaire': {},
  'POST /api/v1/questionnaires/skip_questionnaire': { body: SkipQuestionnaireRequest },
  'POST /api/v1/questionnaires/tell_us_more': { body: TellUsMoreRequest },
  'POST /api/v1/questionnaires/create_coupon_from_wishlist': { body: WishlistCouponRequest },
  'POST /api/v1/rewards': { body: PayRewardsRequest },
  'POST /api/v1/rewards/:id/claim': { params: RewardIdParams, body: EmptyRequest },
  'DELETE /api/v1/rewards/:id': { params: RewardIdParams, body: EmptyRequest },
  'POST /api/v1/rewards/played_back': { body: PlayedBackRequest },
  'GET /api/v1/wallet': {},
  'POST /api/v1/wallet/entries': { body: WalletEntriesRequest },
  'GET /api/v1/rewards': {},
  'GET /api/v1/grand_prizes': {},
  'GET /api/v1/grand_prizes/:id': { params: GrandPrizeIdParams },
  'GET /api/v1/coupons': {},
  'GET /api/v1/referral_bonuses': {},
  'GET /api/v1/reward_payment_choices': { query: PaymentChoicesQuery },
  'POST /api/v1/reward_payment_choices/claim': { body: ClaimPrizeRequest },
  'POST /api/v1/referral_bonuses/claim': { body: ClaimBonusRequest },
  'GET /api/v1/app_config': {},
  'GET /api/v1/health': {},
};

/** Every route the app registered, as `METHOD /path`, read from Fastify's own route tree. */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\/\S*) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4 - 1;
    prefixes.length = depth;
    const path = `${prefixes.join('')}${segment}`;
    prefixes.push(segment);
    for (const method of methods.split(', ')) routes.push(`${method} ${path}`);
  }
  return routes;
}

/**
 * Refusals that write on purpose: every code request counts toward its limits, and a wrong code
 * counts toward the phone's failures. Everything else refused must change no row.
 */
function writesWhenRefused(route: string, status: number): boolean {
  if (route === 'POST /api/v1/users/request_code') return true;
  return route === 'POST /api/v1/users/verify_code' && status !== 422;
}

/** The code-request limits' counters change on every request to them, by design. */
const COUNTED_ON_REFUSAL = new Set(['rate_limits']);

type Session = 'player' | 'none' | 'forged';

interface GeneratedRequest {
  route: string;
  session: Session;
  request: {
    method: 'GET' | 'HEAD' | 'POST' | 'DELETE';
    url: string;
    headers: Record<string, string>;
    payload?: string;
  };
}

function requestFor(route: string, input: RouteInput): fc.Arbitrary<GeneratedRequest> {
  const [method = 'GET', template = '/'] = route.split(' ');
  const params = Object.entries(input.params?._zod.def.shape ?? {}).map(([name, field]) =>
    fc
      .oneof({ weight: 3, arbitrary: validOf(field) }, { weight: 1, arbitrary: hostileText })
      .chain(inUrl)
      .map((value) => [name, value] as const),
  );
  const query = input.query
    ? fc.option(
        fc.oneof(
          { weight: 3, arbitrary: anyOf(input.query) },
          { weight: 1, arbitrary: fc.dictionary(hostileText, hostileText, { maxKeys: 2 }) },
        ),
        { freq: 4 },
      )
    : fc.constant(null);
  // Bodies go to routes without one too: they must be ignored or refused, never trip anything.
  const body = fc.option(input.body ? anyOf(input.body) : hostileValue, {
    freq: input.body ? 8 : 2,
  });
  const session = fc.constantFrom<Session>('player', 'player', 'none', 'forged');
  return fc.tuple(fc.tuple(...params), query, body, session).map(([values, q, b, s]) => {
    let path = template;
    for (const [name, value] of values) path = path.replace(`:${name}`, value);
    const search = queryString(q);
    const headers: Record<string, string> = {};
    let payload: string | undefined;
    if (b !== null && method !== 'GET' && method !== 'HEAD') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(b);
    }
    return {
      route,
      session: s,
      request: {
        method: method as GeneratedRequest['request']['method'],
        url: `${path}${search}`,
        headers,
        ...(payload === undefined ? {} : { payload }),
      },
    };
  });
}

function queryString(query: unknown): string {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    search.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

describe.each(databases)('every route under generated input (%s)', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;
  let errors: () => LogLine[];

  beforeAll(async () => {
    ({ app, errors } = await buildLoggedApp(database()));
  });
  afterAll(async () => {
    await app.close();
  });

  it('has a generator for every registered route', () => {
    const registered = registeredRoutes(app).filter((route) => !route.startsWith('HEAD '));
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.every((route) => route.includes(API_BASE))).toBe(true);
    expect(registered.filter((route) => !(route in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((route) => !registered.includes(route))).toEqual([]);
  });

  it('answers no 5xx, refuses in the errors shape and writes nothing when it refuses', async () => {
    let player = await signedInPlayer(app);
    // The open draw exists before the first generated request, as it does on a running server.
    const press = await app.inject({
      method: 'POST',
      url: `${API_BASE}/draw_entries`,
      headers: bearer(player.token),
      payload: {},
    });
    expect(press.statusCode).toBe(201);
    const statuses = new Map<string, Set<number>>();
    const requests = fc.oneof(
      ...Object.entries(ROUTES).map(([route, input]) => requestFor(route, input)),
    );
    await fc.assert(
      fc.asyncProperty(requests, async ({ route, session, request }) => {
        if (session === 'player') Object.assign(request.headers, bearer(player.token));
        if (session === 'forged') Object.assign(request.headers, bearer('e30.e30.forged'));
        const before = await rowCounts(database());
        const response = await app.inject(request);
        const status = response.statusCode;
        statuses.set(route, (statuses.get(route) ?? new Set()).add(status));
        expect(status, `${request.method} ${request.url}: ${response.body}`).toBeLessThan(500);
        if (status >= 400) {
          expect(ErrorBody.safeParse(response.json()).success, response.body).toBe(true);
          if (!writesWhenRefused(route, status)) {
            const after = await rowCounts(database());
            for (const table of COUNTED_ON_REFUSAL) after[table] = before[table] ?? 0;
            expect(after, `${request.method} ${request.url}`).toEqual(before);
          }
        }
        // A player who signed out or deleted the account is replaced, so later runs reach the
        // routes behind a session.
        const endsSession =
          route === 'POST /api/v1/users/logout' ||
          route === 'DELETE /api/v1/users/registrations/:id';
        if (session === 'player' && endsSession && status < 300) {
          player = await signedInPlayer(app);
        }
      }),
      { numRuns: 200 },
    );
    expect(errors()).toEqual([]);
    // The generators reach past validation: besides the public reads that always answer (health,
    // app_config, the current draw and the list), routes behind a session answer too.
    const answered = [...statuses.values()].filter((seen) => [...seen].some((s) => s < 400));
    expect(answered.length).toBeGreaterThan(4);
  });
});
