// `ops stats`: daily figures and each flow's funnel (DESIGN section 5), and the page views of
// every screen that `npm run flows -- --stats` draws on the charts. Days are UTC days.
import { PATHS } from '../../machines/shared/paths';
import type { Platform } from '../../contract/analytics';
import { dailyCounts, platformCounts, screenCounts } from '../repositories/stats';
import type { ServiceContext } from './context';

/**
 * The flows as product staff read them: each a list of the screens (the routes the machines'
 * screen states name in `meta.route`) a player passes through, in order. A test keeps every
 * route here one a machine shows, and every route a machine shows in some funnel.
 */
export const FUNNELS: ReadonlyArray<{ name: string; steps: readonly string[] }> = [
  {
    name: 'Sign-up (entry flow)',
    steps: [
      PATHS.start,
      PATHS.disclaimer,
      PATHS.inviteCode,
      PATHS.onboarding,
      PATHS.login,
      PATHS.home,
    ],
  },
  { name: 'Sign-in of a returning player', steps: [PATHS.phoneLogin, PATHS.login, PATHS.home] },
  {
    name: 'Draw and questions',
    steps: [
      PATHS.home,
      PATHS.youveEntered,
      PATHS.rewards,
      PATHS.whatILike,
      PATHS.disclosure,
      PATHS.questionnaire,
    ],
  },
  { name: 'Winnings', steps: [PATHS.winnings, PATHS.grandPrize, PATHS.contactUs] },
  { name: 'Players', steps: [PATHS.playersTutorial, PATHS.players] },
  { name: 'Wallet', steps: [PATHS.wallet, PATHS.walletTokens] },
  /** A closed draw's record, checked on the phone (`/draws/7`). */
  { name: 'Draw records', steps: [PATHS.drawRecord] },
  { name: 'Legal pages', steps: [PATHS.privacyPolicy, PATHS.terms, PATHS.rules] },
];

export const DEFAULT_STATS_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The daily figures, in the order `ops stats` prints them. */
export const DAILY_FIGURES = [
  'sign_ups',
  'active_players',
  'presses',
  'answers',
  'rewards_claimed',
  'invites_sent',
  'invites_accepted',
  'grand_prizes_claimed',
  'grand_prizes_paid',
  'page_views',
  'clicks',
] as const;
export type DailyFigure = (typeof DAILY_FIGURES)[number];

export type DailyRow = { day: string } & Record<DailyFigure, number>;
export type ScreenCount = { path: string; views: number; players: number };
export type StatsReport = {
  from: string;
  to: string;
  days: DailyRow[];
  totals: Record<DailyFigure, number>;
  funnels: Array<{ name: string; steps: ScreenCount[] }>;
  /** Every address of the app with its views and distinct signed-in players. */
  screens: ScreenCount[];
  /** Page views and clicks of the period by platform (clicks sent before platforms: unknown). */
  platforms: Record<'page_views' | 'clicks', Record<Platform | 'unknown', number>>;
};

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export function createStatsService({ db, now }: ServiceContext) {
  return {
    /** The last `days` UTC days, today included, oldest first. */
    async report(days = DEFAULT_STATS_DAYS): Promise<StatsReport> {
      const today = Date.UTC(now().getUTCFullYear(), now().getUTCMonth(), now().getUTCDate());
      const from = new Date(today - (days - 1) * DAY_MS);
      const to = new Date(today + DAY_MS);
      const rows: DailyRow[] = Array.from({ length: days }, (_, i) => ({
        day: dayOf(new Date(from.getTime() + i * DAY_MS)),
        ...(Object.fromEntries(DAILY_FIGURES.map((figure) => [figure, 0])) as Record<
          DailyFigure,
          number
        >),
      }));
      const byDay = new Map(rows.map((row) => [row.day, row]));
      for (const figure of DAILY_FIGURES) {
        for (const { day, n } of await dailyCounts(db, figure, { from, to })) {
          const row = byDay.get(day);
          if (row) row[figure] = Number(n);
        }
      }
      const totals = Object.fromEntries(
        DAILY_FIGURES.map((figure) => [figure, rows.reduce((sum, row) => sum + row[figure], 0)]),
      ) as Record<DailyFigure, number>;

      const known: string[] = [
        ...new Set([...Object.values(PATHS), ...FUNNELS.flatMap((funnel) => funnel.steps)]),
      ];
      const counted = await screenCounts(db, { from, to }, known);
      const countOf = new Map(counted.map((row) => [row.path, row]));
      const screenOf = (path: string): ScreenCount => ({
        path,
        views: Number(countOf.get(path)?.views ?? 0),
        players: Number(countOf.get(path)?.players ?? 0),
      });
      const platforms: StatsReport['platforms'] = {
        page_views: { ios: 0, android: 0, other: 0, unknown: 0 },
        clicks: { ios: 0, android: 0, other: 0, unknown: 0 },
      };
      const byPlatform = await platformCounts(db, { from, to });
      for (const { kind, platform, n } of byPlatform) {
        const counts = kind === 'clicks' ? platforms.clicks : platforms.page_views;
        if (platform in counts) counts[platform as Platform | 'unknown'] = Number(n);
      }
      return {
        platforms,
        from: dayOf(from),
        to: dayOf(new Date(to.getTime() - DAY_MS)),
        days: rows,
        totals,
        funnels: FUNNELS.map(({ name, steps }) => ({ name, steps: steps.map(screenOf) })),
        screens: known.map(screenOf),
      };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
