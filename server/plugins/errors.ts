// Every error leaves in one shape, `{ errors: [{ status, code, detail }] }` (DESIGN section 7),
// whether a service raised it, the contract rejected the input, or Fastify refused the body.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../contract/api';
import { AppError, DATABASE_RETRY_AFTER_SECONDS, type ErrorCode } from '../errors';

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
  if (issue.keyword === 'invalid_type' && issue.instancePath === '/') {
    return 'The request body must be a JSON object';
  }
  return issue.message ?? 'The request is not valid';
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

export default fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.retryAfterSeconds !== undefined) {
          void reply.header('retry-after', String(error.retryAfterSeconds));
        }
        if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.detail);
        return sendError(reply, error.statusCode, error.code, error.detail);
      }
      // After AppError: a service's own error (an SMS provider out of reach) is not an outage.
      const unavailable = replyDatabaseUnavailable(app, error, request, reply);
      if (unavailable) return unavailable;
      if (hasZodFastifySchemaValidationErrors(error)) {
        return sendError(reply, 422, 'invalid_request', describeIssue(error.validation[0]));
      }
      const known = fastifyErrorReply(error);
      if (known) return sendError(reply, known.status, known.code, known.detail);
      if (error.statusCode === 429) {
        return sendError(reply, 429, 'rate_limited', 'Too many requests. Please try again later.');
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, 'server_error', 'Server Error');
    });
  },
  { name: 'errors' },
);
