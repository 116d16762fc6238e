// The players screen's model, as its walks take it (players.model.test.tsx, and the reload and
// Back walk): the lists of invites the server answers with, the events a player (or the server,
// or the share sheet) can cause in each state, what tells two states apart, and the paths
// planned through the chart for a phone with a share sheet and a browser without one.
import type { SnapshotFrom } from 'xstate';
import type { Invite } from '../../../contract/api';
import {
  createPlayersActors,
  playersMachine,
  PLAYERS_PATH,
  PLAYERS_TUTORIAL_PATH,
  type PlayersEvent,
  type PlayersInput,
  type ShareOutcome,
} from '../../../machines/players/players.machine';
import { ApiFailure } from '../../../src/lib/api';
import { planWalks } from './generated-walks';

export type PlayersSnapshot = SnapshotFrom<typeof playersMachine>;

type Done<Id extends string, Output> = {
  type: `xstate.done.actor.${Id}`;
  output: Output;
  actorId: Id;
};
type Failed<Id extends string> = { type: `xstate.error.actor.${Id}`; error: unknown; actorId: Id };

export type PlayersModelEvent =
  | PlayersEvent
  | Done<'listInvites', Invite[]>
  | Failed<'listInvites'>
  | Done<'createInvite', string>
  | Failed<'createInvite'>
  | Done<'shareInvite', ShareOutcome>
  | Failed<'shareInvite'>
  | Done<'copyLink', undefined>
  | Failed<'copyLink'>;
export type PlayersModelEventType = PlayersModelEvent['type'];

/** Where the walks leave /players for (the tab bar's Home), and where they start. */
export const HOME_PATH = '/home';

// ---- the server's lists ------------------------------------------------------------------------

/** The clipboard refused to copy (a browser without permission, or none). */
export const COPY_REFUSED = new DOMException('Write permission denied', 'NotAllowedError');

/** A code made and not used yet: its row offers 'Invite'. */
export const openInvite = (code: string): Invite => ({
  id: code,
  type: 'invite',
  attributes: {
    code,
    claimed: false,
    created_at: '2025-04-16T00:00:00Z',
    invited_user: null,
    bonus_amount: 0,
  },
});

/** A code a friend used: its row shows who joined (the number masked), or 'Joined'. */
export const claimedInvite = (code: string, phone: string | null, bonus = 0): Invite => ({
  id: code,
  type: 'invite',
  attributes: {
    code,
    claimed: true,
    created_at: '2025-04-16T00:00:00Z',
    invited_user: phone === null ? null : { phone_number: phone },
    bonus_amount: bonus,
  },
});

/** What GET invites answers, by name: every case the screen's buttons tell apart. */
export const LISTS = {
  none: [],
  /** One to share, one a friend used: 3 open invitations left. */
  two: [openInvite('PLAY1'), claimedInvite('PLAY2', '12025550199')],
  /** All 5 made, one not used yet: 'Invite friends' shares it. */
  fiveOneOpen: [
    // This friend won: the inviter's bonus shows on the row.
    claimedInvite('PLAY1', '12025550101', 100),
    claimedInvite('PLAY2', null),
    claimedInvite('PLAY3', '12025550103'),
    claimedInvite('PLAY4', '12025550104'),
    openInvite('PLAY5'),
  ],
  /** All 5 made and used: nothing left to share. */
  fiveUsed: ['PLAY1', 'PLAY2', 'PLAY3', 'PLAY4', 'PLAY5'].map((code) =>
    claimedInvite(code, '12025550111'),
  ),
} satisfies Record<string, Invite[]>;

/** The code the server makes next for a player holding `invites`. */
export const nextCode = (invites: readonly Invite[]) => `PLAY${invites.length + 1}`;

export const SERVER_DOWN = new ApiFailure(503, null);
/** POST invites once all 5 are made. */
export const ALL_MADE = new ApiFailure(409, 'All 5 invitations are made');
/** The share sheet failed (not closed by the player: that is 'cancelled'). */
export const SHARE_FAILED = new DOMException('Share failed', 'NotAllowedError');

// ---- the events --------------------------------------------------------------------------------

const done = <Id extends string, Output>(actorId: Id, output: Output): Done<Id, Output> => ({
  type: `xstate.done.actor.${actorId}`,
  output,
  actorId,
});
const failed = <Id extends string>(actorId: Id, error: unknown): Failed<Id> => ({
  type: `xstate.error.actor.${actorId}`,
  error,
  actorId,
});

