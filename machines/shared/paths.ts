// Every address of the app (spec section 2, and the wallet's two of DESIGN.md section 8), named
// once. Screen states name theirs in `meta.route`; the route tables and links use the same.

export const PATHS = {
  // Signed out.
  start: '/',
  disclaimer: '/disclaimer',
  inviteCode: '/invite-code',
  onboarding: '/onboarding',
  phoneLogin: '/phone-login',
  login: '/login',
  install: '/install',
  // Signed in.
  home: '/home',
  youveEntered: '/youve-entered',
  rewards: '/rewards',
  whatILike: '/what-i-like',
  disclosure: '/disclosure',
  questionnaire: '/questionnaire',
  winnings: '/winnings',
  grandPrize: '/grandPrize',
  contactUs: '/form/has-problem',
  players: '/players',
  playersTutorial: '/players-tutorial',
  wallet: '/wallet',
  walletTokens: '/wallet-token',
  /** A closed draw's record, checked on the phone: `/draws/7` (drawRecordPath). */
  drawRecord: '/draws/:id',
  // Either way.
  privacyPolicy: '/privacy-policy',
  terms: '/terms-and-conditions',
  rules: '/rules',
} as const;

export type AppPath = (typeof PATHS)[keyof typeof PATHS];

/** The address of draw `id`'s record page. */
export const drawRecordPath = (id: number): string => `/draws/${id}`;

/** The draw id a `/draws/{id}` address names (a positive int4), or null. */
export function drawIdInPath(path: string): number | null {
  const match = /^\/draws\/([1-9][0-9]{0,9})$/.exec(path);
  const id = match ? Number(match[1]) : null;
  return id !== null && id <= 2_147_483_647 ? id : null;
}
