// The diagrams in docs/flows are the machines as they are: a changed machine without
// `npm run flows` fails here, and the generator draws what the chart holds.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { FLOWS_DIR, renderFlows } from '../../scripts/flows/docs';
import { stateTable, toMermaid } from '../../scripts/flows/mermaid';

describe('docs/flows', () => {
  it('holds one page per machine, each up to date (run `npm run flows` after changing one)', async () => {
    const pages = await renderFlows();
    const dir = join(process.cwd(), FLOWS_DIR);
    const onDisk = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.md')) : [];
    expect(onDisk.sort()).toEqual([...pages.keys()].sort());
    for (const [name, text] of pages) {
      expect(readFileSync(join(dir, name), 'utf8'), `${FLOWS_DIR}/${name} is out of date`).toBe(
        text,
      );
    }
    for (const id of ['session', 'entryFlow', 'drawCycle', 'wallet', 'players']) {
      expect(pages.has(`${id}.md`)).toBe(true);
    }
  });

  it('draws states, nesting, guards, delays, calls and the root’s own events', () => {
    const machine = createMachine({
      id: 'door',
      initial: 'closed',
      on: { reset: '.closed' },
      states: {
        closed: { description: 'Shut.', on: { open: { target: 'opening', guard: 'hasKey' } } },
        opening: {
          invoke: { src: 'motor', onDone: 'open', onError: 'closed' },
          after: { 5000: 'closed' },
        },
        open: {
          meta: { route: '/door' },
          initial: 'wide',
          states: { wide: { on: { close: '#door.closed' } } },
        },
      },
    });
    const diagram = toMermaid(machine);
    expect(diagram).toContain('[*] --> closed');
    expect(diagram).toContain('closed --> opening: open [hasKey]');
    expect(diagram).toContain('state open {');
    expect(diagram).toContain('open__wide --> closed: close');
    expect(diagram).toContain('opening --> closed: after 5000');
    expect(diagram).toMatch(/opening --> open: .* succeeds/);
    expect(diagram).toContain('anywhere --> closed: reset');
    expect(stateTable(machine)).toContainEqual({
      state: 'closed',
      description: 'Shut.',
      route: null,
      leavesOn: ['open [hasKey]'],
    });
    // The route a screen state names (meta.route) has a column of its own.
    expect(stateTable(machine)).toContainEqual(
      expect.objectContaining({ state: 'open', route: '`/door`' }),
    );
  });
});
