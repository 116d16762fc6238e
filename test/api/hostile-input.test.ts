// Bad input gets a clear 4xx in the errors shape, changes nothing and logs no error
// (DESIGN section 7).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DrawEntryResponse,
  DrawResponse,
  ErrorBody,
  MAX_INT4,
  METADATA_MAX_BYTES,
  UNSTORABLE_TEXT_DETAIL,
} from '../../contract/api';
import { OfferCatalog, QuestionCatalog } from '../../contract/catalog';
import { NextQuestionResponse, QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import { ClaimCouponResponse, RewardsResponse } from '../../contract/rewards';
import {
  bearer,
  buildTestApp,
  campaignCode,
  databases,
  detailOf,
  nextPhone,
  signedInPlayer,
  url,
  useDatabase,
} from './helper';
import { buildLoggedApp, rowCounts, type LogLine } from './integrity';

const NUL = 'ab\u0000c';
const LONE_HIGH = 'ab\ud800c';
const LONE_LOW = '\udc00abc';

/** `depth` objects nested in one another. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < depth; level += 1) value = { a: value };
  return value;
}

/** The raw bytes a socket receives until the server closes it. */
function rawExchange(port: number, request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.write(request);
  });
}

function parseRaw(response: string): { status: number; headers: string; body: string } {
  const [head = '', body = ''] = response.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head, body };
}

