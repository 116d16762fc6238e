// Runs the real server and the real operator CLI as processes, the way an operator does.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { CreateInviteResponse, GrandPrizeListResponse } from '../../contract/api';
import { ReferralBonusListResponse } from '../../contract/winnings';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { contactMessages, grandPrizes, referralBonuses, users } from '../../server/db/schema';
import { insertContactMessage } from '../../server/repositories/contact';
import type { Mailer } from '../../server/mail/mailer';
import { createServices, type Services } from '../../server/services/index';
import { createLogSender } from '../../server/sms/sender';
import { opsSocketPath } from '../../server/ops/data-dir-lock';
import { runOps, withAbsoluteFiles, type OpsOutput } from '../../server/ops/program';
import { BUILT } from '../../scripts/build-server.js';
import { sendOpsCommand } from '../../server/ops/socket';
import { bearer, signedInPlayer, url, useTestApp, type DatabaseKind } from '../api/helper';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

/**
 * The server and the operator CLI run built, as `npm start` and `npm run ops` run them (built
 * once for the run by test/support/server-setup.ts); a script of the repo's own (flows) through
 * tsx, as its npm script runs it.
 */
const BUILT_SCRIPTS: Record<string, string> = {
  'server/server.ts': BUILT.server,
  'server/ops/cli.ts': BUILT.cli,
};

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function environment(env: Record<string, string>) {
  const base = { ...process.env };
  // The tests' own database settings must not leak into the processes under test.
  delete base.DATABASE_URL;
  return { ...base, LOG_LEVEL: 'warn', ...env };
}

export function start(script: string, args: string[], env: Record<string, string>) {
  const built = BUILT_SCRIPTS[script];
  return built
    ? spawn(process.execPath, ['--enable-source-maps', built, ...args], {
        cwd: root,
        env: environment(env),
      })
    : spawn(tsx, [script, ...args], { cwd: root, env: environment(env) });
}

export function finish(child: ChildProcessWithoutNullStreams): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** `npm run ops -- ...args`, run to the end. */
export function ops(args: string[], env: Record<string, string>): Promise<Finished> {
  return finish(start('server/ops/cli.ts', args, env));
}

export interface RunningServer {
  child: ChildProcessWithoutNullStreams;
  baseUrl: string;
  stdout: () => string;
  exited: Promise<Finished>;
}

/** Starts `server/server.ts` and resolves once it prints its address and answers health. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = start('server/server.ts', [], { PORT: '0', ...env });
  const exited = finish(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    // A hang guard, not a budget (minutes when every lane of `npm test` runs at once).
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 180_000);
    child.stdout.on('data', () => {
      const match = /BLACK BUTTON is running on (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((result) => {
      clearTimeout(timer);
      reject(new Error(`server exited early (${result.code}): ${result.stderr}`));
    });
  });
  const health = await fetch(`${baseUrl}/api/v1/health`);
  if (health.status !== 200) throw new Error(`health answered ${health.status}`);
  return { child, baseUrl, stdout: () => output, exited };
}

export function lastLine(text: string): string {
  return text.trimEnd().split('\n').at(-1) ?? '';
}

/** The services over a data dir's database, as the CLI opens them when no server runs. */
async function openServices(dataDir: string, mailer?: Mailer) {
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pgdata') });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const services = createServices({
    db: database.db,
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    sms: createLogSender({ info: () => undefined }),
    ...(mailer ? { mailer } : {}),
    now: () => new Date(),
  });
  return { services, close: () => database.close() };
}

/**
 * Works on a data dir directly, as no server runs: what an operator's database holds (mailing
 * through `mailer` when given).
 */
export async function withServices<T>(
  dataDir: string,
  work: (services: Services) => Promise<T>,
  mailer?: Mailer,
): Promise<T> {
  const opened = await openServices(dataDir, mailer);
  try {
    return await work(opened.services);
  } finally {
    await opened.close();
  }
}

