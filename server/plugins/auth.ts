// Sessions on the wire: a JWT (@fastify/jwt) whose `sid` names a server-side session row.
// `authenticate` admits a request only while that row is live, so logout and account
// deletion end a session at once. Routes run `authenticate` and `verifyToken` as `onRequest`
// hooks: a request without a valid token is refused before its body is read or anything it
// carries is validated, so a stranger learns nothing of what a call takes. A route behind
// `verifyToken` checks its session in its own statement; when what it carries is refused
// before that, the error handler checks the session first (`tokenSessionEnded`).
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors';
import type { LiveSession, SessionService } from '../services/sessions';
import { SESSION_TTL_SECONDS } from '../services/sessions';

interface TokenClaims {
  sid: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session of a request that passed `authenticate`. */
    session: LiveSession | null;
    /** The session a request's valid token names (set by `verifyToken`; not yet checked live). */
    tokenSessionId: string | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    /**
     * Refuses a request without a valid, unexpired token and sets `request.tokenSessionId`;
     * the handler must then check that session is live (the press does it in its statement).
     */
    verifyToken: (request: FastifyRequest) => Promise<void>;
    /**
     * Whether a request that passed `verifyToken` names a session that has ended (logged out,
     * expired, the player deleted) and was never checked live: its refusal for what it carries
     * is answered 401 instead (see plugins/errors.ts), as `authenticate` would have answered.
     */
    tokenSessionEnded: (request: FastifyRequest) => Promise<boolean>;
    /** Sets `request.session` when the request carries a live session; never refuses. */
    identifyIfSignedIn: (request: FastifyRequest) => Promise<void>;
    signSessionToken: (sessionId: string) => string;
    /** The live session a token names, or null (also used by /cable). */
    sessionFromToken: (token: string) => Promise<LiveSession | null>;
  }
}

export interface AuthOptions {
  secret: string;
  sessions: SessionService;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default fp(
  async (app: FastifyInstance, { secret, sessions }: AuthOptions) => {
    // Only HS256 is accepted, and only with an expiry: a token without one would outlive any
    // rotation of its session. Set here once, so every check reuses one verifier: options
    // passed per call make @fastify/jwt build a new verifier (and key object) each time.
    await app.register(fastifyJwt, {
      secret,
      sign: { algorithm: 'HS256' },
      verify: { algorithms: ['HS256'], requiredClaims: ['exp'] },
    });

    app.decorateRequest('session', null);
    app.decorateRequest('tokenSessionId', null);

    const sessionIdOf = (claims: unknown) => {
      const sid = (claims as Partial<TokenClaims> | null)?.sid;
      return typeof sid === 'string' && UUID.test(sid) ? sid : null;
    };

    const sessionFromClaims = async (claims: unknown) => {
      const sid = sessionIdOf(claims);
      return sid ? sessions.find(sid) : null;
    };

    app.decorate('signSessionToken', (sessionId: string) =>
      app.jwt.sign({ sid: sessionId }, { expiresIn: SESSION_TTL_SECONDS }),
    );

    app.decorate('sessionFromToken', async (token: string) => {
      let claims: unknown;
      try {
        claims = app.jwt.verify(token);
      } catch {
        return null;
      }
      return sessionFromClaims(claims);
    });

    app.decorate('verifyToken', async (request: FastifyRequest) => {
      let claims: unknown;
      try {
        claims = await request.jwtVerify();
      } catch {
        throw unauthorized();
      }
      request.tokenSessionId = sessionIdOf(claims);
      if (!request.tokenSessionId) throw unauthorized();
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      await app.verifyToken(request);
      const session = await sessions.find(tokenSessionIdOf(request));
      if (!session) throw unauthorized();
      request.session = session;
    });

    app.decorate('tokenSessionEnded', async (request: FastifyRequest) => {
      if (!request.tokenSessionId || request.session) return false;
      return (await sessions.find(request.tokenSessionId)) === null;
    });

    app.decorate('identifyIfSignedIn', async (request: FastifyRequest) => {
      if (!request.headers.authorization) return;
      try {
        request.session = await sessionFromClaims(await request.jwtVerify());
      } catch {
        // Public reads answer the same to a stale token as to no token.
        request.session = null;
      }
    });
  },
  { name: 'auth' },
);

/** The session of a request behind `authenticate` (which guarantees one). */
export function sessionOf(request: FastifyRequest): LiveSession {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** The session id of a request behind `verifyToken` (which guarantees one). */
export function tokenSessionIdOf(request: FastifyRequest): string {
  if (!request.tokenSessionId) throw unauthorized();
  return request.tokenSessionId;
}
