// The trusted-device cookie (OWASP's device cookies, DESIGN section 4): given on a successful
// sign-in, it names the player and the device's row, signed by the server. HttpOnly keeps it
// from scripts, SameSite=Strict from other sites, and its path from every call but sign-in.
import { createHmac } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../../../contract/api';
import type { DeviceClaim, SignInClient } from '../../services/sign-in';

export const DEVICE_COOKIE = 'bb_device';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Parses cookies on the routes registered in `app` and signs them with a key of their own. */
export async function registerDeviceCookies(app: FastifyInstance, serverSecret: string) {
  // Derived, so the session tokens' key is never used for anything else.
  const secret = createHmac('sha256', serverSecret).update('trusted-device-cookie').digest();
  await app.register(fastifyCookie, { secret });
}

function deviceClaimOf(request: FastifyRequest): DeviceClaim | null {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid) return null;
  const [userId = '', deviceId = '', ...rest] = unsigned.value.split('.');
  if (rest.length > 0 || !UUID.test(userId) || !UUID.test(deviceId)) return null;
  return { userId, deviceId };
}

export function signInClientOf(request: FastifyRequest): SignInClient {
  return { address: request.ip, device: deviceClaimOf(request) };
}

export function setDeviceCookie(reply: FastifyReply, claim: DeviceClaim) {
  reply.setCookie(DEVICE_COOKIE, `${claim.userId}.${claim.deviceId}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    // Secure whenever the request came over HTTPS (behind a proxy too, with TRUST_PROXY).
    secure: 'auto',
    path: `${API_BASE}/users`,
    maxAge: MAX_AGE_SECONDS,
  });
}