describe.each(databases)('hostile input (%s)', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;
  let lines: LogLine[];
  let errors: () => LogLine[];
  let player: Awaited<ReturnType<typeof signedInPlayer>>;

  beforeAll(async () => {
    ({ app, lines, errors } = await buildLoggedApp(database()));
    player = await signedInPlayer(app);
  });
  afterAll(async () => {
    await app.close();
  });

  /** Sends `request`, expecting a refusal that leaves every table as it was. */
  async function refused(request: InjectOptions, status: number) {
    const before = await rowCounts(database());
    const response = await app.inject(request);
    expect(response.statusCode, response.body).toBe(status);
    expect(ErrorBody.safeParse(response.json()).success).toBe(true);
    expect(await rowCounts(database())).toEqual(before);
    return response;
  }

  describe('NUL characters and unpaired surrogates', () => {
    const hostile = [NUL, LONE_HIGH, LONE_LOW];

    it.each(hostile.map((text) => [JSON.stringify(text), text]))(
      'refuses %s in every string field with 422 and a readable detail',
      async (_, text) => {
        const code = await campaignCode(app);
        const phone = nextPhone();
        const requests: InjectOptions[] = [
          { method: 'POST', url: url('invites/validate'), payload: { invite_code: text } },
          { method: 'POST', url: url('invite_click_counts'), payload: { invite_code: text } },
          {
            method: 'POST',
            url: url('users/registrations'),
            payload: { phone_number: phone, invite_code: text },
          },
          {
            method: 'POST',
            url: url('users/registrations'),
            payload: { phone_number: `${phone}${text}`, invite_code: code },
          },
          { method: 'POST', url: url('users/request_code'), payload: { phone_number: text } },
          {
            method: 'POST',
            url: url('users/verify_code'),
            payload: { phone_number: phone, code: text },
          },
          {
            method: 'POST',
            url: url('clicks'),
            headers: bearer(player.token),
            payload: { click: { event_name: 'black_button_click', page_url: `/home${text}` } },
          },
          {
            method: 'POST',
            url: url('clicks'),
            headers: bearer(player.token),
            payload: {
              click: {
                event_name: 'black_button_click',
                page_url: '/home',
                metadata: { [text]: 1 },
              },
            },
          },
          {
            method: 'POST',
            url: url('clicks'),
            headers: bearer(player.token),
            payload: {
              click: {
                event_name: 'black_button_click',
                page_url: '/home',
                metadata: { list: [{ note: text }] },
              },
            },
          },
          {
            method: 'POST',
            url: url('contact-us/send-email'),
            headers: bearer(player.token),
            payload: { subject: `Help${text}`, message: 'My code did not work.' },
          },
          {
            method: 'POST',
            url: url('contact-us/send-email'),
            headers: bearer(player.token),
            payload: { subject: 'Help', message: `My code${text} did not work.` },
          },
          {
            method: 'POST',
            url: url('reward_payment_choices/claim'),
            headers: bearer(player.token),
            payload: {
              grand_prize_id: `00000000-0000-4000-8000-00000000000${text}`,
              payment_method: 'PayPal',
              email: 'jane@example.com',
            },
          },
          {
            method: 'POST',
            url: url('reward_payment_choices/claim'),
            headers: bearer(player.token),
            payload: {
              grand_prize_id: '00000000-0000-4000-8000-000000000000',
              payment_method: 'Venmo',
              handle: `@jane${text}doe`,
            },
          },
        ];
        for (const request of requests) {
          const response = await refused(request, 422);
          expect(detailOf(response)).toBe(UNSTORABLE_TEXT_DETAIL);
        }
        // A NUL in a field name is an unknown field like any other.
        const keyed = await refused(
          {
            method: 'POST',
            url: url('invites/validate'),
            payload: { invite_code: code, [text]: 1 },
          },
          422,
        );
        expect(detailOf(keyed)).toMatch(/^Unknown field/);
        expect(errors()).toEqual([]);
      },
    );

    it('names the problem in the detail', async () => {
      const response = await refused(
        { method: 'POST', url: url('invites/validate'), payload: { invite_code: NUL } },
        422,
      );
      expect(detailOf(response)).toBe(UNSTORABLE_TEXT_DETAIL);
    });
  });

  describe('ids past the database range', () => {
    it('answers 404 for a path id that cannot exist and 422 for such a query value', async () => {
      const tooBig = MAX_INT4 + 1;
      expect((await refused({ method: 'GET', url: url(`draws/${tooBig}`) }, 404)).json()).toEqual({
        errors: [{ status: '404', code: 'not_found', detail: 'Unknown draw' }],
      });
      await refused({ method: 'GET', url: url(`draws/${tooBig}/entry_ids`) }, 404);
      await refused({ method: 'GET', url: url('draws/1e30') }, 404);
      await refused({ method: 'GET', url: url(`draws?before=${tooBig}`) }, 422);
      await refused({ method: 'GET', url: url('draws/1/entry_ids?after=1e300') }, 422);
      await refused({ method: 'GET', url: url(`draws/1/entry_ids?after=${2 ** 63}`) }, 422);
      const entry = await refused(
        { method: 'GET', url: url('draw_entries/99999999999'), headers: bearer(player.token) },
        404,
      );
      expect(detailOf(entry)).toBe('Unknown entry');
      await refused(
        {
          method: 'GET',
          url: url('draw_entries/99999999999999999999'),
          headers: bearer(player.token),
        },
        404,
      );
      expect(errors()).toEqual([]);
    });

    it('reads an id only from decimal digits: 0x1, 1e0, +1, " 1", 1.0 and a fullwidth 1 name nothing', async () => {
      const current = DrawResponse.parse(
        (await app.inject({ method: 'GET', url: url('draws/current') })).json(),
      ).data.id;
      expect((await app.inject({ method: 'GET', url: url(`draws/${current}`) })).statusCode).toBe(
        200,
      );
      const fullwidth = [...String(current)]
        .map((digit) => encodeURIComponent(String.fromCharCode(0xff10 + Number(digit))))
        .join('');
      const notations = [
        `0x${current.toString(16)}`,
        `${current}e0`,
        `+${current}`,
        `%20${current}`,
        `${current}%20`,
        `${current}.0`,
        fullwidth,
      ];
      for (const id of notations) {
        const draw = await refused({ method: 'GET', url: url(`draws/${id}`) }, 404);
        expect(detailOf(draw), id).toBe('Unknown draw');
        await refused({ method: 'GET', url: url(`draws/${id}/entry_ids`) }, 404);
        const entry = { method: 'GET' as const, headers: bearer(player.token) };
        await refused({ ...entry, url: url(`draw_entries/${id}`) }, 404);
        await refused(
          {
            method: 'PATCH',
            url: url(`questionnaires/${id}`),
            headers: bearer(player.token),
            payload: { question_prompt: 'Q?', answer: true, draw_entry_id: 1, isSkipped: false },
          },
          404,
        );
        // In a query such a value is invalid input, as one out of range is.
        await refused({ method: 'GET', url: url(`draws?before=${id}`) }, 422);
      }
      for (const ten of ['0xa', '1e1', '+10', '%2010', '10.0']) {
        await refused({ method: 'GET', url: url(`draws?limit=${ten}`) }, 422);
        await refused({ method: 'GET', url: url(`draws/${current}/entry_ids?after=${ten}`) }, 422);
        await refused({ method: 'GET', url: url(`draws/${current}/entry_ids?limit=${ten}`) }, 422);
      }
      // Text that is no number at all is invalid input, in a path too.
      await refused({ method: 'GET', url: url('draws/abc') }, 422);
      expect((await app.inject({ method: 'GET', url: url('draws?limit=10') })).statusCode).toBe(
        200,
      );
      expect(errors()).toEqual([]);
    });

    it('still answers a draw id in range', async () => {
      const response = await app.inject({ method: 'GET', url: url(`draws/${MAX_INT4}`) });
      expect(response.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: url('draws?before=5') })).statusCode).toBe(
        200,
      );
    });
  });

  describe('click metadata', () => {
    function click(metadata: unknown): InjectOptions {
      return {
        method: 'POST',
        url: url('clicks'),
        headers: bearer(player.token),
        payload: { click: { event_name: 'black_button_click', page_url: '/home', metadata } },
      };
    }

    it('refuses metadata 5,000 levels deep with 422', async () => {
      // Written out by hand: JSON.stringify itself runs out of stack on such a value.
      const post = (metadata: string): InjectOptions => ({
        method: 'POST',
        url: url('clicks'),
        headers: { ...bearer(player.token), 'content-type': 'application/json' },
        payload: `{"click":{"event_name":"black_button_click","page_url":"/home","metadata":${metadata}}}`,
      });
      const response = await refused(post(`{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`), 422);
      // As objects, 5,000 levels no longer fit in a request body.
      await refused(post(`${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`), 413);
      expect(detailOf(response)).toBe('Metadata nests at most 5 levels');
      expect(errors()).toEqual([]);
    });

    it('keeps metadata up to 5 levels and refuses a sixth', async () => {
      expect((await app.inject(click(nested(5)))).statusCode).toBe(201);
      await refused(click(nested(6)), 422);
      await refused(click({ list: [[[[[[1]]]]]] }), 422);
    });

    it(`refuses metadata over ${METADATA_MAX_BYTES} bytes`, async () => {
      const response = await refused(click({ note: 'x'.repeat(METADATA_MAX_BYTES) }), 422);
      expect(detailOf(response)).toBe(`Metadata is at most ${METADATA_MAX_BYTES} bytes`);
    });
  });

  describe('calls that carry no body', () => {
    it.each([{ body: null }, { body: [] }, { body: { extra: 1 } }, { body: 'text' }])(
      'refuse $body on logout, new invite, account deletion and a reward claimed or deleted',
      async ({ body }) => {
        const reward = '00000000-0000-4000-8000-000000000000';
        const calls: InjectOptions[] = [
          { method: 'POST', url: url('users/logout') },
          { method: 'POST', url: url('invites') },
          { method: 'DELETE', url: url(`users/registrations/${player.user.id}`) },
          { method: 'POST', url: url(`rewards/${reward}/claim`) },
          { method: 'DELETE', url: url(`rewards/${reward}`) },
        ];
        for (const call of calls) {
          await refused(
            {
              ...call,
              headers: { ...bearer(player.token), 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            },
            422,
          );
        }
        // The session still works: nothing was revoked or deleted.
        const invites = await app.inject({
          method: 'GET',
          url: url('invites'),
          headers: bearer(player.token),
        });
        expect(invites.statusCode).toBe(200);
      },
    );

    it('accept no body at all, as the app sends them, and an empty object', async () => {
      const someone = await signedInPlayer(app);
      const invite = await app.inject({
        method: 'POST',
        url: url('invites'),
        headers: bearer(someone.token),
      });
      expect(invite.statusCode, invite.body).toBe(201);
      const withEmpty = await app.inject({
        method: 'POST',
        url: url('invites'),
        headers: bearer(someone.token),
        payload: {},
      });
      expect(withEmpty.statusCode).toBe(201);
      const logout = await app.inject({
        method: 'POST',
        url: url('users/logout'),
        headers: bearer(someone.token),
      });
      expect(logout.statusCode).toBe(200);
      const other = await signedInPlayer(app);
      const deleted = await app.inject({
        method: 'DELETE',
        url: url(`users/registrations/${other.user.id}`),
        headers: bearer(other.token),
      });
      expect(deleted.statusCode).toBe(200);
    });

    describe('a reward claimed or deleted', () => {
      beforeAll(async () => {
        await app.services.catalog.importQuestions(
          QuestionCatalog.parse({
            questions: Array.from({ length: QUESTIONS_PER_BATCH }, (_, i) => ({
              key: `bodiless-q-${i}`,
              prompt: `Bodiless question ${i}?`,
              tags: ['books'],
            })),
          }),
        );
        await app.services.catalog.importOffers(
          OfferCatalog.parse({
            offers: [
              {
                key: 'bodiless-offer',
                coupon_type: 'Bodiless Books',
                kind: 'coupon',
                value: 5,
                image: '/images/rewards/coupon.svg',
                link: null,
                tags: ['books'],
                code: 'BOOKS-5',
                delivery_note: null,
              },
            ],
          }),
        );
      });

      const as = (
        token: string,
        method: 'GET' | 'POST' | 'PATCH',
        path: string,
        payload?: object,
      ) =>
        app.inject({
          method,
          url: url(path),
          headers: bearer(token),
          ...(payload ? { payload } : {}),
        });

      /** A player with the coupon of a whole batch of answers. */
      async function playerWithCoupon() {
        const someone = await signedInPlayer(app);
        const entry = DrawEntryResponse.parse(
          (await as(someone.token, 'POST', 'draw_entries', {})).json(),
        ).data;
        for (let answered = 0; answered < QUESTIONS_PER_BATCH; answered += 1) {
          const next = NextQuestionResponse.parse(
            (await as(someone.token, 'GET', 'questionnaires/next')).json(),
          ).data;
          await as(someone.token, 'PATCH', `questionnaires/${next.id}`, {
            question_prompt: next.attributes.next_question,
            answer: true,
            draw_entry_id: entry.id,
            isSkipped: false,
          });
        }
        const paid = RewardsResponse.parse(
          (await as(someone.token, 'POST', 'rewards', { draw_entry_id: entry.id })).json(),
        ).data;
        const coupon = paid.find((reward) => reward.type === 'coupon_reward');
        if (!coupon) throw new Error('no coupon was paid');
        return { token: someone.token, coupon: coupon.id };
      }

      it('takes no body at all, as with an empty object', async () => {
        const claimer = await playerWithCoupon();
        const claim = { method: 'POST' as const, url: url(`rewards/${claimer.coupon}/claim`) };
        const claimed = await app.inject({ ...claim, headers: bearer(claimer.token) });
        expect(claimed.statusCode, claimed.body).toBe(200);
        expect(ClaimCouponResponse.parse(claimed.json()).data.message).toBe('BOOKS-5');
        const again = await app.inject({ ...claim, headers: bearer(claimer.token), payload: {} });
        expect(again.statusCode).toBe(409);

        const deleter = await playerWithCoupon();
        const remove = { method: 'DELETE' as const, url: url(`rewards/${deleter.coupon}`) };
        expect((await app.inject({ ...remove, headers: bearer(deleter.token) })).statusCode).toBe(
          204,
        );
        const gone = await app.inject({ ...remove, headers: bearer(deleter.token), payload: {} });
        expect(gone.statusCode).toBe(404);
        // An unknown reward answers the same with no body as with {}.
        const unknown = await app.inject({
          method: 'DELETE',
          url: url(`rewards/${deleter.coupon}`),
          headers: bearer(deleter.token),
        });
        expect(unknown.json()).toEqual(gone.json());
      });
    });
  });

  describe('path segments longer than a file name', () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'bb-client-'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>BLACK BUTTON</title>');
    afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

    it('answers 404 in the errors shape, as for any path that names nothing', async () => {
      const served = await buildTestApp(database(), { clientDir });
      const long = 'a'.repeat(256);
      for (const path of [`/${long}`, `/assets/${long}.js`, `/api/v1/grand_prizes/${long}`]) {
        const response = await served.inject({ method: 'GET', url: path });
        expect(response.statusCode, path).toBe(404);
        expect(ErrorBody.parse(response.json()).errors[0]?.code).toBe('not_found');
      }
      // A page asked for loads the app, as every client-side path does.
      const page = await served.inject({
        method: 'GET',
        url: `/${long}`,
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('BLACK BUTTON');
    });
  });

  describe('refusals by the router and the HTTP parser, on a real socket', () => {
    let port: number;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as AddressInfo).port;
    });

    async function expectRefusal(request: string, status: number, code: string) {
      const response = parseRaw(await rawExchange(port, request));
      expect(response.status, response.headers).toBe(status);
      const body = ErrorBody.parse(JSON.parse(response.body));
      expect(body.errors[0]?.code).toBe(code);
      return response;
    }

    it('answers a URL that does not decode with 400, without echoing it', async () => {
      const response = await expectRefusal(
        'GET /api/v1/draws/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
        400,
        'bad_request',
      );
      expect(response.body).not.toContain('%E0');
      expect(response.body).not.toContain('draws');
    });

    it('answers a path parameter over the length limit with 404, as one that names nothing', async () => {
      const long = 'A'.repeat(500);
      const response = await expectRefusal(
        `GET /api/v1/grand_prizes/${long} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
        404,
        'not_found',
      );
      expect(response.body).not.toContain(long);
    });

    it('answers headers too large with 431', async () => {
      await expectRefusal(
        `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
        431,
        'headers_too_large',
      );
    });

    it('answers a malformed request line with 400', async () => {
      const response = await expectRefusal('GET /\u0001secret HTTP/9\r\n\r\n', 400, 'bad_request');
      expect(response.body).not.toContain('secret');
    });

    it('answers an invalid Content-Length with 400', async () => {
      await expectRefusal(
        'POST /api/v1/invites/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -5\r\n\r\n{}',
        400,
        'bad_request',
      );
    });

    it('does not log a client that leaves mid-upload as a server error', async () => {
      await new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/v1/invites/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"invite_code":',
            () => setTimeout(() => socket.destroy(), 50),
          );
        });
        socket.on('error', reject);
        socket.on('close', () => resolve());
      });
      // The server notices the reset on its next turn.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lines.map((line) => line.msg)).toContain(
        'client went away before its request was read',
      );
      expect(errors()).toEqual([]);
    });

    it('logged no error for any refusal', () => {
      expect(errors()).toEqual([]);
    });
  });
});
