// `npm run flows -- --stats` and the funnels of `ops stats`: each screen state of a chart
// carries its route's page views, and the funnels name the screens the machines show.
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { PATHS } from '../../machines/shared/paths';
import { findMachines, renderFlows } from '../../scripts/flows/docs';
import { stateTable, toMermaid } from '../../scripts/flows/mermaid';
import { FUNNELS } from '../../server/services/stats';

/** Every route a screen state of a machine names (`meta.route`). */
async function machineRoutes(): Promise<Set<string>> {
  const routes = new Set<string>();
  for (const { machine } of await findMachines()) {
    for (const row of stateTable(machine)) {
      const route = /^`([^`]+)`/.exec(row.route ?? '')?.[1];
      if (route) routes.add(route);
    }
  }
  return routes;
}

describe('flows with stats', () => {
  it('writes the count beside each screen state, and nothing beside the others', () => {
    const machine = createMachine({
      id: 'door',
      initial: 'closed',
      states: {
        closed: { meta: { route: '/door' }, on: { open: 'open' } },
        open: { meta: { route: '/door-open' }, initial: 'wide', states: { wide: {} } },
        gone: {},
      },
    });
    const diagram = toMermaid(machine, (node) => {
      const route = (node.meta as { route?: string } | undefined)?.route;
      return route ? `${route} · ${route === '/door' ? 7 : 0} views · "x" players` : null;
    });
    expect(diagram).toContain(`state "closed · /door · 7 views · 'x' players" as closed`);
    expect(diagram).toContain(`state "open · /door-open · 0 views · 'x' players" as open`);
    expect(diagram).toContain('state open {');
    expect(diagram).not.toContain('gone ·');
    // Without a note, the chart is the one of docs/flows.
    expect(toMermaid(machine)).not.toContain('·');
  });

  it('draws the page views of the database on every chart, beside each screen', async () => {
    const pages = await renderFlows(process.cwd(), {
      from: '2026-11-21',
      to: '2026-11-27',
      screens: [
        { path: '/home', views: 42, players: 12 },
        { path: '/wallet-token', views: 3, players: 2 },
      ],
    });
    expect(pages.get('drawCycle.md')).toContain('/home · 42 views · 12 players');
    expect(pages.get('wallet.md')).toContain('/wallet-token · 3 views · 2 players');
    expect(pages.get('wallet.md')).toContain('/wallet · 0 views · 0 players');
    expect(pages.get('wallet.md')).toContain('from 2026-11-21 to 2026-11-27 (UTC days)');
    expect(pages.get('wallet.md')).toContain('npm run flows -- --stats');
  });

  it('has every screen the machines show in a funnel, and only addresses of the app', async () => {
    const inFunnels = new Set(FUNNELS.flatMap((funnel) => funnel.steps));
    const known = new Set<string>(Object.values(PATHS));
    expect([...(await machineRoutes())].filter((route) => !inFunnels.has(route))).toEqual([]);
    expect([...inFunnels].filter((route) => !known.has(route))).toEqual([]);
  });
});
