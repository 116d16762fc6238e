// The route follower's rule for Back and Forward (src/lib/route-follower.ts), on a tab's
// history kept in memory: every entry the app writes carries its index, and a traversal never
// lands on an entry the app would leave at once (an address the machine does not show, a screen
// seen once and left, the address just left); with nothing further that way, it redirects.
import { describe, expect, it } from 'vitest';
import {
  createRouteFollower,
  entryIndex,
  newTabHistory,
  screenState,
  type RouteFollower,
  type TabHistory,
} from '../../src/lib/route-follower';
import type { Screen } from '../../machines/shared/routes';

type Entry = { path: string; state: unknown };

const screenAt = (route: string, once = false): Screen => ({ route, also: [], once });

/**
 * A tab: its entries and the one on display, a machine that shows the screen of each address
 * it owns (`owned`), and the app's follower on them. `before` entries of other pages come first.
 */
function tab({
  first,
  owned,
  once = [],
  before = 0,
  state = null,
}: {
  first: string;
  owned: string[];
  once?: string[];
  before?: number;
  state?: unknown;
}) {
  const entries: Entry[] = [
    ...Array.from({ length: before }, (_, i) => ({ path: `https://elsewhere/${i}`, state: null })),
    { path: first, state },
  ];
  let index = before;
  let screen: Screen | null = null;
  const opened: string[] = [];
  const history: TabHistory = newTabHistory();
  let follower: RouteFollower;
  const arrive = () => {
    const entry = entries[index]!;
    follower.locationChanged(entry.path, '', entry.state);
  };
  const traverse = (direction: -1 | 1) => {
    const next = index + direction;
    if (next < 0 || next >= entries.length) return;
    index = next;
    // A page before the app's first: the app is left.
    if (index >= before) arrive();
  };
  const start = () => {
    follower = createRouteFollower<string>({
      screen: () => screen,
      opened: ({ path, state: opening }) => {
        opened.push(path);
        expect(entryIndex(opening), 'a screen read the index').toBeNull();
        return path;
      },
      // The machine shows the addresses it owns; at any other, it keeps its screen.
      send: (path) => {
        if (owned.includes(path)) screen = screenAt(path, once.includes(path));
      },
      navigate: (to, { replace, state: written }) => {
        const entry = { path: to, state: written ?? null };
        if (replace) entries[index] = entry;
        else entries.splice((index += 1), Infinity, entry);
        follower.locationChanged(to, '', entry.state);
      },
      history: {
        tab: history,
        step: traverse,
        mark: (fields) => {
          const entry = entries[index]!;
          entry.state = { ...(entry.state as object | null), ...fields };
        },
        hasBefore: () => before > 0,
      },
    });
    arrive();
  };
  start();
  return {
    entries,
    opened,
    get index() {
      return index;
    },
    get shown() {
      return index < before ? 'elsewhere' : entries[index]!.path;
    },
    /** The player follows a link to `path`: a new entry. */
    link(path: string) {
      entries.splice((index += 1), Infinity, { path, state: null });
      arrive();
    },
    /** The machine moves on by itself to `path`. */
    moveOn(path: string, seenOnce = once.includes(path)) {
      screen = screenAt(path, seenOnce);
      follower.screenChanged(entries[index]!.path);
    },
    /**
     * The machine shows `path` (seen once, at the address on display) for one step only, and
     * moves on to `next` before the page paints: only `screenPassed` hears of it.
     */
    passThrough(path: string, next: string) {
      screen = screenAt(path, true);
      follower.screenPassed(entries[index]!.path);
      screen = screenAt(next, once.includes(next));
      follower.screenChanged(entries[index]!.path);
    },
    back: () => traverse(-1),
    forward: () => traverse(1),
    /** The page loads again at the entry on display: a new follower, the same history. */
    reload() {
      screen = null;
      history.at = null;
      history.top = null;
      history.addresses = [];
      start();
    },
  };
}

