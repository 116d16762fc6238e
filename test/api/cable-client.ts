// A raw ActionCable v1 client for tests: every frame it received, and waits on them.
import WebSocket from 'ws';

export type Frame = Record<string, unknown>;

export const timerIdentifier = JSON.stringify({ channel: 'TimerChannel' });

export function cableClient(address: string) {
  const socket = new WebSocket(address, ['actioncable-v1-json']);
  const frames: Frame[] = [];
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as Frame));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const waitFor = async (match: (frame: Frame) => boolean, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = frames.find(match);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no such frame in ${JSON.stringify(frames).slice(0, 1_000)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    socket,
    frames,
    closed,
    waitFor,
    count: (match: (frame: Frame) => boolean) => frames.filter(match).length,
    send: (frame: unknown) => socket.send(JSON.stringify(frame)),
    subscribe: (identifier = timerIdentifier) =>
      socket.send(JSON.stringify({ command: 'subscribe', identifier })),
  };
}

export const isType = (type: string) => (frame: Frame) => frame.type === type;
export const isDisconnect = isType('disconnect');
