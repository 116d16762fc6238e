// A call that needs a session answers 401 to a request without a valid token before anything
// else: whatever its body, params or query, a stranger learns nothing of what the call takes
// and the server reads no body for them (DESIGN section 7). A token is valid only with an
// expiry, and only while its session is live.
import { createHmac } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../contract/api';
import { BODY_LIMIT_BYTES } from '../../server/app';
import { bearer, buildTestApp, databases, signedInPlayer, url, useDatabase } from './helper';

/**
 * The calls anyone may make. Every other route the app registers must refuse a stranger, so a
 * route added later is covered without being listed; a new public one has to be added here.
 */
const PUBLIC_ROUTES = new Set([
  'POST /api/v1/users/registrations',
  'POST /api/v1/users/request_code',
  'POST /api/v1/users/verify_code',
  'POST /api/v1/invites/validate',
  'POST /api/v1/invite_click_counts',
  // A visitor's page views count too; a player's batch names its session in its body (a beacon
  // carries no Authorization header), checked there.
  'POST /api/v1/analytics',
  'GET /api/v1/draws',
  'GET /api/v1/draws/current',
  'GET /api/v1/draws/:id',
  'GET /api/v1/draws/:id/entry_ids',
  'GET /api/v1/app_config',
  'GET /api/v1/health',
]);

/** Every route the app registered, as `METHOD /path`, read from Fastify's own route tree. */
function routesOf(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\/\S*) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    prefixes.length = indent.length / 4 - 1;
    const path = `${prefixes.join('')}${segment}`;
    prefixes.push(segment);
    for (const method of methods.split(', ')) routes.push(`${method} ${path}`);
  }
  return routes;
}

/** A token signed as the server signs them (HS256), with `secret`. */
function signed(claims: object, secret: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** The server's secret in these tests, so that a test can sign tokens as the server would. */
const SERVER_SECRET = 'a test secret of at least thirty-two characters';

const isApi = (route: string) => route.split(' ')[1]?.startsWith('/api/') ?? false;
const publicRoute = (route: string) => PUBLIC_ROUTES.has(route.replace(/^HEAD /, 'GET '));

/** Bad input of every kind a route could refuse before it looks at the session. */
const BAD_INPUTS: { name: string; param: string; query: string; body?: InjectOptions }[] = [
  {
    name: 'malformed JSON',
    param: '0x10',
    query: '?bogus=1',
    body: { headers: { 'content-type': 'application/json' }, payload: '{"draw_entry_id":' },
  },
  {
    name: 'a body of the wrong shape',
    param: 'not-an-id',
    query: '?limit=lots',
    body: { headers: { 'content-type': 'application/json' }, payload: '[1,2,3]' },
  },
  {
    name: 'an unknown field',
    param: '%00',
    query: '?grand_prize_id=',
    body: { headers: { 'content-type': 'application/json' }, payload: '{"bogus":true}' },
  },
  {
    name: 'a body that is not JSON',
    param: '-1',
    query: '',
    body: { headers: { 'content-type': 'text/plain' }, payload: 'hello' },
  },
  {
    name: 'a body over the size limit',
    param: '1',
    query: '',
    body: {
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT_BYTES) }),
    },
  },
];

function requestTo(route: string, input: (typeof BAD_INPUTS)[number], headers = {}): InjectOptions {
  const [method = 'GET', template = '/'] = route.split(' ');
  const path = template.replace(/:\w+/g, input.param);
  const withBody = method !== 'GET' && method !== 'HEAD' && input.body;
  return {
    method,
    url: `${path}${input.query}`,
    ...(withBody ? { payload: input.body?.payload } : {}),
    headers: { ...(withBody ? input.body?.headers : {}), ...headers },
  };
}