/** What the player, the server and the share sheet may do next in `snapshot`. */
export function playersModelEvents(snapshot: PlayersSnapshot): PlayersModelEvent[] {
  const { invites } = snapshot.context;
  const unclaimed = invites.find((invite) => !invite.attributes.claimed);
  const children = snapshot.children as Record<string, unknown>;
  const candidates: PlayersModelEvent[] = [
    { type: 'route.opened', path: PLAYERS_PATH },
    { type: 'route.opened', path: HOME_PATH },
    { type: 'route.opened', path: PLAYERS_TUTORIAL_PATH },
    { type: 'players.copyLink' },
    { type: 'players.inviteFriends' },
    // The row of the first code not used yet (one row stands for all: they act alike).
    ...(unclaimed ? [{ type: 'players.invite' as const, code: unclaimed.attributes.code }] : []),
    ...(children.listInvites
      ? [
          ...Object.values(LISTS).map((list) => done('listInvites', list)),
          failed('listInvites', SERVER_DOWN),
        ]
      : []),
    ...(children.createInvite
      ? [done('createInvite', nextCode(invites)), failed('createInvite', ALL_MADE)]
      : []),
    ...(children.shareInvite
      ? [
          done('shareInvite', 'shared' as const),
          done('shareInvite', 'cancelled' as const),
          failed('shareInvite', SHARE_FAILED),
        ]
      : []),
    ...(children.copyLink ? [done('copyLink', undefined), failed('copyLink', COPY_REFUSED)] : []),
  ];
  return candidates.filter((event) => snapshot.can(event as PlayersEvent));
}

/**
 * Where the screen is, the codes it lists (and which are used), the code being shared and the
 * link shown to copy.
 */
export function serializePlayersState(snapshot: PlayersSnapshot): string {
  const { invites, sharingCode, linkCode, copyRefused } = snapshot.context;
  // The tutorial shows none of the codes (a reload there has none loaded).
  if (snapshot.value === 'tutorial') return JSON.stringify({ value: snapshot.value });
  return JSON.stringify({
    value: snapshot.value,
    invites: invites.map(({ attributes: a }) => `${a.code}${a.claimed ? ' (used)' : ''}`),
    ...(sharingCode === null ? {} : { sharing: sharingCode }),
    ...(linkCode === null ? {} : { link: linkCode }),
    ...(copyRefused ? { copyRefused } : {}),
  });
}

const listName = (list: unknown) =>
  Object.entries(LISTS).find(([, known]) => known === list)?.[0] ?? JSON.stringify(list);

export function describeEvent(event: PlayersModelEvent): string {
  if (event.type === 'route.opened') return `open ${event.path}`;
  if (event.type === 'players.invite') return `invite ${event.code}`;
  if (event.type === 'players.inviteFriends') return 'Invite friends';
  if (event.type === 'players.copyLink') return 'Copy link';
  const call = event.actorId;
  if ('error' in event) return `${call} fails`;
  if (event.type === 'xstate.done.actor.listInvites')
    return `${call} lists ${listName(event.output)}`;
  if (event.type === 'xstate.done.actor.copyLink') return 'the clipboard takes the link';
  return `${call} answers ${String(event.output)}`;
}

// ---- the walks ---------------------------------------------------------------------------------

const never = () => new Promise<never>(() => undefined);

/** The machine whose calls never answer: each path's events say how they end. */
export const logic = playersMachine.provide({
  actors: createPlayersActors({
    listInvites: never,
    createInvite: never,
    click: never,
    share: never,
    copy: never,
  }),
});

export type PlayersWalk = { name: string; canShare: boolean };

/** A phone with a share sheet (every way an invite goes), and a browser without one. */
export const WALKS: readonly PlayersWalk[] = [
  { name: 'a phone with a share sheet', canShare: true },
  { name: 'a browser without a share sheet', canShare: false },
];

export const inputOf = (walk: PlayersWalk): PlayersInput => ({
  canShare: walk.canShare,
  origin: window.location.origin,
});

/** Every walk's paths: to each state, and through each transition (see path-planner.ts). */
export const walks = planWalks(WALKS, (walk) => ({
  logic,
  events: playersModelEvents,
  serialize: serializePlayersState,
  describeEvent,
  input: () => inputOf(walk),
}));
