import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CreateInviteResponse, InviteListResponse } from '../../contract/api';
import { inviteClicks, invites } from '../../server/db/schema';
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

describe.each(databases)('invites on %s', (kind) => {
  const database = useDatabase(kind);

  const createInvite = (app: Awaited<ReturnType<typeof buildTestApp>>, token: string) =>
    app.inject({ method: 'POST', url: url('invites'), headers: bearer(token) });

  describe('POST invites/validate', () => {
    it('answers 200 {valid: true} for a usable code, in any letter case', async () => {
      const app = await buildTestApp(database());
      const code = await campaignCode(app);
      const response = await app.inject({
        method: 'POST',
        url: url('invites/validate'),
        payload: { invite_code: code.toLowerCase() },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ valid: true });
    });

    it('answers 404 "Invalid Code" for an unknown or used-up code', async () => {
      const app = await buildTestApp(database());
      const used = await campaignCode(app, 1);
      await register(app, nextPhone(), used);
      for (const invite_code of ['UNKNOWN1', used]) {
        const response = await app.inject({
          method: 'POST',
          url: url('invites/validate'),
          payload: { invite_code },
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          errors: [{ status: '404', code: 'not_found', detail: 'Invalid Code' }],
        });
      }
    });

    it('answers 422 for an empty or over-long code', async () => {
      const app = await buildTestApp(database());
      for (const [invite_code, detail] of [
        ['', 'Invite code is required'],
        ['123456789012', 'Invite code has at most 11 characters'],
      ]) {
        const response = await app.inject({
          method: 'POST',
          url: url('invites/validate'),
          payload: { invite_code },
        });
        expect(response.statusCode).toBe(422);
        expect(detailOf(response)).toBe(detail);
      }
    });
  });

  describe('POST and GET invites', () => {
    it('gives a player 5 personal codes, then answers 409', async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const codes: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await createInvite(app, player.token);
        expect(response.statusCode).toBe(201);
        codes.push(CreateInviteResponse.parse(response.json()).code);
      }
      expect(new Set(codes).size).toBe(5);
      for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
      const sixth = await createInvite(app, player.token);
      expect(sixth.statusCode).toBe(409);
      expect(detailOf(sixth)).toBe('You have already created your 5 invites');
    });

    it('never makes more than 5 codes when requests race', async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const results = await Promise.all(
        Array.from({ length: 8 }, () => createInvite(app, player.token)),
      );
      expect(results.filter((response) => response.statusCode === 201)).toHaveLength(5);
      expect(results.filter((response) => response.statusCode === 409)).toHaveLength(3);
      expect(await database().db.$count(invites, eq(invites.ownerId, player.user.id))).toBe(5);
    });

    it("lists the player's own codes, oldest first, with who claimed them", async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const other = await signedInPlayer(app);
      await createInvite(app, other.token);
      const first = CreateInviteResponse.parse((await createInvite(app, player.token)).json()).code;
      const second = CreateInviteResponse.parse(
        (await createInvite(app, player.token)).json(),
      ).code;
      const friend = nextPhone();
      expect((await register(app, friend, first)).statusCode).toBe(201);

      const response = await app.inject({
        method: 'GET',
        url: url('invites'),
        headers: bearer(player.token),
      });
      expect(response.statusCode).toBe(200);
      const { data } = InviteListResponse.parse(response.json());
      expect(data.map((invite) => invite.attributes.code)).toEqual([first, second]);
      expect(data[0]).toMatchObject({
        type: 'invite',
        attributes: {
          code: first,
          claimed: true,
          invited_user: { phone_number: `+1******${friend.slice(-4)}` },
        },
      });
      expect(data[1]?.attributes).toMatchObject({ claimed: false, invited_user: null });
      expect(Number.isNaN(Date.parse(data[0]?.attributes.created_at ?? ''))).toBe(false);
    });

    it('answers 401 without a session', async () => {
      const app = await buildTestApp(database());
      expect((await app.inject({ method: 'POST', url: url('invites') })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: url('invites') })).statusCode).toBe(401);
    });

    it("no longer accepts a deleted player's personal codes", async () => {
      const app = await buildTestApp(database());
      const player = await signedInPlayer(app);
      const { code } = CreateInviteResponse.parse((await createInvite(app, player.token)).json());
      await app.inject({
        method: 'DELETE',
        url: url(`users/registrations/${player.user.id}`),
        headers: bearer(player.token),
      });
      const response = await app.inject({
        method: 'POST',
        url: url('invites/validate'),
        payload: { invite_code: code },
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('POST invite_click_counts', () => {
    it('counts each opening of an invite link', async () => {
      const app = await buildTestApp(database());
      const code = await campaignCode(app);
      for (let i = 0; i < 2; i += 1) {
        const response = await app.inject({
          method: 'POST',
          url: url('invite_click_counts'),
          payload: { invite_code: code },
        });
        expect(response.statusCode).toBe(201);
        expect(response.json()).toEqual({ message: 'Click counted' });
      }
      const [invite] = await database().db.select().from(invites).where(eq(invites.code, code));
      expect(
        await database().db.$count(inviteClicks, eq(inviteClicks.inviteId, invite?.id ?? '')),
      ).toBe(2);
    });

    it('answers 404 for an unknown code and 422 for bad input', async () => {
      const app = await buildTestApp(database());
      const unknown = await app.inject({
        method: 'POST',
        url: url('invite_click_counts'),
        payload: { invite_code: 'NOPE' },
      });
      expect(unknown.statusCode).toBe(404);
      expect(detailOf(unknown)).toBe('Invalid Code');
      const bad = await app.inject({
        method: 'POST',
        url: url('invite_click_counts'),
        payload: { invite_code: 7 },
      });
      expect(bad.statusCode).toBe(422);
    });
  });
});
