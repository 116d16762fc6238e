// `ops demo reset` (DEMO_MODE, DESIGN sections 5 and 8): in-process over an app's services on
// PGlite and PostgreSQL (refused without DEMO_MODE; on PostgreSQL only with --yes), and as the
// real CLI handing the command to a running embedded server through its ops socket.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { DEMO_MODE_OFF, YES_NEEDED } from '../../server/ops/demo';
import { bearer, databases, signedInPlayer, url, useTestApp } from '../api/helper';
import { lastLine, ops, opsOver, startServer, type RunningServer } from './helper';

const STARTER = /^Starter invite code: ([2-9A-HJKMNP-Z]{8})$/;

describe.each(databases)('ops demo reset on %s', (kind) => {
  const off = useTestApp(kind);
  const embedded = useTestApp(kind, { config: { DEMO_MODE: 'on' } });
  const shared = useTestApp(kind, {
    config: { DEMO_MODE: 'on', DATABASE_URL: 'postgres://demo@127.0.0.1:5432/demo' },
  });
  const players = async (app: ReturnType<typeof off.app>) => {
    const [row] = await app.services.context.db.select({ n: count() }).from(users);
    return row?.n ?? 0;
  };

  it('refuses without DEMO_MODE, in one line, and wipes nothing', async () => {
    await signedInPlayer(off.app());
    const result = await opsOver(off.app().services)('demo', 'reset', '--yes');
    expect(result).toEqual({ code: 1, stdout: '', stderr: `${DEMO_MODE_OFF}\n` });
    expect(await players(off.app())).toBe(1);
  });

  it('refuses on PostgreSQL (DATABASE_URL) without --yes, and wipes with it', async () => {
    const player = await signedInPlayer(shared.app());
    const refused = await opsOver(shared.app().services)('demo', 'reset');
    expect(refused).toEqual({ code: 1, stdout: '', stderr: `${YES_NEEDED}\n` });
    expect(await players(shared.app())).toBe(1);
    const wiped = await opsOver(shared.app().services)('demo', 'reset', '--yes');
    expect(wiped.stderr).toBe('');
    expect(wiped.code).toBe(0);
    expect(lastLine(wiped.stdout)).toMatch(STARTER);
    expect(await players(shared.app())).toBe(0);
    const gone = await shared
      .app()
      .inject({ method: 'GET', url: url('invites'), headers: bearer(player.token) });
    expect(gone.statusCode).toBe(401);
  });

  it('wipes an embedded demo without --yes; the new code signs a player up, the books balance', async () => {
    await signedInPlayer(embedded.app());
    const result = await opsOver(embedded.app().services)('demo', 'reset');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('the questions and offers stay');
    const code = STARTER.exec(lastLine(result.stdout))?.[1] ?? '';
    expect(await players(embedded.app())).toBe(0);
    await signedInPlayer(embedded.app(), code);
    expect(await players(embedded.app())).toBe(1);
    const audit = await opsOver(embedded.app().services)('audit');
    expect(audit.code).toBe(0);
    expect(lastLine(audit.stdout)).toBe('The books balance.');
  });
});

describe('ops demo reset through a running embedded server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bb-demo-'));
  const env = { DATA_DIR: dataDir, DEMO_MODE: 'on' };
  let server: RunningServer;

  beforeAll(async () => {
    server = await startServer(env);
  });
  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const register = (code: string, phone: string) =>
    fetch(`${server.baseUrl}/api/v1/users/registrations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: phone, invite_code: code }),
    });

  it('wipes through the ops socket: the old starter code is refused, the new one signs up', async () => {
    const first = STARTER.exec(
      server
        .stdout()
        .split('\n')
        .find((line) => line.startsWith('Starter invite code:')) ?? '',
    )?.[1];
    expect(first).toBeDefined();
    expect((await register(first!, '14155550101')).status).toBe(201);

    const result = await ops(['demo', 'reset'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const next = STARTER.exec(lastLine(result.stdout))?.[1];
    expect(next).toBeDefined();
    expect(next).not.toBe(first);

    expect((await register(first!, '14155550102')).status).toBe(404);
    // The same number signs up again: its account went with the rest.
    expect((await register(next!, '14155550101')).status).toBe(201);
  });
});
