import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RegistrationResponse } from '../../contract/api';
import { answers, invites, questionnaireSkips, users } from '../../server/db/schema';
import {
  bearer,
  buildTestApp,
  campaignCode,
  databases,
  detailOf,
  nextPhone,
  register,
  signedInPlayer,
  url,
  useDatabase,
} from './helper';

describe.each(databases)('registrations on %s', (kind) => {
  const database = useDatabase(kind);

  describe('POST users/registrations', () => {
    it('creates the player with the default prize and answers 201', async () => {
      const app = await buildTestApp(database());
      const phone = nextPhone();
      const response = await register(app, phone, await campaignCode(app));
      expect(response.statusCode).toBe(201);
      const { data } = RegistrationResponse.parse(response.json());
      expect(data).toEqual({
        id: expect.any(String) as string,
        phone_number: phone,
        main_price: 500,
      });
      const [row] = await database().db.select().from(users).where(eq(users.id, data.id));
      expect(row?.phone).toBe(`+${phone}`);
    });

    it('accepts an invite code in any letter case', async () => {
      const app = await buildTestApp(database());
      const code = await campaignCode(app);
      const response = await register(app, nextPhone(), ` ${code.toLowerCase()} `);
      expect(response.statusCode).toBe(201);
    });

    it('answers 409 when the phone is already registered, without using the invite', async () => {
      const app = await buildTestApp(database());
      const phone = nextPhone();
      const code = await campaignCode(app, 3);
      expect((await register(app, phone, code)).statusCode).toBe(201);
      const again = await register(app, phone, code);
      expect(again.statusCode).toBe(409);
      expect(detailOf(again)).toBe('Phone number already registered');
      const [invite] = await database().db.select().from(invites).where(eq(invites.code, code));
      expect(invite?.uses).toBe(1);
    });

    it('answers 404 for an unknown invite code', async () => {
      const app = await buildTestApp(database());
      const response = await register(app, nextPhone(), 'NOSUCHCODE');
      expect(response.statusCode).toBe(404);
      expect(detailOf(response)).toBe('Invalid invite code');
    });

    it('lets a campaign code sign up as many players as its uses, then refuses', async () => {
      const app = await buildTestApp(database());
      const code = await campaignCode(app, 2);
      expect((await register(app, nextPhone(), code)).statusCode).toBe(201);
      expect((await register(app, nextPhone(), code)).statusCode).toBe(201);
      const third = await register(app, nextPhone(), code);
      expect(third.statusCode).toBe(422);
      expect(detailOf(third)).toBe('This invite code has already been used');
    });

    it('lets a personal code sign up one player only', async () => {
      const app = await buildTestApp(database());
      const inviter = await signedInPlayer(app);
      const made = await app.inject({
        method: 'POST',
        url: url('invites'),
        headers: bearer(inviter.token),
      });
      const { code } = made.json<{ code: string }>();
      expect((await register(app, nextPhone(), code)).statusCode).toBe(201);
      const second = await register(app, nextPhone(), code);
      expect(second.statusCode).toBe(422);
      expect(detailOf(second)).toBe('This invite code has already been used');
    });

    it('takes each use once when sign-ups race for the last one', async () => {
      const app = await buildTestApp(database());
      const code = await campaignCode(app, 1);
      const results = await Promise.all(
        Array.from({ length: 4 }, () => register(app, nextPhone(), code)),
      );
      const statuses = results.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 422, 422, 422]);
    });

    it('creates one player when the same phone races to sign up', async () => {
      const app = await buildTestApp(database());
      const phone = nextPhone();
      const code = await campaignCode(app, 5);
      const results = await Promise.all([register(app, phone, code), register(app, phone, code)]);
      expect(results.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      const [invite] = await database().db.select().from(invites).where(eq(invites.code, code));
      expect(invite?.uses).toBe(1);
    });

    it.each([
      [{ invite_code: 'ABC' }, 'Phone number cannot be empty.'],
      [{ phone_number: '', invite_code: 'ABC' }, 'Phone number cannot be empty.'],
      [{ phone_number: '12025550', invite_code: 'ABC' }, 'Must be a valid mobile number'],
      [{ phone_number: '442071234567', invite_code: 'ABC' }, 'Must be a valid mobile number'],
      [{ phone_number: 12025550123, invite_code: 'ABC' }, 'Phone number cannot be empty.'],
      [{ phone_number: '12025550123' }, 'Invite code is required'],
      [
        { phone_number: '12025550123', invite_code: 'ABCDEFGHIJKL' },
        'Invite code has at most 11 characters',
      ],
      [{ phone_number: '12025550123', invite_code: 'ABC', admin: true }, 'Unknown field: admin'],
    ])('refuses %j with 422 "%s"', async (payload, detail) => {
      const app = await buildTestApp(database());
      const response = await app.inject({
        method: 'POST',
        url: url('users/registrations'),
        payload,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        errors: [{ status: '422', code: 'invalid_request', detail }],
      });
    });

    it('answers malformed JSON with 400 in the errors shape and writes nothing', async () => {
      const app = await buildTestApp(database());
      const before = await database().db.$count(users);
      const response = await app.inject({
        method: 'POST',
        url: url('users/registrations'),
        headers: { 'content-type': 'application/json' },
        payload: '{"phone_number": "12025550123", "invite_code": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: [
          { status: '400', code: 'malformed_json', detail: 'The request body is not valid JSON' },
        ],
      });
      expect(await database().db.$count(users)).toBe(before);
    });

    it('answers a body that is not an object with 422', async () => {
      const app = await buildTestApp(database());
      const response = await app.inject({
        method: 'POST',
        url: url('users/registrations'),
        headers: { 'content-type': 'application/json' },
        payload: '[1,2,3]',
      });
      expect(response.statusCode).toBe(422);
      expect(detailOf(response)).toBe('The request body must be a JSON object');
    });

    it('refuses a huge body with 413 in the errors shape', async () => {
      const app = await buildTestApp(database());
      const response = await app.inject({
        method: 'POST',
        url: url('users/registrations'),
        payload: { phone_number: '12025550123', invite_code: 'ABC', filler: 'x'.repeat(100_000) },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        errors: [
          { status: '413', code: 'payload_too_large', detail: 'The request body is too large' },
        ],
      });
    });

    it('refuses a text body with 422', async () => {
      const app = await buildTestApp(database());
      const response = await app.inject({
        method: 'POST',
        url: url('users/registrations'),
        headers: { 'content-type': 'text/plain' },
        payload: 'phone=12025550123',
      });
      expect(response.statusCode).toBe(422);
      expect(detailOf(response)).toBe('The request body must be a JSON object');
    });
  });

  describe('DELETE users/registrations/{id}', () => {
    it('erases the phone, ends the session at once and frees the number', async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      await app.inject({ method: 'POST', url: url('invites'), headers: bearer(player.token) });
      await app.inject({
        method: 'POST',
        url: url('clicks'),
        headers: bearer(player.token),
        payload: { click: { event_name: 'black_button_click', page_url: '/home' } },
      });
      // What the player answered and skipped goes with the account too.
      await app.services.catalog.loadStarterOnce();
      const entry = await app.services.draws.press(player.user.id);
      const question = await app.services.questionnaires.next(player.user.id);
      const answered = await app.inject({
        method: 'PATCH',
        url: url(`questionnaires/${question.id}`),
        headers: bearer(player.token),
        payload: {
          question_prompt: question.prompt,
          answer: true,
          draw_entry_id: entry.entry.id,
          isSkipped: false,
        },
      });
      expect(answered.statusCode).toBe(200);
      await app.services.questionnaires.skip(player.user.id, entry.entry.id);

      const response = await app.inject({
        method: 'DELETE',
        url: url(`users/registrations/${player.user.id}`),
        headers: bearer(player.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'Account deleted' });

      const [row] = await database().db.select().from(users).where(eq(users.id, player.user.id));
      expect(row?.phone).toBeNull();
      expect(row?.deletedAt).toBeInstanceOf(Date);
      expect(await database().db.$count(invites, eq(invites.ownerId, player.user.id))).toBe(0);
      expect(await database().db.$count(answers, eq(answers.userId, player.user.id))).toBe(0);
      expect(
        await database().db.$count(
          questionnaireSkips,
          eq(questionnaireSkips.userId, player.user.id),
        ),
      ).toBe(0);

      const afterwards = await app.inject({
        method: 'GET',
        url: url('invites'),
        headers: bearer(player.token),
      });
      expect(afterwards.statusCode).toBe(401);
      expect((await register(app, player.phone, await campaignCode(app))).statusCode).toBe(201);
    });

    it("answers 404 for another player's id and deletes nothing", async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const other = await signedInPlayer(app);
      const response = await app.inject({
        method: 'DELETE',
        url: url(`users/registrations/${other.user.id}`),
        headers: bearer(player.token),
      });
      expect(response.statusCode).toBe(404);
      expect(detailOf(response)).toBe('Unknown user');
      const [row] = await database().db.select().from(users).where(eq(users.id, other.user.id));
      expect(row?.phone).toBe(`+${other.phone}`);
    });

    it('answers 422 for an id that is not a player id, and 401 without a session', async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const malformed = await app.inject({
        method: 'DELETE',
        url: url('users/registrations/42'),
        headers: bearer(player.token),
      });
      expect(malformed.statusCode).toBe(422);
      const anonymous = await app.inject({
        method: 'DELETE',
        url: url(`users/registrations/${player.user.id}`),
      });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({
        errors: [{ status: '401', code: 'unauthorized', detail: 'Unauthorized' }],
      });
    });
  });
});
