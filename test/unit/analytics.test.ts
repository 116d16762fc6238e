// The app's analytics batcher: page views once per history entry, batches by size and time, a
// new batch per session, the beacon when the page hides, and a failed send dropped, not retried.
import { describe, expect, it } from 'vitest';
import type { AnalyticsBatch } from '../../contract/analytics';
import { API_BASE, PATHS } from '../../contract/api';
import {
  ANALYTICS_URL,
  createAnalytics,
  FLUSH_AFTER_MS,
  FLUSH_AT_ITEMS,
  platformOf,
} from '../../src/lib/analytics';

function harness(token: { now: string | null } = { now: null }) {
  const sent: AnalyticsBatch[] = [];
  const beacons: AnalyticsBatch[] = [];
  const timers = new Map<number, { run: () => void; ms: number }>();
  let nextTimer = 0;
  let failing = false;
  const analytics = createAnalytics({
    platform: 'android',
    token: () => token.now,
    send: (batch) => {
      sent.push(batch);
      return failing ? Promise.reject(new Error('offline')) : Promise.resolve();
    },
    beacon: (batch) => {
      beacons.push(batch);
      return true;
    },
    setTimer: (run, ms) => {
      nextTimer += 1;
      timers.set(nextTimer, { run, ms });
      return nextTimer;
    },
    clearTimer: (timer) => timers.delete(timer as number),
  });
  const elapse = () => {
    for (const [id, timer] of [...timers]) {
      timers.delete(id);
      timer.run();
    }
  };
  return {
    analytics,
    sent,
    beacons,
    timers,
    elapse,
    failNext: () => (failing = true),
  };
}

describe('analytics batcher', () => {
  it('reads the platform from the user agent', () => {
    expect(
      platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15'),
    ).toBe('ios');
    // iPadOS says it is a Mac; a Mac has no touch screen.
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe('ios');
    expect(platformOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe('other');
    expect(platformOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile')).toBe(
      'android',
    );
    expect(platformOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0')).toBe('other');
    expect(ANALYTICS_URL).toBe(`${API_BASE}/${PATHS.analytics}`);
  });

  it('counts a route once per history entry, and again when another entry shows it', () => {
    const { analytics, sent, elapse, timers } = harness();
    analytics.routeOpened('/home', 0);
    analytics.routeOpened('/home', 0);
    analytics.routeOpened('/youve-entered', 1);
    // Seen once and replaced at the same entry: a screen of its own.
    analytics.routeOpened('/rewards', 1);
    // Back to the first entry.
    analytics.routeOpened('/home', 0);
    expect(sent).toEqual([]);
    expect([...timers.values()].map((timer) => timer.ms)).toEqual([FLUSH_AFTER_MS]);
    elapse();
    expect(sent).toEqual([
      {
        page_views: ['/home', '/youve-entered', '/rewards', '/home'].map((path) => ({
          path,
          platform: 'android',
        })),
        clicks: [],
      },
    ]);
  });

  it('sends a full batch at once, and each session in a batch of its own', () => {
    const token = { now: null as string | null };
    const { analytics, sent } = harness(token);
    analytics.routeOpened('/login', 4);
    token.now = 'session-token';
    analytics.click({ event_name: 'tell_us_more_clicked', page_url: '/questionnaire' });
    // The visitor's view went alone, without the token that came after it.
    expect(sent).toEqual([{ page_views: [{ path: '/login', platform: 'android' }], clicks: [] }]);
    for (let n = 1; n < FLUSH_AT_ITEMS; n += 1) analytics.routeOpened(`/page-${n}`, n);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.token).toBe('session-token');
    expect(sent[1]?.clicks).toEqual([
      {
        event_name: 'tell_us_more_clicked',
        page_url: '/questionnaire',
        metadata: {},
        platform: 'android',
      },
    ]);
    expect(sent[1]?.page_views).toHaveLength(FLUSH_AT_ITEMS - 1);
  });

  it('hands what is queued to the beacon when the page hides, and drops a failed send', async () => {
    const { analytics, sent, beacons, elapse, failNext } = harness({ now: 't' });
    analytics.click({ event_name: 'win_more_clicked', page_url: '/what-i-like' });
    analytics.flush('beacon');
    expect(beacons).toEqual([
      {
        token: 't',
        page_views: [],
        clicks: [
          {
            event_name: 'win_more_clicked',
            page_url: '/what-i-like',
            metadata: {},
            platform: 'android',
          },
        ],
      },
    ]);
    // Nothing left to send.
    analytics.flush('beacon');
    elapse();
    expect(beacons).toHaveLength(1);
    expect(sent).toEqual([]);

    failNext();
    analytics.routeOpened('/home', 7);
    elapse();
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    // Not sent again: the next batch carries only what came after.
    analytics.routeOpened('/winnings', 8);
    elapse();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.page_views).toEqual([{ path: '/winnings', platform: 'android' }]);
  });
});
