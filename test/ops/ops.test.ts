import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lastLine, ops, startServer, type RunningServer } from './helper';

const post = (baseUrl: string, path: string, body: unknown) =>
  fetch(`${baseUrl}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A POST sent from the loopback address `from` (127.x.y.z), as if from another network. */
const postFrom = (from: string, baseUrl: string, path: string, body: unknown) =>
  new Promise<number>((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port: new URL(baseUrl).port,
        path: `/api/v1/${path}`,
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(JSON.stringify(body));
  });

describe('the operator command line on an embedded data dir', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bb-ops-'));
  const env = { DATA_DIR: dataDir };
  let server: RunningServer | undefined;
  let codeMadeWithoutServer = '';

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints its commands with --help without touching the data', async () => {
    const result = await ops(['--help'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Usage: ops');
    expect(result.stdout).toMatch(/invite\s/);
    expect(result.stdout).toMatch(/user\s/);
    const create = await ops(['invite', 'create', '--help'], env);
    expect(create.code).toBe(0);
    expect(create.stdout).toContain('--uses <n>');
    expect(existsSync(join(dataDir, 'pgdata'))).toBe(false);
  });

  it('creates a campaign code with no server running, taking the data dir itself', async () => {
    const result = await ops(['invite', 'create', '--uses', '2'], env);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    codeMadeWithoutServer = lastLine(result.stdout);
    expect(codeMadeWithoutServer).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
  });

  it('starts the server, which prints the starter code and its address', async () => {
    server = await startServer(env);
    expect(server.stdout()).toMatch(/^Starter invite code: [2-9A-HJKMNP-Z]{8}$/m);
    expect(server.stdout()).toMatch(/^BLACK BUTTON is running on http:\/\/localhost:\d+$/m);
    const starter = /Starter invite code: (\w+)/.exec(server.stdout())?.[1] ?? '';
    expect((await post(server.baseUrl, 'invites/validate', { invite_code: starter })).status).toBe(
      200,
    );
    const made = await post(server.baseUrl, 'invites/validate', {
      invite_code: codeMadeWithoutServer,
    });
    expect(made.status).toBe(200);
    expect(statSync(join(dataDir, 'ops.sock')).mode & 0o777).toBe(0o600);
  });

  it('sends commands to the running server, with the same output and exit codes', async () => {
    if (!server) throw new Error('the server is started by the previous test');
    const result = await ops(['invite', 'create', '--uses', '3'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Campaign invite code for 3 sign-ups:\n[2-9A-HJKMNP-Z]{8}\n$/);
    const code = lastLine(result.stdout);
    expect((await post(server.baseUrl, 'invites/validate', { invite_code: code })).status).toBe(
      200,
    );

    const bad = await ops(['invite', 'create', '--uses', 'many'], env);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("option '--uses <n>' argument 'many' is invalid");

    const unknown = await ops(['user', 'unlock', '+1 (202) 555-0199'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('No player with phone number +12025550199\n');
  });

  it('unlocks a phone locked by 100 failed codes', async () => {
    if (!server) throw new Error('the server is started by an earlier test');
    const phone = '12025550142';
    expect(
      (
        await post(server.baseUrl, 'users/registrations', {
          phone_number: phone,
          invite_code: codeMadeWithoutServer,
        })
      ).status,
    ).toBe(201);
    // Each address may send only 10 wrong codes: the 100 come from ten of them.
    for (let i = 0; i < 100; i += 1) {
      const status = await postFrom(
        `127.0.1.${10 + (i % 10)}`,
        server.baseUrl,
        'users/verify_code',
        {
          phone_number: phone,
          code: '0000',
        },
      );
      expect(status).toBe(401);
    }
    expect((await post(server.baseUrl, 'users/request_code', { phone_number: phone })).status).toBe(
      423,
    );

    const result = await ops(['user', 'unlock', '2025550142'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('+12025550142 can sign in again.\n');
    expect((await post(server.baseUrl, 'users/request_code', { phone_number: phone })).status).toBe(
      200,
    );
  });

  it('refuses a second server on the same data dir with one clear line', async () => {
    const second = await startServer(env).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(second?.message).toContain('server exited early (1)');
    expect(second?.message).toContain(
      `Another BLACK BUTTON server is already using DATA_DIR (${dataDir})\n`,
    );
  });

  it('shuts down cleanly on SIGTERM, releasing the data dir', async () => {
    if (!server) throw new Error('the server is started by an earlier test');
    server.child.kill('SIGTERM');
    const result = await server.exited;
    expect(result.code).toBe(0);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
    expect(existsSync(join(dataDir, 'ops.sock'))).toBe(false);
  });
});
