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
      expect(data[0]?.attributes.bonus_amount).toBe(0);
      expect(data[1]?.attributes).toMatchObject({
        claimed: false,
        invited_user: null,
        bonus_amount: 0,
      });
      expect(Number.isNaN(Date.parse(data[0]?.attributes.created_at ?? ''))).toBe(false);
    });

    it("shows on the invitee's row the bonus the inviter earned when the invitee won", async () => {
      const app = await buildTestApp(database());
      const inviter = await signedInPlayer(app);
      const code = CreateInviteResponse.parse((await createInvite(app, inviter.token)).json()).code;
      const open = CreateInviteResponse.parse((await createInvite(app, inviter.token)).json()).code;
      const invitee = await signedInPlayer(app, code);
      // The invitee presses alone in a draw that then closes: the grand prize is theirs.
      await app.services.draws.closeNow();
      const entered = await app.inject({
        method: 'POST',
        url: url('draw_entries'),
        headers: bearer(invitee.token),
        payload: {},
      });
      expect(entered.statusCode).toBe(201);
      expect((await app.services.draws.closeNow()).winner?.userId).toBe(invitee.user.id);

      const listed = await app.inject({
        method: 'GET',
        url: url('invites'),
        headers: bearer(inviter.token),
      });
      const { data } = InviteListResponse.parse(listed.json());
      expect(
        data.map((invite) => [invite.attributes.code, invite.attributes.bonus_amount]),
      ).toEqual([
        [code, 100],
        [open, 0],
      ]);
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

    it('counts a device once per invite, and answers the same every time', async () => {
      const app = await buildTestApp(database());
      const code = await campaignCode(app);
      const other = await campaignCode(app);
      const phone = '3f1c2a9e-7b4d-4c1e-9a8f-0b6d5e4c3a21';
      const laptop = '8d2e6f10-5a3b-4e7c-b1d9-2c4f6a8e0b13';
      const click = (invite_code: string, device_id?: string) =>
        app.inject({
          method: 'POST',
          url: url('invite_click_counts'),
          payload: { invite_code, ...(device_id ? { device_id } : {}) },
        });
      for (const [invite_code, device_id] of [
        [code, phone],
        [code, phone],
        [code.toLowerCase(), phone],
        [code, laptop],
        [other, phone],
      ] as const) {
        const response = await click(invite_code, device_id);
        expect(response.statusCode).toBe(201);
        expect(response.json()).toEqual({ message: 'Click counted' });
      }
      const clicksOn = async (invite_code: string) => {
        const [invite] = await database()
          .db.select()
          .from(invites)
          .where(eq(invites.code, invite_code));
        return database().db.$count(inviteClicks, eq(inviteClicks.inviteId, invite?.id ?? ''));
      };
      expect(await clicksOn(code)).toBe(2);
      expect(await clicksOn(other)).toBe(1);

      // A device id that is not a UUID, or a field the contract does not have: nothing counted.
      for (const payload of [
        { invite_code: code, device_id: 'not-a-uuid' },
        { invite_code: code, device_id: `${phone}\u0000` },
        { invite_code: code, device_id: 'a'.repeat(100_000) },
        { invite_code: code, device_id: phone, extra: true },
      ]) {
        const response = await app.inject({
          method: 'POST',
          url: url('invite_click_counts'),
          payload,
        });
        // A body over the server's limit is refused before it is read (413).
        expect([413, 422]).toContain(response.statusCode);
      }
      expect(await clicksOn(code)).toBe(2);
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
