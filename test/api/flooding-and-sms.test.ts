import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestCodeResponse } from '../../contract/api';
import { buildApp, loggerOptions } from '../../server/app';
import { createSmsSender } from '../../server/sms/sender';
import { createTwilioSender } from '../../server/sms/twilio';
import {
  buildTestApp,
  campaignCode,
  databases,
  detailOf,
  nextPhone,
  register,
  requestCode,
  testConfig,
  TestClock,
  useDatabase,
  verifyCode,
} from './helper';

/** A local stand-in for Twilio's Messages API that records what it was sent. */
function fakeTwilio() {
  const received: { path: string; authorization: string; form: URLSearchParams }[] = [];
  let status = 201;
  const server: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        authorization: request.headers.authorization ?? '',
        form: new URLSearchParams(body),
      });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sid: 'SM123', status: 'queued' }));
    });
  });
  return {
    received,
    failWith: (code: number) => (status = code),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(databases)('flooding, texts and logs on %s', (kind) => {
  const database = useDatabase(kind);

  async function registered(app: Awaited<ReturnType<typeof buildTestApp>>) {
    const phone = nextPhone();
    expect((await register(app, phone, await campaignCode(app, 1))).statusCode).toBe(201);
    return phone;
  }

  describe('code requests are limited', () => {
    it('per phone: CODE_LIMIT_PER_PHONE in 10 minutes, then 429 with Retry-After', async () => {
      const app = await buildTestApp(database(), { config: { CODE_LIMIT_PER_PHONE: '3' } });
      const phone = await registered(app);
      for (let i = 0; i < 3; i += 1) expect((await requestCode(app, phone)).statusCode).toBe(200);
      const flooded = await requestCode(app, phone);
      expect(flooded.statusCode).toBe(429);
      expect(flooded.json()).toEqual({
        errors: [
          {
            status: '429',
            code: 'rate_limited',
            detail: 'Too many code requests. Please try again later.',
          },
        ],
      });
      const retryAfter = Number(flooded.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(500);
      expect(retryAfter).toBeLessThanOrEqual(600);
      // Another phone from the same address is not held back.
      expect((await requestCode(app, await registered(app))).statusCode).toBe(200);
    });

    it('per phone also for numbers that are not registered', async () => {
      const app = await buildTestApp(database(), { config: { CODE_LIMIT_PER_PHONE: '2' } });
      const phone = nextPhone();
      expect((await requestCode(app, phone)).statusCode).toBe(404);
      expect((await requestCode(app, phone)).statusCode).toBe(404);
      expect((await requestCode(app, phone)).statusCode).toBe(429);
    });

    it('per client address: CODE_LIMIT_PER_ADDRESS across phones, then 429', async () => {
      const app = await buildTestApp(database(), { config: { CODE_LIMIT_PER_ADDRESS: '3' } });
      for (let i = 0; i < 3; i += 1) {
        expect((await requestCode(app, await registered(app), '10.0.0.7')).statusCode).toBe(200);
      }
      const flooded = await requestCode(app, await registered(app), '10.0.0.7');
      expect(flooded.statusCode).toBe(429);
      expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
      expect(detailOf(flooded)).toBe('Too many code requests. Please try again later.');
      expect((await requestCode(app, await registered(app), '10.0.0.8')).statusCode).toBe(200);
    });

    it('counts against one limit however many server instances share the database', async () => {
      const config = { CODE_LIMIT_PER_PHONE: '2', CODE_LIMIT_PER_ADDRESS: '3' };
      const first = await buildTestApp(database(), { config });
      const second = await buildTestApp(database(), { config });
      const phone = await registered(first);
      expect((await requestCode(first, phone, '10.0.1.1')).statusCode).toBe(200);
      expect((await requestCode(second, phone, '10.0.1.1')).statusCode).toBe(200);
      const flooded = await requestCode(first, phone, '10.0.1.2');
      expect(flooded.statusCode).toBe(429);
      expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(500);
      // The address's third request, on the other instance, is still allowed; its fourth is not.
      expect((await requestCode(second, await registered(second), '10.0.1.1')).statusCode).toBe(
        200,
      );
      expect((await requestCode(first, await registered(first), '10.0.1.1')).statusCode).toBe(429);
    });

    it('starts a fresh window once 10 minutes have passed', async () => {
      const clock = new TestClock();
      const app = await buildTestApp(database(), { clock, config: { CODE_LIMIT_PER_PHONE: '1' } });
      const phone = await registered(app);
      expect((await requestCode(app, phone, '10.0.2.1')).statusCode).toBe(200);
      clock.advance(9 * 60_000);
      const flooded = await requestCode(app, phone, '10.0.2.1');
      expect(flooded.statusCode).toBe(429);
      expect(Number(flooded.headers['retry-after'])).toBe(60);
      clock.advance(60_000);
      expect((await requestCode(app, phone, '10.0.2.1')).statusCode).toBe(200);
    });

    it('takes the client address from X-Forwarded-For only when TRUST_PROXY is on', async () => {
      const send = (
        app: Awaited<ReturnType<typeof buildTestApp>>,
        phone: string,
        forwarded: string,
      ) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/users/request_code',
          payload: { phone_number: phone },
          headers: { 'x-forwarded-for': forwarded },
          // The proxy's own address, used by none of the other tests' requests.
          remoteAddress: '198.51.100.7',
        });
      const trusting = await buildTestApp(database(), {
        config: { CODE_LIMIT_PER_ADDRESS: '1', TRUST_PROXY: 'on' },
      });
      expect((await send(trusting, await registered(trusting), '203.0.113.1')).statusCode).toBe(
        200,
      );
      expect((await send(trusting, await registered(trusting), '203.0.113.2')).statusCode).toBe(
        200,
      );
      expect((await send(trusting, await registered(trusting), '203.0.113.2')).statusCode).toBe(
        429,
      );

      const direct = await buildTestApp(database(), { config: { CODE_LIMIT_PER_ADDRESS: '1' } });
      expect((await send(direct, await registered(direct), '203.0.113.1')).statusCode).toBe(200);
      expect((await send(direct, await registered(direct), '203.0.113.2')).statusCode).toBe(429);
    });
  });

  describe('with an SMS provider', () => {
    const twilio = fakeTwilio();
    let apiUrl = '';
    beforeAll(async () => {
      apiUrl = await twilio.start();
    });
    afterAll(() => twilio.stop());

    const providerConfig = () => ({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC0001',
      TWILIO_AUTH_TOKEN: 'secret-token',
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: apiUrl,
    });

    it('texts the code through the provider and never returns it as otp', async () => {
      const config = testConfig(providerConfig());
      const app = await buildTestApp(database(), {
        config: providerConfig(),
        sms: createSmsSender(config, { info: () => undefined }),
      });
      const phone = await registered(app);
      twilio.failWith(201);
      const response = await requestCode(app, phone);
      expect(response.statusCode).toBe(200);
      const body = RequestCodeResponse.parse(response.json());
      expect(body).toEqual({ message: 'Code sent' });

      const sent = twilio.received.at(-1);
      expect(sent?.path).toBe('/2010-04-01/Accounts/AC0001/Messages.json');
      expect(sent?.authorization).toBe(
        `Basic ${Buffer.from('AC0001:secret-token').toString('base64')}`,
      );
      expect(sent?.form.get('To')).toBe(`+${phone}`);
      expect(sent?.form.get('From')).toBe('+15005550006');
      const code = /(\d{4})/.exec(sent?.form.get('Body') ?? '')?.[1] ?? '';
      expect(code).toMatch(/^\d{4}$/);
      expect((await verifyCode(app, phone, code)).statusCode).toBe(200);
    });

    it('answers 502 when the provider refuses, and the unsent code cannot be used', async () => {
      const app = await buildTestApp(database(), {
        config: providerConfig(),
        sms: createTwilioSender({
          accountSid: 'AC0001',
          authToken: 'secret-token',
          from: '+15005550006',
          apiUrl,
        }),
      });
      const phone = await registered(app);
      twilio.failWith(500);
      const response = await requestCode(app, phone);
      twilio.failWith(201);
      expect(response.statusCode).toBe(502);
      expect(detailOf(response)).toBe('There was a problem sending the code.');
      const code = /(\d{4})/.exec(twilio.received.at(-1)?.form.get('Body') ?? '')?.[1] ?? '';
      expect((await verifyCode(app, phone, code)).statusCode).toBe(401);
    });
  });

  it('never writes a full phone number or a code into the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = testConfig({ LOG_LEVEL: 'trace', CODE_LIMIT_PER_PHONE: '2' });
    const app = await buildApp({
      config,
      db: database(),
      logger: { ...(loggerOptions(config) as object), stream },
      clientDir: '/nonexistent-client-dir',
    });
    await app.ready();
    const phone = nextPhone();
    await register(app, phone, await campaignCode(app, 1));
    const otp = RequestCodeResponse.parse((await requestCode(app, phone)).json()).otp ?? '';
    await verifyCode(app, phone, otp === '0000' ? '0001' : '0000');
    await requestCode(app, phone);
    await requestCode(app, phone);
    await app.close();

    const log = lines.join('');
    expect(log).toContain('text not sent');
    expect(log).toContain(`+1******${phone.slice(-4)}`);
    expect(log).not.toContain(phone.slice(1));
    expect(log).not.toContain(`"${otp}"`);
    expect(log).not.toContain(`code is ${otp}`);
  });
});
