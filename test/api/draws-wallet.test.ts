// The wallet on PGlite and PostgreSQL: a new player's ticket, spent into the open draw once
// each, however spends race; a player's rewards list before any questionnaire.
import { describe, expect, it } from 'vitest';
import {
  LoginResponse,
  RewardListResponse,
  WalletEntriesResponse,
  WalletResponse,
} from '../../contract/api';
import { insertTicket } from '../../server/repositories/wallet';
import {
  databases,
  detailOf,
  freshCode,
  nextPhone,
  register,
  signedInPlayer,
  useDrawApp,
  verifyCode,
} from './helper';

describe.each(databases)('the wallet on %s', (kind) => {
  const { app, database, get, post, press, currentDraw } = useDrawApp(kind);

  const wallet = async (token: string) =>
    WalletResponse.parse((await get('wallet', token)).json()).data;
  const spend = (token: string, count: number) => post('wallet/entries', token, { count });

  it('holds the welcome ticket of a new player and enters it into the open draw', async () => {
    const { token } = await signedInPlayer(app());
    const draw = await currentDraw();
    expect(await wallet(token)).toEqual({
      tickets: 1,
      current_draw_id: draw.id,
      entries_in_current_draw: 0,
    });
    const spent = await spend(token, 1);
    expect(spent.statusCode).toBe(201);
    const body = WalletEntriesResponse.parse(spent.json()).data;
    expect(body.tickets).toBe(0);
    expect(body.entries).toEqual([expect.objectContaining({ draw_id: draw.id, source: 'wallet' })]);
    expect(await wallet(token)).toMatchObject({ tickets: 0, entries_in_current_draw: 1 });
    // A wallet entry is a further chance: the button can still be pressed once.
    expect((await press(token)).statusCode).toBe(201);
    expect((await wallet(token)).entries_in_current_draw).toBe(2);

    const empty = await spend(token, 1);
    expect(empty.statusCode).toBe(422);
    expect(detailOf(empty)).toBe('You have no tickets to enter');
  });

  it('refuses to spend more tickets than held, spending none', async () => {
    const { token, user } = await signedInPlayer(app());
    await insertTicket(database().db, { userId: user.id, source: 'token_reward' });
    const tooMany = await spend(token, 3);
    expect(tooMany.statusCode).toBe(422);
    expect(detailOf(tooMany)).toBe('You have only 2 tickets');
    expect((await wallet(token)).tickets).toBe(2);
    expect((await spend(token, 0)).statusCode).toBe(422);
    expect((await spend(token, 1.5)).statusCode).toBe(422);
    expect((await spend(token, 2)).statusCode).toBe(201);
    expect(await wallet(token)).toMatchObject({ tickets: 0, entries_in_current_draw: 2 });
  });

  it('spends each ticket once when spends race', async () => {
    const { token, user } = await signedInPlayer(app());
    for (let i = 0; i < 2; i += 1) {
      await insertTicket(database().db, { userId: user.id, source: 'token_reward' });
    }
    const responses = await Promise.all(Array.from({ length: 6 }, () => spend(token, 1)));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 422, 422, 422]);
    const pairs = await Promise.all([spend(token, 1), spend(token, 1)]);
    expect(pairs.map((response) => response.statusCode)).toEqual([422, 422]);
    expect(await wallet(token)).toMatchObject({ tickets: 0, entries_in_current_draw: 3 });
  });

  it('lists the player’s rewards: none before the questionnaire exists', async () => {
    const { token } = await signedInPlayer(app());
    const rewards = await get('rewards', token);
    expect(rewards.statusCode).toBe(200);
    expect(RewardListResponse.parse(rewards.json()).data).toEqual([]);
    expect((await get('rewards')).statusCode).toBe(401);
  });

  it('gives a player registered with a campaign code a ticket too', async () => {
    const phone = nextPhone();
    expect(
      (await register(app(), phone, await app().services.invites.createCampaign(1))).statusCode,
    ).toBe(201);
    const login = await verifyCode(app(), phone, await freshCode(app(), phone));
    const { token } = LoginResponse.parse(login.json());
    expect((await wallet(token)).tickets).toBe(1);

    async function wallet(bearerToken: string) {
      return WalletResponse.parse((await get('wallet', bearerToken)).json()).data;
    }
  });
});
