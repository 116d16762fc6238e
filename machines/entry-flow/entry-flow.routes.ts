// The entry flow's screens live at routes of their own (spec section 2). When the visitor opens
// one, the route sync tells the machine which, with the query string and navigation state it
// was opened with; these helpers turn that into what the chart decides on.
import { InviteCode, PhoneNumber } from '../../contract/api';

export const ENTRY_PATHS = [
  '/',
  '/disclaimer',
  '/invite-code',
  '/onboarding',
  '/phone-login',
  '/login',
] as const;
export type EntryPath = (typeof ENTRY_PATHS)[number];

/** What a page knows when it opens: where it is, its query string, its history state. */
export type RouteOpening = {
  path: EntryPath;
  /** `location.search`, with or without the leading '?'. */
  search: string;
  /** `history.state`: whatever the previous screen (or nobody) put there. */
  navigationState: unknown;
};

/** Navigation state /onboarding understands (spec section 3). */
export type OnboardingState = { inviteCode?: string; skipDisclaimers?: boolean };
/** Navigation state /login needs: the phone number with its leading 1. */
export type LoginState = { phoneNumber: string };

export type ReadRoute = {
  path: EntryPath;
  /** `?code=` of an invite link on the starting page. */
  inviteLinkCode: string | null;
  /** `?invite_code=` of /onboarding. */
  queryInviteCode: string | null;
  stateInviteCode: string | null;
  skipDisclaimers: boolean;
  phoneNumber: string | null;
  /** The starting page had shown 'one entry ticket received' (its history state). */
  ticketReceived: boolean;
  /** A code was on its way to /login's number (its history state). */
  codeSent: boolean;
};

function field(state: unknown, name: string): unknown {
  return typeof state === 'object' && state !== null && name in state
    ? (state as Record<string, unknown>)[name]
    : undefined;
}

function validInviteCode(value: unknown): string | null {
  const parsed = InviteCode.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function readRoute({ path, search, navigationState }: RouteOpening): ReadRoute {
  const query = new URLSearchParams(search);
  const phone = PhoneNumber.safeParse(field(navigationState, 'phoneNumber'));
  return {
    path,
    inviteLinkCode: path === '/' ? validInviteCode(query.get('code')) : null,
    queryInviteCode: path === '/onboarding' ? validInviteCode(query.get('invite_code')) : null,
    stateInviteCode:
      path === '/onboarding' ? validInviteCode(field(navigationState, 'inviteCode')) : null,
    skipDisclaimers: path === '/onboarding' && field(navigationState, 'skipDisclaimers') === true,
    phoneNumber: path === '/login' && phone.success ? phone.data : null,
    ticketReceived: path === '/' && field(navigationState, 'ticketReceived') === true,
    codeSent: path === '/login' && field(navigationState, 'codeSent') === true,
  };
}
