// The operator's privacy commands (DESIGN sections 4 and 5): `user export PHONE` prints one JSON
// document of everything held about the player, `user delete PHONE` deletes the account as the
// player can; through a running server's socket and on the data dir alike.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponse, RequestCodeResponse } from '../../contract/api';
import { ops, opsThroughServer, startServer, type RunningServer } from './helper';
import { dataDirWithDatabase } from '../support/pglite-template';

const ALPHA = '12025550171';
const BRAVO = '12025550172';

describe('the privacy commands on an embedded data dir', () => {
  const dataDir = dataDirWithDatabase('bb-privacy-');
  const env = { DATA_DIR: dataDir };
  // The CLI as a process where its own steps are the point (handing a command to the running
  // server, opening the data itself); the other commands go to the server's ops socket the same
  // way, in-process.
  const throughServer = opsThroughServer(dataDir);
  let server: RunningServer;
  let alphaToken = '';

  const call = async (path: string, body: unknown, token?: string) =>
    fetch(`${server.baseUrl}/api/v1/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  /** Registers the phone with the starter code and signs it in. */
  const signedIn = async (phone: string) => {
    const starter = /Starter invite code: (\w+)/.exec(server.stdout())?.[1] ?? '';
    const registered = await call('users/registrations', {
      phone_number: phone,
      invite_code: starter,
    });
    expect(registered.status).toBe(201);
    const { otp } = RequestCodeResponse.parse(
      await (await call('users/request_code', { phone_number: phone })).json(),
    );
    const login = await call('users/verify_code', { phone_number: phone, code: otp });
    return LoginResponse.parse(await login.json()).token;
  };

  const click = async (token: string, marker: string) => {
    const response = await call(
      'clicks',
      { click: { event_name: 'black_button_click', page_url: '/home', metadata: { marker } } },
      token,
    );
    expect(response.status).toBe(201);
  };

  beforeAll(async () => {
    server = await startServer(env);
    alphaToken = await signedIn(ALPHA);
    await click(alphaToken, 'alpha-click');
    await click(await signedIn(BRAVO), 'bravo-click');
  });

  afterAll(async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("exports the player's data as one JSON document, nothing of another player's", async () => {
    const result = await ops(['user', 'export', '(202) 555-0171'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const exported = JSON.parse(result.stdout) as {
      user: { phone: string };
      clicks: { metadata: unknown }[];
      sessions: unknown[];
      wallet_tickets: unknown[];
    };
    expect(exported.user.phone).toBe(`+${ALPHA}`);
    expect(exported.clicks.map((row) => row.metadata)).toEqual([{ marker: 'alpha-click' }]);
    expect(exported.sessions).toHaveLength(1);
    expect(exported.wallet_tickets).toHaveLength(1);
    expect(result.stdout).not.toContain(BRAVO.slice(1));
    expect(result.stdout).not.toContain('bravo-click');
  });

  it('says what is wrong with a phone that is not valid or not a player, exiting 1', async () => {
    for (const command of ['export', 'delete']) {
      const invalid = await throughServer('user', command, '555-0171');
      expect(invalid.code).toBe(1);
      expect(invalid.stderr).toBe('Not a valid US phone number: 555-0171\n');
      const unknown = await throughServer('user', command, '+1 202 555 0199');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toBe('No player with phone number +12025550199\n');
      expect(unknown.stdout).toBe('');
    }
    const missing = await throughServer('user', 'export');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("missing required argument 'phone'");
  });

  it('deletes the account as the player would, after which the phone is unknown', async () => {
    const result = await throughServer('user', 'delete', ALPHA);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Deleted the account of +${ALPHA}; its prize records stay, anonymised.\n`,
    );
    const refused = await fetch(`${server.baseUrl}/api/v1/invites`, {
      headers: { authorization: `Bearer ${alphaToken}` },
    });
    expect(refused.status).toBe(401);
    for (const command of ['export', 'delete']) {
      const after = await throughServer('user', command, ALPHA);
      expect(after.code).toBe(1);
      expect(after.stderr).toBe(`No player with phone number +${ALPHA}\n`);
    }
  });

  it('exports with no server running, opening the data dir itself', async () => {
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    const result = await ops(['user', 'export', BRAVO], env);
    expect(result.code).toBe(0);
    const exported = JSON.parse(result.stdout) as { user: { phone: string } };
    expect(exported.user.phone).toBe(`+${BRAVO}`);
  });
});
