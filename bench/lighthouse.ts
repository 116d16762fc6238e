// `npm run bench:lighthouse`: Lighthouse mobile scores (performance, accessibility, best
// practices) of the first screen a visitor sees (/disclaimer, a page built at build time) and of
// a signed-in player's screens: /home, the questions (/questionnaire, Tell Us More) and the
// winnings drawer (/winnings), against the built client served as `npm start` serves it, on a
// fresh data dir. Each page is audited LIGHTHOUSE_RUNS times (default 3) in a fresh browser; the
// median run counts, and every run's figures are printed. Goals: every score at least 95, and
// /disclaimer's performance 100 with its LCP under 1.5 s.
// Reports land in test-results/lighthouse/ for a closer look (LCP element, opportunities).
// LIGHTHOUSE_SKIP_BUILD=1 audits the client already built (CLIENT_DIR, else dist/client);
// LIGHTHOUSE_ONLY=/disclaimer,/home audits those pages alone.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import {
  CHROMIUM_ARGS,
  signedInDevice,
  startServer,
  type RunningServer,
} from '../test/e2e/harness';
import { buildServer } from '../scripts/build-server.js';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const GOAL = 95;

/** A page audited, and what it must reach beyond GOAL in every category. */
interface Audited {
  path: string;
  label: string;
  signedIn: boolean;
  /** Performance this page must reach (GOAL otherwise). */
  performance?: number;
  /** Its largest contentful paint must come sooner than this. */
  lcpUnderMs?: number;
}

const PAGES: Audited[] = [
  {
    path: '/disclaimer',
    label: '/disclaimer (first visit)',
    signedIn: false,
    performance: 100,
    lcpUnderMs: 1500,
  },
  { path: '/home', label: '/home (signed in)', signedIn: true },
  { path: '/questionnaire', label: '/questionnaire (signed in, Tell Us More)', signedIn: true },
  { path: '/winnings', label: '/winnings, the drawer (signed in)', signedIn: true },
];
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const REPORT_DIR = join(process.cwd(), 'test-results', 'lighthouse');

interface Audit {
  label: string;
  /** Why Lighthouse could not finish the run (it then scores 0). */
  failure?: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of the host's CPU at the time (a busy host scores low). */
  benchmarkIndex: number;
  /** Audits that cost points, for the notes. */
  misses: string[];
}

/** A player signed up through the API, back for another day, as the app keeps them. */
function signUp(server: RunningServer): Promise<Record<string, string>> {
  const phone = `1415${String(2_000_000 + (process.pid % 1_000_000))}`;
  return signedInDevice(
    server,
    { withCountry: phone },
    {
      isFirstTimeUser: false,
      isFirstQuestionnaire: false,
      grandPrizeHasBeenShown: true,
      hasSeenInstructions: { wallet: true, questionaire: true },
    },
  );
}

/** Puts `storage` into the origin's localStorage from a page that loads none of the app. */
async function seedStorage(page: Page, baseUrl: string, storage: Record<string, string>) {
  await page.goto(`${baseUrl}/api/v1/health`);
  await page.evaluate((entries) => {
    for (const [key, value] of entries) window.localStorage.setItem(key, value);
  }, Object.entries(storage));
}

async function auditOnce(
  url: string,
  label: string,
  storage: Record<string, string> | null,
): Promise<Audit> {
  const browser = await puppeteer.launch({ executablePath: CHROME, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    if (storage) await seedStorage(page, new URL(url).origin, storage);
    const result = await lighthouse(
      url,
      {
        onlyCategories: [...CATEGORIES],
        logLevel: 'error',
        // Resetting would clear the session just seeded (and nothing else is stored yet).
        disableStorageReset: storage !== null,
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    mkdirSync(REPORT_DIR, { recursive: true });
    writeFileSync(
      join(REPORT_DIR, `${label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.json`),
      JSON.stringify(lhr, null, 1),
    );
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const misses = Object.values(lhr.audits)
      .filter(
        (audit) =>
          audit.score !== null &&
          audit.score < 0.9 &&
          audit.scoreDisplayMode !== 'informative' &&
          audit.scoreDisplayMode !== 'notApplicable',
      )
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    return {
      label,
      // A run Lighthouse could not finish scores nothing: its reason is kept for the notes.
      ...(lhr.runtimeError
        ? { failure: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` }
        : {}),
      scores: {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
      },
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      misses,
    };
  } finally {
    await browser.close();
  }
}

function median(audits: Audit[]): Audit {
  const sorted = [...audits].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function row(page: Audited, audit: Audit, runs: Audit[]): string {
  const { performance, accessibility } = audit.scores;
  const practices = audit.scores['best-practices'];
  const met =
    Math.min(performance, accessibility, practices) >= GOAL &&
    performance >= (page.performance ?? GOAL) &&
    audit.lcpMs < (page.lcpUnderMs ?? Infinity);
  const goal = [
    `goal ${GOAL} each`,
    ...(page.performance ? [`performance ${page.performance}`] : []),
    ...(page.lcpUnderMs ? [`LCP under ${(page.lcpUnderMs / 1000).toFixed(1)} s`] : []),
  ].join(', ');
  const spread = runs.map((run) => run.scores.performance).join('/');
  const lcps = runs.map((run) => (run.lcpMs / 1000).toFixed(2)).join('/');
  const tbts = runs.map((run) => run.tbtMs.toFixed(0)).join('/');
  const hostIndex = runs.map((run) => run.benchmarkIndex).join('/');
  const misses = audit.misses.length ? `; below 90: ${audit.misses.join(', ')}` : '';
  const failures = runs.flatMap((run, i) =>
    run.failure ? [`run ${i + 1} failed (${run.failure})`] : [],
  );
  const failed = failures.length ? `; ${failures.join('; ')}` : '';
  return `| Lighthouse mobile, ${audit.label} | performance ${performance}, accessibility ${accessibility}, best practices ${practices} | ${goal}: ${met ? 'met' : 'MISSED'}; LCP ${(audit.lcpMs / 1000).toFixed(2)} s, TBT ${audit.tbtMs.toFixed(0)} ms, CLS ${audit.cls.toFixed(3)}; in ${runs.length} runs performance ${spread}, LCP ${lcps} s, TBT ${tbts} ms, host benchmarkIndex ${hostIndex}${failed}${misses} |`;
}

/** The table rows of the pages; `build: false` audits the client already built. */
export async function lighthouseBench({ build = true } = {}): Promise<string[]> {
  if (build) {
    execFileSync(join('node_modules', '.bin', 'vite'), ['build', '--logLevel', 'error'], {
      stdio: 'inherit',
    });
  }
  await buildServer();
  const server = await startServer();
  try {
    const session = await signUp(server);
    const rows: string[] = [];
    const only = process.env.LIGHTHOUSE_ONLY?.split(',');
    for (const page of PAGES.filter(({ path }) => !only || only.includes(path))) {
      const runs: Audit[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(
          await auditOnce(
            `${server.baseUrl}${page.path}`,
            page.label,
            page.signedIn ? session : null,
          ),
        );
      }
      rows.push(row(page, median(runs), runs));
      // Each page's figures as they come: a full run takes a while.
      console.error(rows.at(-1));
    }
    return rows;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await lighthouseBench({ build: !process.env.LIGHTHOUSE_SKIP_BUILD });
  console.log(`\n| figure | value | notes |\n| --- | --- | --- |\n${rows.join('\n')}`);
}