/** What one operator command did: its exit code and everything it printed. */
export interface OpsResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run ops -- ...argv` in-process, over the services of an app the test built: the same
 * program the CLI and the ops socket run, without a process of its own.
 */
export function opsOver(services: Services) {
  return (...argv: string[]) =>
    captured((output) => runOps(argv, () => Promise.resolve(services), output));
}

async function captured(run: (output: OpsOutput) => Promise<number>): Promise<OpsResult> {
  let stdout = '';
  let stderr = '';
  const code = await run({ out: (text) => (stdout += text), err: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

/**
 * `npm run ops -- ...argv` from the directory `cwd`, handed to the server running on `dataDir`
 * through its ops socket, as the CLI does when the server holds the data dir (file arguments
 * named by their full path), without a process of its own.
 */
export function opsThroughServer(dataDir: string, cwd = process.cwd()) {
  return (...argv: string[]) =>
    captured((output) =>
      sendOpsCommand(opsSocketPath(dataDir), withAbsoluteFiles(argv, cwd), output),
    );
}

/**
 * `npm run ops -- ...argv` in-process on a data dir no server runs on, as the CLI does when it
 * takes the data dir itself: the database opens on the first command and stays open for the
 * next ones. `close` before a server (or another opener) starts on the data dir.
 */
export function opsOnDataDir(dataDir: string) {
  let opened: ReturnType<typeof openServices> | undefined;
  const services = async () => (await (opened ??= openServices(dataDir))).services;
  return {
    run: (...argv: string[]) => captured((output) => runOps(argv, services, output)),
    services,
    close: async () => {
      const was = opened;
      opened = undefined;
      if (was) await (await was).close();
    },
  };
}

type Player = Awaited<ReturnType<typeof signedInPlayer>>;

/**
 * The app of a payout commands test over a database of its own, the operator's commands over
 * its services, and the players' side of a payout: a player who wins a draw alone, an inviter
 * whose invitee wins, the rows of a prize and a bonus.
 */
export function usePayoutApp(kind: DatabaseKind) {
  const { app, database } = useTestApp(kind);
  /** `npm run ops -- ...argv`, in-process over the app's services. */
  const ops = (...argv: string[]) => opsOver(app().services)(...argv);
  const get = (path: string, token: string) =>
    app().inject({ method: 'GET', url: url(path), headers: bearer(token) });
  const post = (path: string, token: string, payload: unknown) =>
    app().inject({
      method: 'POST',
      url: url(path),
      headers: { 'content-type': 'application/json', ...bearer(token) },
      payload: JSON.stringify(payload),
    });

  /** The player presses alone in a draw that then closes: the prize (and its draw) is theirs. */
  const winning = async (player: Player) => {
    await app().services.draws.closeNow();
    const pressed = await post('draw_entries', player.token, {});
    if (pressed.statusCode !== 201) throw new Error(`press: ${pressed.body}`);
    const closing = await app().services.draws.closeNow();
    const prizes = GrandPrizeListResponse.parse((await get('grand_prizes', player.token)).json());
    const prize = prizes.data.find((p) => p.draw_id === closing.draw.id);
    if (!prize) throw new Error('the player did not win');
    return prize;
  };
  /** A player invites another, who then wins: the inviter has a $100 bonus for that draw. */
  const inviterWithBonus = async () => {
    const inviter = await signedInPlayer(app());
    const { code } = CreateInviteResponse.parse((await post('invites', inviter.token, {})).json());
    const invitee = await signedInPlayer(app(), code);
    const prize = await winning(invitee);
    const [bonus] = ReferralBonusListResponse.parse(
      (await get('referral_bonuses', inviter.token)).json(),
    ).data;
    if (!bonus) throw new Error('the inviter earned no bonus');
    return { ...inviter, bonus, drawId: prize.draw_id };
  };
  const prizeRow = async (id: string) =>
    (await database().db.select().from(grandPrizes).where(eq(grandPrizes.id, id)))[0];
  const bonusRow = async (id: string) =>
    (await database().db.select().from(referralBonuses).where(eq(referralBonuses.id, id)))[0];
  /** Marks every claim the earlier tests left paid, so each test lists only its own. */
  const payEverything = async () => {
    for (const claim of await app().services.payouts.pendingClaims()) {
      await app().services.payouts.markPaid(claim.id);
    }
  };
  return {
    app,
    database,
    ops,
    get,
    post,
    winning,
    inviterWithBonus,
    prizeRow,
    bonusRow,
    payEverything,
  };
}

const mailerOf = (send: Mailer['send']): Mailer => ({ send, close: () => undefined });
const accepting = mailerOf(() => Promise.resolve());
const busy = mailerOf(() => Promise.reject(new Error('451 Mailbox busy\ntry later')));
const refusing = mailerOf(() =>
  Promise.reject(
    Object.assign(new Error('550 No such mailbox\r\n\u001b[31mred'), {
      responseCode: 550,
      permanent: true,
    }),
  ),
);

/** A time as the commands print it. */
export const ISO = '\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z';
/** Clears the screen, turns the line around and breaks it, all in a subject. */
const HOSTILE_SUBJECT = 'Thanks \u001b[2Jnow\u202Ereversed\nBcc: x\\n';
/** … and how the operator sees it. */
export const HOSTILE_SHOWN = 'Thanks \\u001b[2Jnow\\u202ereversed\\u000aBcc: x\\\\n';

/** A refusal: exit 1 and one line saying why. */
export function expectRefused(result: OpsResult | Finished, line: string | RegExp) {
  expect(result.code).toBe(1);
  expect(result.stdout).toBe('');
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(result.stderr.trimEnd()).toMatch(line);
}

/**
 * Four players' messages, one second apart, oldest first: one the mail server is busy for, one
 * mailed, one refused for good, one of an account deleted since.
 */
export async function storeMessages(services: Services) {
  const base = Date.now() - 60_000;
  const db = services.context.db;
  const mailingWith = (mailer: Mailer) => createServices({ ...services.context, mailer });
  let n = 0;
  const store = async (phone: string, subject: string, message: string) => {
    const invite = await services.invites.createCampaign(1);
    const player = await services.users.register(phone, invite);
    n += 1;
    const at = new Date(base + n * 1000);
    const { id } = await insertContactMessage(db, { userId: player.id, subject, message, at });
    return { id, userId: player.id, phone };
  };
  const busyOne = await store('12025550111', 'Where is my prize?', 'I won on Monday.');
  await mailingWith(busy).contact.deliverDue();
  const mailed = await store(
    '12025550122',
    HOSTILE_SUBJECT,
    'Great app.\nSee you tomorrow.\n\u001b[2JBye',
  );
  await mailingWith(accepting).contact.deliverDue();
  const refused = await store('12025550133', 'Refused', 'Please');
  await mailingWith(refusing).contact.deliverDue();
  const deleted = await store('12025550144', 'Leaving', 'Bye all');
  // Deleted since: nothing is mailed for the account, whatever of it is still stored.
  await db
    .update(users)
    .set({ phone: null, deletedAt: new Date() })
    .where(eq(users.id, deleted.userId));
  expect(await mailingWith(accepting).contact.deliverDue()).toEqual({ delivered: 0, failed: [] });
  return { busy: busyOne, mailed, refused, deleted };
}

/**
 * The app of a messages commands test, with the four messages of storeMessages stored before
 * the block's tests: the operator's commands over its services, the messages' ids and rows.
 */
export function useMessagesApp(kind: DatabaseKind) {
  const { app, database } = useTestApp(kind);
  let ids: Record<'busy' | 'mailed' | 'refused' | 'deleted', string> | undefined;
  beforeAll(async () => {
    const stored = await storeMessages(app().services);
    ids = {
      busy: stored.busy.id,
      mailed: stored.mailed.id,
      refused: stored.refused.id,
      deleted: stored.deleted.id,
    };
  });
  return {
    app,
    database,
    /** `npm run ops -- ...argv`, in-process over the app's services. */
    ops: (...argv: string[]) => opsOver(app().services)(...argv),
    ids: () => {
      if (!ids) throw new Error('the messages are stored in beforeAll');
      return ids;
    },
    rowOf: async (id: string) => {
      const [row] = await database()
        .db.select()
        .from(contactMessages)
        .where(eq(contactMessages.id, id));
      return row;
    },
  };
}

/** Waits until `condition` holds, checking every 20 ms; fails after `timeoutMs`. */
export async function until(condition: () => boolean, what: string, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
