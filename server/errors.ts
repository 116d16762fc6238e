// The errors services raise on purpose. The error handler turns each into the wire shape
// `{ errors: [{ status, code, detail }] }` (DESIGN section 7).

export type ErrorCode =
  | 'bad_request'
  | 'request_timeout'
  | 'uri_too_long'
  | 'headers_too_large'
  | 'invalid_request'
  | 'malformed_json'
  | 'unauthorized'
  | 'not_found'
  | 'conflict'
  | 'locked'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'sms_failed'
  | 'service_unavailable'
  | 'server_error';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string,
    /** Seconds a client should wait before trying again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
    options?: ErrorOptions,
  ) {
    super(detail, options);
    this.name = 'AppError';
  }
}

export const invalid = (detail: string) => new AppError(422, 'invalid_request', detail);
export const unauthorized = (detail = 'Unauthorized') => new AppError(401, 'unauthorized', detail);
export const notFound = (detail = 'Not found') => new AppError(404, 'not_found', detail);
export const conflict = (detail: string) => new AppError(409, 'conflict', detail);
export const tooMany = (detail: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', detail, retryAfterSeconds);
export const locked = (detail: string) => new AppError(423, 'locked', detail);

/** Seconds a client waits before retrying while the database is unreachable (a probe runs 4/s). */
export const DATABASE_RETRY_AFTER_SECONDS = 1;
