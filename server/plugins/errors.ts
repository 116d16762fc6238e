// Every error leaves in one shape, `{ errors: [{ status, code, detail }] }` (DESIGN section 7),
// whether a service raised it, the contract rejected the input, or Fastify refused the body.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DECIMAL_DIGITS, type ErrorBody } from '../../contract/api';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, type ErrorCode, unauthorized } from '../errors';
import { isPlayerDeleted } from '../services/context';

export function sendError(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  detail: string,
): FastifyReply {
  const body: ErrorBody = { errors: [{ status: String(statusCode), code, detail }] };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The first problem of a request, in words a person can act on. */
function describeIssue(issue: ValidationIssue | undefined): string {
  if (!issue) return 'The request is not valid';
  if (issue.keyword === 'unrecognized_keys') {
    const keys = (issue.params.keys as string[] | undefined) ?? [];
    const where = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const names = keys.map((key) => (where ? `${where}.${key}` : key)).join(', ');
    return `Unknown field${keys.length > 1 ? 's' : ''}: ${names}`;
  }
  // A record key failed: its own issue says why.
  if (issue.keyword === 'invalid_key') {
    const inner = (issue.params.issues as { message?: string }[] | undefined)?.[0]?.message;
    if (inner) return inner;
  }
  if (issue.keyword === 'invalid_type' && issue.instancePath === '/') {
    return 'The request body must be a JSON object';
  }
  return issue.message ?? 'The request is not valid';
}

/**
 * A path id out of its column's range (`draws/2147483648`), or written otherwise than in
 * decimal digits (`draws/0x10`, `draws/1e3`), names nothing that can exist: 404, like an id
 * that does not. Other bad params (`draws/abc`) stay 422.
 */
function isOutOfRangePathId(error: FastifyError, issue: ValidationIssue | undefined): boolean {
  if (error.validationContext !== 'params') return false;
  if (issue?.keyword === 'too_big' || issue?.keyword === 'too_small') return true;
  return issue?.keyword === 'invalid_format' && issue.params.pattern === String(DECIMAL_DIGITS);
}

/**
 * Whether the client went away before its request was read (an upload cut short): Node fails
 * the body stream with ECONNRESET. Only that: a server fault while a client leaves is still one.
 */
function clientWentAway(error: FastifyError, request: FastifyRequest): boolean {
  return error.code === 'ECONNRESET' && (request.raw.destroyed || request.raw.socket.destroyed);
}

/** A status Fastify gave one of its own refusals, as the code the API names it by. */
function codeOfClientStatus(status: number): ErrorCode {
  switch (status) {
    case 408:
      return 'request_timeout';
    case 413:
      return 'payload_too_large';
    case 414:
      return 'uri_too_long';
    case 415:
      return 'unsupported_media_type';
    case 431:
      return 'headers_too_large';
    default:
      return 'bad_request';
  }
}

/** One of Fastify's own errors with a 4xx status: what the client sent is at fault. */
function isFastifyRefusal(error: FastifyError): error is FastifyError & { statusCode: number } {
  // Errors thrown by a database or a library carry no code, or not one of Fastify's.
  return (
    typeof error.code === 'string' &&
    error.code.startsWith('FST_') &&
    typeof error.statusCode === 'number' &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  );
}

function fastifyErrorReply(
  error: FastifyError,
): { status: number; code: ErrorCode; detail: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'payload_too_large', detail: 'The request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        code: 'unsupported_media_type',
        detail: 'The request body must be sent as application/json',
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: 'malformed_json', detail: 'The request body is not valid JSON' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        status: 400,
        code: 'bad_request',
        detail: 'The request body does not match its Content-Length',
      };
    default:
      break;
  }
  // secure-json-parse reports broken JSON as a SyntaxError with status 400.
  if (error instanceof SyntaxError || (error.statusCode === 400 && error.name === 'SyntaxError')) {
    return { status: 400, code: 'malformed_json', detail: 'The request body is not valid JSON' };
  }
  return null;
}

/**
 * A request that failed because the database could not be reached answers 503 with
 * Retry-After (DESIGN 7: never 500 for that), and tells the reachability state, which then
 * probes until the database is back. Logged as a warning: the outage is not this request's bug.
 */
