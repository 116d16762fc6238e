// A crashed server comes back at once (DESIGN 7): the data dir's lock belongs to the living
// process, so a server killed with SIGKILL in the middle of presses is replaced by the next
// start without waiting, and every press it acknowledged is still there, once.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { DrawResponse, LoginResponse, RequestCodeResponse } from '../../contract/api';
import { lockDataDir } from '../../server/ops/data-dir-lock';
import { startServer, type RunningServer } from './helper';
import { dataDirWithDatabase } from '../support/pglite-template';

const PLAYERS = 16;

function call(baseUrl: string, method: string, path: string, body?: unknown, token?: string) {
  return fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function signIn(baseUrl: string, phone: string, inviteCode: string): Promise<string> {
  const registered = await call(baseUrl, 'POST', 'users/registrations', {
    phone_number: phone,
    invite_code: inviteCode,
  });
  if (registered.status !== 201) throw new Error(`registration: ${await registered.text()}`);
  const requested = await call(baseUrl, 'POST', 'users/request_code', { phone_number: phone });
  const { otp } = RequestCodeResponse.parse(await requested.json());
  const verified = await call(baseUrl, 'POST', 'users/verify_code', {
    phone_number: phone,
    code: otp,
  });
  return LoginResponse.parse(await verified.json()).token;
}

describe('a server killed during presses', () => {
  const dataDir = dataDirWithDatabase('bb-crash-');
  // Every player signs in from this one address.
  const env = { DATA_DIR: dataDir, CODE_LIMIT_PER_ADDRESS: '1000' };
  const servers: RunningServer[] = [];

  afterAll(async () => {
    for (const server of servers) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('restarts at once on the same data dir with every acknowledged entry present, none doubled', async () => {
    const first = await startServer(env);
    servers.push(first);
    const inviteCode = /Starter invite code: (\S+)/.exec(first.stdout())?.[1] ?? '';
    const tokens = await Promise.all(
      Array.from({ length: PLAYERS }, (_, i) =>
        signIn(first.baseUrl, `1${300 + i}555${String(1000 + i)}`, inviteCode),
      ),
    );

    // Every player presses, all at once, and keeps pressing (a retry, a second device) until
    // the server dies under them.
    const acknowledged = new Set<number>();
    let killed = false;
    const presses = tokens.map(async (token, player) => {
      while (!killed) {
        const response = await call(first.baseUrl, 'POST', 'draw_entries', {}, token).catch(
          () => null,
        );
        if (!response) return;
        if (response.status < 300) acknowledged.add(player);
      }
    });
    while (acknowledged.size < PLAYERS / 2) await new Promise((resolve) => setTimeout(resolve, 5));
    // The server process itself (built, as `npm start` runs it: no wrapper in between).
    first.child.kill('SIGKILL');
    killed = true;
    await first.exited;
    await Promise.all(presses);

    // The dead server holds nothing: the data dir can be taken the moment it is gone (a lock
    // that outlived its holder refused every start for up to 10 s).
    const release = await lockDataDir(dataDir);
    await release();
    const second = await startServer(env);
    servers.push(second);
    expect(second.stdout()).not.toContain('Starter invite code');

    for (const [player, token] of tokens.entries()) {
      const response = await call(second.baseUrl, 'GET', 'draws/current', undefined, token);
      const mine = DrawResponse.parse(await response.json()).data.my_entry_ids ?? [];
      if (acknowledged.has(player)) expect(mine).toHaveLength(1);
      else expect(mine.length).toBeLessThanOrEqual(1);
    }
    expect(acknowledged.size).toBeGreaterThanOrEqual(PLAYERS / 2);
  }, 120_000);

  it('while the restarted server runs, nobody else can take its data dir', async () => {
    const running = servers.at(-1);
    if (!running) throw new Error('the server is restarted by the test before');
    await expect(lockDataDir(dataDir)).rejects.toThrow(
      'Another BLACK BUTTON server is already using DATA_DIR',
    );
    running.child.kill('SIGTERM');
    expect((await running.exited).code).toBe(0);
  });
});
