// The players flow's words: its toasts, the invite link, its context, events, input and routes.
import type { Invite } from '../../contract/api';
import { PATHS } from '../shared/paths';

export const TOAST_SHARE_UNSUPPORTED = 'Unsupported browser.';
export const TOAST_INVITE_SENT = 'Invite sent successfully';
export const TOAST_INVITE_FAILED = 'Error while inviting players';
export const TOAST_LINK_COPIED = 'Invite link copied';

/** The link an invitee opens: the starting page with the code (DESIGN section 8). */
export function inviteLink(origin: string, code: string): string {
  return `${origin}/?code=${encodeURIComponent(code)}`;
}

export type PlayersContext = {
  invites: Invite[];
  /** The device has a share sheet (`navigator.share`). */
  canShare: boolean;
  origin: string;
  /** The code being shared right now. */
  sharingCode: string | null;
  /** Without a share sheet: the code whose link the screen shows, to copy. */
  linkCode: string | null;
  /** The device refused to copy: the link stays on screen to select by hand. */
  copyRefused: boolean;
};

export type PlayersEvent =
  | { type: 'players.inviteFriends' }
  | { type: 'players.invite'; code: string }
  /** 'Copy link': the link shown (without a share sheet) to the clipboard. */
  | { type: 'players.copyLink' }
  /** The player opened an address (the session passes on every opening while signed in). */
  | { type: 'route.opened'; path: string };

/** The players screen's route. */
export const PLAYERS_PATH = PATHS.players;
/** The players tutorial's route. */
export const PLAYERS_TUTORIAL_PATH = PATHS.playersTutorial;

export type PlayersInput = { canShare: boolean; origin: string };
