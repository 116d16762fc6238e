// Every frame a client sends on /cable is checked against the contract: nothing a signed-in
// player sends can take the server down or multiply the broadcasts on a socket.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databases, signedInPlayer, url, useDatabase } from './helper';
import { cableClient, isDisconnect, isType, timerIdentifier, type Frame } from './cable-client';

const subscribeTo = (identifier: unknown) => JSON.stringify({ command: 'subscribe', identifier });

/** Frames no ActionCable client sends, each as the exact text on the wire. */
const hostileFrames: [string, string | Buffer][] = [
  ['null', 'null'],
  ['a number', '42'],
  ['a string', '"subscribe"'],
  ['true', 'true'],
  ['an empty array', '[]'],
  ['an array of commands', JSON.stringify([{ command: 'subscribe', identifier: timerIdentifier }])],
  ['an empty object', '{}'],
  ['not JSON', 'subscribe me'],
  ['an empty frame', ''],
  ['deeply nested JSON', `${'['.repeat(4_000)}${']'.repeat(4_000)}`],
  ['a command without identifier', '{"command":"subscribe"}'],
  ['an unknown command', JSON.stringify({ command: 'perform', identifier: timerIdentifier })],
  ['a null identifier', subscribeTo(null)],
  ['a numeric identifier', subscribeTo(1)],
  ['an object identifier', subscribeTo({ channel: 'TimerChannel' })],
  ['an identifier that is not JSON', subscribeTo('TimerChannel')],
  ['an identifier that is a JSON string', subscribeTo('"TimerChannel"')],
  ['an identifier that is JSON null', subscribeTo('null')],
  ['an identifier naming no channel', subscribeTo('{}')],
  ['an identifier with a numeric channel', subscribeTo('{"channel":42}')],
  [
    'an over-long identifier',
    subscribeTo(JSON.stringify({ channel: 'TimerChannel', pad: 'x'.repeat(400) })),
  ],
  ['a channel hidden in __proto__', subscribeTo('{"__proto__":{"channel":"TimerChannel"}}')],
  ['a __proto__ key in the command', '{"__proto__":{"polluted":true},"command":"subscribe"}'],
  ['a constructor.prototype key', '{"constructor":{"prototype":{"polluted":true}},"command":1}'],
  [
    'a message with null data',
    JSON.stringify({ command: 'message', identifier: timerIdentifier, data: null }),
  ],
  [
    'a message to an action',
    JSON.stringify({ command: 'message', identifier: timerIdentifier, data: '{"action":"x"}' }),
  ],
  [
    'an unsubscribe never subscribed',
    JSON.stringify({ command: 'unsubscribe', identifier: timerIdentifier }),
  ],
  [
    'a binary frame',
    Buffer.from(JSON.stringify({ command: 'subscribe', identifier: timerIdentifier })),
  ],
];

const isBroadcast = (frame: Frame) => 'message' in frame && !('type' in frame);

describe.each(databases)('commands on /cable on %s', (kind) => {
  const database = useDatabase(kind);
  let app: FastifyInstance;
  let address: (token: string) => string;

  beforeAll(async () => {
    app = await buildTestApp(database());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    address = (token) => `ws://127.0.0.1:${port}/cable?token=${token}`;
  });

  it('ignores every frame that is not an ActionCable command, and the socket keeps working', async () => {
    const { token } = await signedInPlayer(app);
    const client = cableClient(address(token));
    await client.waitFor(isType('welcome'));
    for (const [, frame] of hostileFrames) client.socket.send(frame);

    // Frames are handled in order: once this is rejected, every frame above was handled.
    const marker = JSON.stringify({ channel: 'NoSuchChannel' });
    client.subscribe(marker);
    await client.waitFor((frame) => frame.identifier === marker);
    expect(client.frames.filter((frame) => frame.type !== 'ping')).toEqual([
      { type: 'welcome' },
      { type: 'reject_subscription', identifier: marker },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    client.subscribe();
    await client.waitFor(isType('confirm_subscription'));
    app.cable.broadcastTimer({ refetch: true });
    expect(await client.waitFor(isBroadcast)).toEqual({
      identifier: timerIdentifier,
      message: { refetch: true },
    });
    expect((await app.inject({ method: 'GET', url: url('health') })).statusCode).toBe(200);
    client.socket.close();
  });

  it('holds one TimerChannel subscription per connection, however many identifiers ask', async () => {
    const { token } = await signedInPlayer(app);
    const client = cableClient(address(token));
    await client.waitFor(isType('welcome'));
    const identifiers = Array.from({ length: 2_000 }, (_, n) =>
      JSON.stringify({ channel: 'TimerChannel', n }),
    );
    for (const identifier of identifiers) client.subscribe(identifier);
    await client.waitFor(() => client.count(isType('reject_subscription')) === 1_999, 10_000);
    await client.waitFor(isType('confirm_subscription'));
    expect(client.frames.filter(isType('confirm_subscription'))).toEqual([
      { type: 'confirm_subscription', identifier: identifiers[0] },
    ]);

    // The official client repeats a subscribe until it hears the confirmation: harmless.
    client.subscribe(identifiers[0]);
    await client.waitFor(() => client.count(isType('confirm_subscription')) === 2);
    expect(app.cable.timerSubscribers()).toBe(1);

    app.cable.broadcastTimer({ refetch: true });
    app.cable.broadcastTimer({});
    // Frames arrive in order: once the second broadcast is here, every copy of the first is.
    await client.waitFor((frame) => isBroadcast(frame) && JSON.stringify(frame.message) === '{}');
    expect(client.frames.filter(isBroadcast)).toEqual([
      { identifier: identifiers[0], message: { refetch: true } },
      { identifier: identifiers[0], message: {} },
    ]);
    expect(client.frames.some(isDisconnect)).toBe(false);
    client.socket.close();
    await client.closed;
  });

  it('takes a new TimerChannel identifier once the first is unsubscribed', async () => {
    const { token } = await signedInPlayer(app);
    const client = cableClient(address(token));
    await client.waitFor(isType('welcome'));
    client.subscribe();
    await client.waitFor(isType('confirm_subscription'));
    client.send({ command: 'unsubscribe', identifier: timerIdentifier });
    const other = JSON.stringify({ channel: 'TimerChannel', room: 'b' });
    client.subscribe(other);
    expect(
      await client.waitFor(
        (frame) => frame.identifier === other && frame.type !== 'reject_subscription',
      ),
    ).toEqual({ type: 'confirm_subscription', identifier: other });
    expect(app.cable.timerSubscribers()).toBe(1);
    client.socket.close();
    await client.closed;
  });
});