function replyDatabaseUnavailable(
  app: FastifyInstance,
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | null {
  if (!app.hasDecorator('databaseReachability')) return null;
  if (!app.databaseReachability.observe(error)) return null;
  request.log.warn({ err: error }, 'database unreachable');
  void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
  return sendError(
    reply,
    503,
    'service_unavailable',
    'The service is briefly unavailable. Please try again in a moment.',
  );
}

/** Whether the error refuses what the client sent (its body, params or query). */
function isClientRefusal(error: FastifyError): boolean {
  return (
    hasZodFastifySchemaValidationErrors(error) ||
    fastifyErrorReply(error) !== null ||
    isFastifyRefusal(error)
  );
}

/**
 * Authenticate first (DESIGN section 7): a request whose token named a session that has ended,
 * refused for what it carries before its route checked that session, answers 401 like any
 * request without a live session. A check that cannot be made leaves the refusal as it was.
 */
async function refusedSessionFirst(app: FastifyInstance, request: FastifyRequest) {
  if (!app.hasDecorator('tokenSessionEnded')) return false;
  try {
    return await app.tokenSessionEnded(request);
  } catch (error) {
    request.log.warn({ err: error }, 'the session of a refused request could not be checked');
    return false;
  }
}

export default fp(
  (app: FastifyInstance) => {
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.retryAfterSeconds !== undefined) {
          void reply.header('retry-after', String(error.retryAfterSeconds));
        }
        if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.detail);
        return sendError(reply, error.statusCode, error.code, error.detail);
      }
      if (clientWentAway(error, request)) {
        // Nobody is left to answer, and the server did nothing wrong.
        request.log.info({ reason: error.message }, 'client went away before its request was read');
        return sendError(reply, 400, 'bad_request', 'The request was not received whole');
      }
      // A write that met its player deleted: the deletion ended the session it came with.
      if (isPlayerDeleted(error)) {
        const ended = unauthorized();
        return sendError(reply, ended.statusCode, ended.code, ended.detail);
      }
      // After AppError: a service's own error (an SMS provider out of reach) is not an outage.
      const unavailable = replyDatabaseUnavailable(app, error, request, reply);
      if (unavailable) return unavailable;
      if (isClientRefusal(error) && (await refusedSessionFirst(app, request))) {
        const ended = unauthorized();
        return sendError(reply, ended.statusCode, ended.code, ended.detail);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issue = error.validation[0];
        if (isOutOfRangePathId(error, issue)) {
          return sendError(reply, 404, 'not_found', issue?.message ?? 'Not found');
        }
        return sendError(reply, 422, 'invalid_request', describeIssue(issue));
      }
      // The client files refuse a path they cannot check against the disk (a segment longer
      // than a file name, `..`, `//`): it names no file, so it is answered as any such path.
      if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();
      const known = fastifyErrorReply(error);
      if (known) return sendError(reply, known.status, known.code, known.detail);
      // Fastify's other refusals of what a client sent: theirs to fix, not a server fault.
      if (isFastifyRefusal(error)) {
        const status = error.statusCode;
        return sendError(reply, status, codeOfClientStatus(status), 'The request is not valid');
      }
      if (error.statusCode === 429) {
        return sendError(reply, 429, 'rate_limited', 'Too many requests. Please try again later.');
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, 'server_error', 'Server Error');
    });
  },
  { name: 'errors' },
);

/**
 * Fastify's refusals before any route runs (a URL that does not decode, a path parameter over
 * `maxParamLength`), in the API's error shape. The URL is never echoed back: it is the
 * attacker's text.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => {
  request.log.info({ code: error.code }, 'request refused by the router');
  // No id or name is that long: such a parameter names nothing (Fastify's own answer is 414).
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(reply, 404, 'not_found', 'Not found');
    return;
  }
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
  void sendError(reply, status, codeOfClientStatus(status), 'The request URL is not valid');
};

const CLIENT_ERROR_DETAILS: Record<number, string> = {
  400: 'The request is malformed',
  408: 'The request took too long to arrive',
  431: 'The request headers are too large',
};

/**
 * Node's HTTP parser refusing a request (a broken request line, headers too large, a bad
 * Content-Length): answered on the raw socket in the API's error shape, then closed. It is the
 * client's fault, so it is logged below error level.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 408
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : 400;
  this.log.info({ code: error.code }, 'malformed request refused');
  if (socket.writable) {
    const body: ErrorBody = {
      errors: [
        {
          status: String(status),
          code: codeOfClientStatus(status),
          detail: CLIENT_ERROR_DETAILS[status] ?? 'The request is malformed',
        },
      ],
    };
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        `Connection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}