describe.each(databases)('a session checked first (%s)', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;
  let guarded: string[];
  let player: Awaited<ReturnType<typeof signedInPlayer>>;
  /** Tokens that carry no valid session, each named for the test. */
  let invalidTokens: Record<string, string>;

  beforeAll(async () => {
    // In a demo, so its reset is one of the calls that refuse a stranger (without DEMO_MODE it
    // is not there at all: 404 to everyone).
    app = await buildTestApp(database(), {
      config: { JWT_SECRET: SERVER_SECRET, DEMO_MODE: 'on' },
    });
    guarded = routesOf(app).filter((route) => isApi(route) && !publicRoute(route));
    player = await signedInPlayer(app);
    const { sid } = app.jwt.decode<{ sid: string }>(player.token) ?? { sid: '' };
    const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;
    invalidTokens = {
      garbage: 'not.a.token',
      'signed with another secret': signed({ sid, exp: secondsAgo(-60) }, 'another secret'),
      // The server's own secret and a live session, but no expiry: it would never end.
      'without an expiry': signed({ sid, iat: secondsAgo(0) }, SERVER_SECRET),
      expired: signed({ sid, iat: secondsAgo(120), exp: secondsAgo(60) }, SERVER_SECRET),
      // Signed by the server with an expiry to come, but its session ended: logged out, or
      // the player deleted.
      'of a session logged out': await endedSessionToken((_, sessionId) =>
        app.services.sessions.revoke(sessionId),
      ),
      'of a deleted player': await endedSessionToken(async (token, _, userId) => {
        const deleted = await app.inject({
          method: 'DELETE',
          url: url(`users/registrations/${userId}`),
          headers: bearer(token),
        });
        expect(deleted.statusCode).toBe(200);
      }),
    };
  });

  /** The token of a new player's session, once `end` has ended that session. */
  async function endedSessionToken(
    end: (token: string, sessionId: string, userId: string) => Promise<void>,
  ): Promise<string> {
    const ended = await signedInPlayer(app);
    const { sid } = app.jwt.decode<{ sid: string }>(ended.token) ?? { sid: '' };
    await end(ended.token, sid, ended.user.id);
    return ended.token;
  }
  afterAll(async () => {
    await app.close();
  });

  async function expectUnauthorized(request: InjectOptions, what: string) {
    const response = await app.inject(request);
    expect(response.statusCode, `${what}: ${response.body}`).toBe(401);
    if (request.method !== 'HEAD') {
      expect(ErrorBody.parse(response.json()).errors[0]?.code, what).toBe('unauthorized');
    }
  }

  it('finds the calls that need a session among the routes the app registered', () => {
    // The list is read from the app: a sanity check that it is not empty or all public.
    expect(guarded).toContain('POST /api/v1/draw_entries');
    expect(guarded).toContain('PATCH /api/v1/questionnaires/:id');
    expect(guarded).toContain('GET /api/v1/wallet');
    expect(guarded.length).toBeGreaterThan(20);
  });

  it.each(BAD_INPUTS.map((input) => [input.name, input] as const))(
    'answers 401 to a request without a token carrying %s, on every call that needs a session',
    async (_, input) => {
      for (const route of guarded) await expectUnauthorized(requestTo(route, input), route);
    },
  );

  it('answers 401 to every invalid token, whatever the request carries', async () => {
    for (const [name, token] of Object.entries(invalidTokens)) {
      for (const route of guarded) {
        for (const input of BAD_INPUTS) {
          await expectUnauthorized(requestTo(route, input, bearer(token)), `${route}, ${name}`);
        }
      }
    }
  });

  it('refuses a token without an expiry on the live channel too', async () => {
    expect(await app.sessionFromToken(invalidTokens['without an expiry'] ?? '')).toBeNull();
    // The same session with the token it was given still works.
    expect(await app.sessionFromToken(player.token)).not.toBeNull();
    const wallet = await app.inject({
      method: 'GET',
      url: url('wallet'),
      headers: bearer(player.token),
    });
    expect(wallet.statusCode).toBe(200);
  });

  it('still lets anyone make the public calls', async () => {
    const draws = await app.inject({ method: 'GET', url: url('draws') });
    expect(draws.statusCode).toBe(200);
    const invite = await app.inject({
      method: 'POST',
      url: url('invites/validate'),
      payload: { invite_code: 'ZZZZZZZZ' },
    });
    expect(invite.statusCode).toBe(404);
  });
});
