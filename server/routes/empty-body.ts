import type { FastifyRequest } from 'fastify';

/**
 * For calls that carry nothing (logout, a new invite, account deletion, a reward's claim or
 * deletion): a request with no body at all, as the app sends them, is read as `{}`. Fastify
 * hands the validator `null` for both a missing body and a JSON `null`; this tells them apart,
 * so the contract's empty object still refuses `null`, arrays and any field.
 */
export function absentBodyAsEmptyObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined) request.body = {};
  return Promise.resolve();
}
