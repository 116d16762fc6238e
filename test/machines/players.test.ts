import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Invite, InviteListResponse } from '../../contract/api';
import type { AppEffect } from '../../machines/shared/effects';
import {
  createPlayersActors,
  inviteLink,
  playersMachine,
  TOAST_INVITE_FAILED,
  TOAST_INVITE_SENT,
  TOAST_LINK_COPIED,
  TOAST_SHARE_UNSUPPORTED,
  type PlayersApi,
  type ShareOutcome,
} from '../../machines/players/players.machine';

const invite = (code: string, claimed = false): Invite => ({
  id: code,
  type: 'invite',
  attributes: {
    code,
    claimed,
    created_at: '2025-04-16T00:00:00Z',
    invited_user: claimed ? { phone_number: '15555550199' } : null,
    bonus_amount: 0,
  },
});

function fakeApi(
  options: {
    invites?: Invite[];
    create?: () => Promise<{ code: string }>;
    share?: () => Promise<ShareOutcome>;
    copy?: () => Promise<void>;
  } = {},
) {
  const shared: string[] = [];
  const copied: string[] = [];
  const clicks: string[] = [];
  let invites = options.invites ?? [];
  const api: PlayersApi = {
    listInvites: () => Promise.resolve({ data: invites } satisfies InviteListResponse),
    createInvite: async () => {
      const created = await (options.create?.() ??
        Promise.resolve({ code: `NEW${invites.length}` }));
      invites = [...invites, invite(created.code)];
      return created;
    },
    click: (body) => {
      clicks.push(body.click.event_name);
      return Promise.resolve({ message: 'ok' });
    },
    share: (data) => {
      shared.push(data.url);
      return options.share?.() ?? Promise.resolve('shared');
    },
    copy: (text) => {
      copied.push(text);
      return options.copy?.() ?? Promise.resolve();
    },
  };
  return { api, shared, copied, clicks };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function start(fake: ReturnType<typeof fakeApi>, canShare = true) {
  const actor = createActor(playersMachine.provide({ actors: createPlayersActors(fake.api) }), {
    input: { canShare, origin: 'https://bb.example' },
  });
  const effects: AppEffect[] = [];
  actor.on('*', (e) => effects.push(e));
  actor.start();
  // Nothing happens until the player opens /players.
  expect(fake.clicks).toEqual([]);
  actor.send({ type: 'route.opened', path: '/players' });
  await flush();
  return { actor, effects };
}

const toasts = (effects: AppEffect[]) =>
  effects.flatMap((e) => (e.type === 'toast' ? [e.message] : []));

describe('players', () => {
  it('builds the invite link to the starting page with the code', () => {
    expect(inviteLink('https://bb.example', 'AB12CD')).toBe('https://bb.example/?code=AB12CD');
  });

  it('lists the invites and logs that the screen was viewed', async () => {
    const fake = fakeApi({ invites: [invite('AAA'), invite('BBB', true)] });
    const { actor } = await start(fake);
    expect(actor.getSnapshot().matches({ shown: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.invites.map((i) => i.attributes.code)).toEqual([
      'AAA',
      'BBB',
    ]);
    expect(fake.clicks).toEqual(['players_viewed']);
  });

  it("without a share sheet toasts 'Unsupported browser.' and shows a new code's link to copy", async () => {
    const fake = fakeApi();
    const { actor, effects } = await start(fake, false);
    actor.send({ type: 'players.inviteFriends' });
    await flush();
    await flush();
    expect(toasts(effects)).toEqual([TOAST_SHARE_UNSUPPORTED]);
    expect(TOAST_SHARE_UNSUPPORTED).toBe('Unsupported browser.');
    expect(fake.shared).toEqual([]);
    expect(actor.getSnapshot().matches({ shown: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.invites.map((i) => i.attributes.code)).toEqual(['NEW0']);
    expect(actor.getSnapshot().context.linkCode).toBe('NEW0');
    expect(fake.clicks).toContain('players_invite_clicked');

    actor.send({ type: 'players.copyLink' });
    await flush();
    expect(fake.copied).toEqual(['https://bb.example/?code=NEW0']);
    expect(toasts(effects)).toEqual([TOAST_SHARE_UNSUPPORTED, TOAST_LINK_COPIED]);
    expect(actor.getSnapshot().context.copyRefused).toBe(false);
  });

  it('keeps the link on screen when the clipboard is refused', async () => {
    const fake = fakeApi({
      invites: [invite('AB12CD')],
      copy: () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
    });
    const { actor, effects } = await start(fake, false);
    actor.send({ type: 'players.invite', code: 'AB12CD' });
    await flush();
    actor.send({ type: 'players.copyLink' });
    await flush();
    expect(toasts(effects)).toEqual([TOAST_SHARE_UNSUPPORTED]);
    expect(actor.getSnapshot().context).toMatchObject({ linkCode: 'AB12CD', copyRefused: true });
    expect(actor.getSnapshot().matches({ shown: 'ready' })).toBe(true);
    // Leaving the screen forgets the link.
    actor.send({ type: 'route.opened', path: '/home' });
    expect(actor.getSnapshot().context).toMatchObject({ linkCode: null, copyRefused: false });
  });

  it('opens the tutorial from the screen or its address, and goes back to /players', async () => {
    const fake = fakeApi();
    const { actor } = await start(fake);
    actor.send({ type: 'route.opened', path: '/players-tutorial' });
    expect(actor.getSnapshot().value).toBe('tutorial');
    actor.send({ type: 'route.opened', path: '/players' });
    await flush();
    expect(actor.getSnapshot().matches({ shown: 'ready' })).toBe(true);
    actor.send({ type: 'route.opened', path: '/home' });
    actor.send({ type: 'route.opened', path: '/players-tutorial' });
    expect(actor.getSnapshot().value).toBe('tutorial');
    actor.send({ type: 'route.opened', path: '/players-tutorial' });
    expect(actor.getSnapshot().value).toBe('tutorial');
    actor.send({ type: 'route.opened', path: '/winnings' });
    expect(actor.getSnapshot().value).toBe('away');
  });

  it("creates a code, shares its link and toasts 'Invite sent successfully'", async () => {
    const fake = fakeApi();
    const { actor, effects } = await start(fake);
    actor.send({ type: 'players.inviteFriends' });
    await flush();
    await flush();
    expect(fake.shared).toEqual(['https://bb.example/?code=NEW0']);
    expect(toasts(effects)).toEqual([TOAST_INVITE_SENT]);
    expect(TOAST_INVITE_SENT).toBe('Invite sent successfully');
    expect(actor.getSnapshot().matches({ shown: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.invites).toHaveLength(1);
    expect(fake.clicks).toContain('players_invite_clicked');
  });

  it('shares an existing unclaimed code from the list', async () => {
    const fake = fakeApi({ invites: [invite('KEEP1')] });
    const { actor, effects } = await start(fake);
    actor.send({ type: 'players.invite', code: 'KEEP1' });
    await flush();
    expect(fake.shared).toEqual(['https://bb.example/?code=KEEP1']);
    expect(toasts(effects)).toEqual([TOAST_INVITE_SENT]);
  });

  it('shares the first unclaimed code once all 5 are made', async () => {
    const five = [invite('A', true), invite('B'), invite('C'), invite('D'), invite('E')];
    const fake = fakeApi({ invites: five });
    const { actor } = await start(fake);
    actor.send({ type: 'players.inviteFriends' });
    await flush();
    expect(fake.shared).toEqual(['https://bb.example/?code=B']);
  });

  it("toasts 'Error while inviting players' when all 5 codes are claimed", async () => {
    const five = ['A', 'B', 'C', 'D', 'E'].map((c) => invite(c, true));
    const { actor, effects } = await start(fakeApi({ invites: five }));
    actor.send({ type: 'players.inviteFriends' });
    expect(toasts(effects)).toEqual([TOAST_INVITE_FAILED]);
    expect(TOAST_INVITE_FAILED).toBe('Error while inviting players');
  });

  it("toasts 'Error while inviting players' when the code cannot be made", async () => {
    const fake = fakeApi({ create: () => Promise.reject(new Error('409')) });
    const { actor, effects } = await start(fake);
    actor.send({ type: 'players.inviteFriends' });
    await flush();
    expect(toasts(effects)).toEqual([TOAST_INVITE_FAILED]);
    expect(fake.shared).toEqual([]);
    expect(actor.getSnapshot().matches({ shown: 'ready' })).toBe(true);
  });

  it("toasts 'Error while inviting players' when sharing fails", async () => {
    const fake = fakeApi({ invites: [invite('X')], share: () => Promise.reject(new Error('no')) });
    const { actor, effects } = await start(fake);
    actor.send({ type: 'players.invite', code: 'X' });
    await flush();
    expect(toasts(effects)).toEqual([TOAST_INVITE_FAILED]);
  });

  it('says nothing when the player closes the share sheet', async () => {
    const fake = fakeApi({ invites: [invite('X')], share: () => Promise.resolve('cancelled') });
    const { actor, effects } = await start(fake);
    actor.send({ type: 'players.invite', code: 'X' });
    await flush();
    expect(toasts(effects)).toEqual([]);
    expect(actor.getSnapshot().matches({ shown: 'ready' })).toBe(true);
  });

  it('ignores presses while an invite is under way', async () => {
    const fake = fakeApi({ share: () => new Promise(() => undefined) });
    const { actor } = await start(fake);
    actor.send({ type: 'players.inviteFriends' });
    await flush();
    expect(actor.getSnapshot().matches({ shown: 'sharing' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'players.inviteFriends' })).toBe(false);
  });

  it('leaves the screen when another address opens, and loads afresh on the next visit', async () => {
    const fake = fakeApi({ invites: [invite('AB12CD')] });
    const { actor } = await start(fake);
    expect(actor.getSnapshot().context.invites).toHaveLength(1);
    actor.send({ type: 'route.opened', path: '/home' });
    expect(actor.getSnapshot().value).toBe('away');
    actor.send({ type: 'route.opened', path: '/players' });
    await flush();
    expect(actor.getSnapshot().matches({ shown: 'ready' })).toBe(true);
    expect(fake.clicks).toEqual(['players_viewed', 'players_viewed']);
  });
});