describe('the route follower, Back and Forward', () => {
  it("indexes the tab's first entry and each it writes: a push the next, a replace the same", () => {
    const app = tab({ first: '/home', owned: ['/home', '/wallet', '/wallet-token'] });
    expect(entryIndex(app.entries[0]!.state)).toBe(0);
    app.link('/wallet');
    app.moveOn('/wallet-token');
    app.moveOn('/home');
    expect(app.entries.map(({ path, state }) => [path, entryIndex(state)])).toEqual([
      ['/home', 0],
      ['/wallet', 1],
      ['/wallet-token', 2],
      ['/home', 3],
    ]);
  });

  it('gives a screen its own history state without the index', () => {
    expect(screenState({ historyIndex: 2, phoneNumber: '15555550100' })).toEqual({
      phoneNumber: '15555550100',
    });
    expect(screenState({ historyIndex: 2, seenOnce: true })).toBeNull();
    expect(screenState(null)).toBeNull();
  });

  it('leaves the app by Back past addresses it does not have, when pages come before it', () => {
    const app = tab({ first: '/onboarding', owned: ['/home'], before: 1 });
    app.link('/login');
    app.link('/home');
    const before = app.entries.length;
    app.back();
    expect(app.shown).toBe('elsewhere');
    expect(app.entries).toHaveLength(before);
    expect(app.entries.map(({ path }) => path)).toContain('/login');
  });

  it('redirects by a replace, with nothing before the first entry to step on to', () => {
    const app = tab({ first: '/onboarding', owned: ['/home'] });
    app.link('/login');
    app.link('/home');
    app.back();
    expect(app.index).toBe(0);
    expect(app.entries.map(({ path }) => path)).toEqual(['/home', '/login', '/home']);
  });

  it('steps over a screen seen once and left by a link, Back and Forward, not showing it again', () => {
    const app = tab({
      first: '/home',
      owned: ['/home', '/youve-entered', '/wallet'],
      once: ['/youve-entered'],
    });
    app.moveOn('/youve-entered');
    app.link('/wallet');
    app.opened.length = 0;
    app.back();
    expect(app.shown).toBe('/home');
    app.forward();
    expect(app.shown).toBe('/wallet');
    expect(app.opened).not.toContain('/youve-entered');
  });

  it("gives a once screen's entry back when the machine returns to the screen before it", () => {
    const app = tab({
      first: '/home',
      owned: ['/home'],
      once: ['/youve-entered', '/rewards'],
      before: 1,
    });
    app.moveOn('/youve-entered');
    app.moveOn('/rewards');
    app.moveOn('/home');
    // Back to the /home the press left, not a second /home after it: Back from it leaves.
    expect(app.index).toBe(1);
    expect(app.shown).toBe('/home');
    app.back();
    expect(app.shown).toBe('elsewhere');
  });

  it('does not step over a screen that took the place of a once screen at its address', () => {
    const app = tab({ first: '/', owned: ['/', '/rules'], once: ['/'] });
    app.moveOn('/');
    expect(app.entries[0]!.state).toMatchObject({ seenOnce: true });
    // The starting page (seen once) moves on to the disclaimer, at the same address.
    app.moveOn('/', false);
    app.link('/rules');
    app.back();
    expect(app.shown).toBe('/');
  });

  it('steps past the address just left again, the same screen', () => {
    const app = tab({ first: '/players', owned: ['/players', '/home'] });
    app.link('/home');
    app.link('/home');
    app.back();
    expect(app.shown).toBe('/players');
  });

  it('goes Back when the machine returns by itself to the screen of the entry before', () => {
    const app = tab({ first: '/home', owned: ['/home', '/winnings'], before: 1 });
    app.link('/winnings');
    // The drawer closes: /home, the entry before, not a second /home after the drawer's.
    app.moveOn('/home');
    expect(app.index).toBe(1);
    expect(app.entries.map(({ path }) => path).slice(1)).toEqual(['/home', '/winnings']);
    app.back();
    expect(app.shown).toBe('elsewhere');
  });

  it('steps past the screen Back was pressed on when the steps find it again further back', () => {
    const app = tab({
      first: '/home',
      owned: ['/home', '/youve-entered', '/wallet'],
      once: ['/youve-entered'],
      before: 1,
    });
    app.moveOn('/youve-entered');
    app.link('/home');
    // Back passes the screen seen once, then finds /home, the screen it was pressed on: on.
    app.back();
    expect(app.shown).toBe('elsewhere');
  });

  it('marks the entry of a screen seen once that the machine left before the page painted', () => {
    const app = tab({ first: '/home', owned: ['/home', '/questionnaire', '/wallet'] });
    app.link('/questionnaire');
    // The questionnaire ends at once (no question left) and another screen follows.
    app.passThrough('/questionnaire', '/wallet');
    expect(app.entries[1]!.state).toMatchObject({ seenOnce: true });
    app.opened.length = 0;
    // Back from there passes the questionnaire's entry instead of asking it again.
    app.back();
    expect(app.shown).toBe('/home');
    expect(app.opened).toEqual(['/home']);
  });

  it('takes a reload at an indexed entry as no traversal: the same screen, no step', () => {
    const app = tab({ first: '/home', owned: ['/home', '/wallet'] });
    app.link('/wallet');
    app.reload();
    expect(app.shown).toBe('/wallet');
    expect(entryIndex(app.entries[1]!.state)).toBe(1);
    app.back();
    expect(app.shown).toBe('/home');
  });
});
