// Security headers on every answer (pages, assets, API, errors) from helmet. The
// Content-Security-Policy is what matters most: the session token lives in localStorage, so a
// script injected into the page must not run. Only the app's own files may run as script.
//
// helmet is used directly rather than through @fastify/helmet: that plugin builds helmet's
// middleware anew on every request (parsing and validating every directive), which cost the
// busiest reads a fifth of their time. Here the middleware is built once and run per request.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** A Host header fit to name in a policy (anything else adds no source: 'self' remains). */
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The live channel (/cable) is on the page's own host. CSP Level 3 lets 'self' cover ws: and
 * wss: there, but older WebKit does not, so the host is named for both schemes.
 */
function liveChannelSources(request: IncomingMessage): string {
  const host = request.headers.host ?? '';
  return HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

export function registerSecurityHeaders(app: FastifyInstance) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // No 'unsafe-inline', no 'unsafe-eval': the built app is files from this origin only.
        scriptSrc: ["'self'"],
        // notistack styles itself with goober, which writes its rules into a <style> element at
        // run time: that needs 'unsafe-inline' for style elements. Styles cannot run script and
        // the token is not in the page, so this keeps what the policy is for; style attributes
        // stay refused (React sets styles through the CSSOM, which CSP does not govern).
        styleSrc: ["'self'", "'unsafe-inline'"],
        styleSrcAttr: ["'none'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        mediaSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        connectSrc: ["'self'", (request) => liveChannelSources(request)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // No upgrade-insecure-requests: the demo may run over plain HTTP on a local network,
        // where upgrading would break it. Behind TLS, HSTS (on by default) keeps browsers there.
      },
    },
    // The same as frame-ancestors 'none', for browsers that predate it.
    xFrameOptions: { action: 'deny' },
  });
  // Before routing, so refusals (404, 400 for a bad URL) carry the headers too.
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => {
      done(error instanceof Error ? error : undefined);
    });
  });
}
