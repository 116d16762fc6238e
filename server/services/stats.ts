// `ops stats`: daily figures and each flow's funnel (DESIGN section 5), and the page views of
// every screen that `npm run flows -- --stats` draws on the charts. Days are UTC days.
import { sql, type SQL } from 'drizzle-orm';
import { PATHS } from '../../machines/shared/paths';
import type { Platform } from '../../contract/analytics';
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

type Window = { from: Date; to: Date };

/** One count per UTC day of `column` in `table` over the window, where `filter` holds. */
const perDay =
  (table: string, column: string, count: string, filter = 'true') =>
  ({ from, to }: Window): SQL =>
    sql`select to_char(${sql.raw(column)} at time zone 'UTC', 'YYYY-MM-DD') as day,
        ${sql.raw(count)}::int as n
      from ${sql.raw(table)}
      where ${sql.raw(column)} >= ${from.toISOString()}::timestamptz
        and ${sql.raw(column)} < ${to.toISOString()}::timestamptz
        and ${sql.raw(filter)}
      group by 1`;

const QUERIES: Record<DailyFigure, (window: Window) => SQL> = {
  sign_ups: perDay('users', 'created_at', 'count(*)'),
  active_players: perDay(
    `(select user_id, created_at from draw_entries
      union all select user_id, created_at from answers
      union all select user_id, created_at from sessions
      union all select user_id, created_at from page_views where user_id is not null) a`,
    'created_at',
    'count(distinct user_id)',
  ),
  presses: perDay('draw_entries', 'created_at', 'count(*)', "source = 'button'"),
  answers: perDay('answers', 'created_at', 'count(*)', 'not skipped'),
  rewards_claimed: perDay('rewards', 'claimed_at', 'count(*)'),
  invites_sent: perDay('invites', 'created_at', 'count(*)', 'owner_id is not null'),
  invites_accepted: perDay('invites', 'claimed_at', 'count(*)', 'owner_id is not null'),
  grand_prizes_claimed: perDay('grand_prizes', 'claimed_at', 'count(*)'),
  grand_prizes_paid: perDay('grand_prizes', 'paid_at', 'count(*)'),
  page_views: perDay('page_views', 'created_at', 'count(*)'),
  clicks: perDay('clicks', 'created_at', 'count(*)'),
};

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export function createStatsService({ db, now }: ServiceContext) {
  const rowsOf = async <Row>(query: SQL): Promise<Row[]> => {
    const result: unknown = await db.execute(query);
    return (result as { rows: Row[] }).rows;
  };

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
        for (const { day, n } of await rowsOf<{ day: string; n: number }>(
          QUERIES[figure]({ from, to }),
        )) {
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
      // An address with a parameter (`/draws/:id`) counts every address it matches.
      const patterns = known.filter((path) => path.includes(':'));
      const screenCase = sql.join(
        [
          sql`case`,
          ...patterns.map(
            (pattern) =>
              sql`when path ~ ${`^${pattern.replace(/:[A-Za-z]+/g, '[A-Za-z0-9_-]+')}$`} then ${pattern}`,
          ),
          sql`else path end`,
        ],
        sql` `,
      );
      const counted = await rowsOf<{ path: string; views: number; players: number }>(sql`
        select screen as path, count(*)::int as views, count(distinct user_id)::int as players
        from (
          select ${screenCase} as screen, user_id from page_views
          where created_at >= ${from.toISOString()}::timestamptz
            and created_at < ${to.toISOString()}::timestamptz
        ) v
        where screen in (${sql.join(
          known.map((path) => sql`${path}`),
          sql`, `,
        )})
        group by screen`);
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
      const byPlatform = await rowsOf<{ kind: string; platform: string; n: number }>(sql`
        select 'page_views' as kind, platform, count(*)::int as n from page_views
        where created_at >= ${from.toISOString()}::timestamptz
          and created_at < ${to.toISOString()}::timestamptz
        group by platform
        union all
        select 'clicks', coalesce(platform, 'unknown'), count(*)::int from clicks
        where created_at >= ${from.toISOString()}::timestamptz
          and created_at < ${to.toISOString()}::timestamptz
        group by 2`);
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
