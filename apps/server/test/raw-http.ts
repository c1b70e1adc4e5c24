import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses the first HTTP answer out of the bytes a server sent (Content-Length framing, as this server uses). */
export function parseRawAnswer(text: string): RawAnswer | undefined {
  const headEnd = text.indexOf('\r\n\r\n');
  if (headEnd === -1) return undefined;
  const [statusLine = '', ...lines] = text.slice(0, headEnd).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  if (!status) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  return {
    status,
    headers,
    body: Buffer.from(text.slice(headEnd + 4), 'latin1')
      .subarray(0, length)
      .toString('utf8'),
  };
}

/**
 * How long a raw exchange may go without the event it waits for before the helper gives up: a bound that stops
 * a hung test on a busy machine, never a figure a test checks (decision 0006: durations belong in
 * `npm run bench`). Reaching it means the server did not do what the test expects.
 */
export const rawSafetyBoundMs = 30_000;

/**
 * Sends bytes exactly as given (no URL normalisation, any method, any framing), all at once, and collects
 * what comes back until the server closes the connection: it never waits on a timer. With `end` the client
 * then half-closes its side, so an incomplete request is answered at once. A request the server would keep
 * open (keep-alive) belongs in `connectRaw`; should the server never close, `closed` is false after
 * `rawSafetyBoundMs`.
 */
export function sendRaw(
  port: number,
  chunks: Array<string | Buffer>,
  { end = false }: { end?: boolean } = {},
): Promise<{ answer: RawAnswer | undefined; closed: boolean; raw: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let closed = false;
    const finish = () => {
      clearTimeout(bound);
      socket.destroy();
      const raw = Buffer.concat(received).toString('latin1');
      resolve({ answer: parseRawAnswer(raw), closed, raw });
    };
    const bound = setTimeout(finish, rawSafetyBoundMs);
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('connect', () => {
      for (const chunk of chunks) if (!socket.destroyed) socket.write(chunk);
      if (end && !socket.destroyed) socket.end();
    });
  });
}

/**
 * Resolves with `promise`, or rejects naming `what` when it has not settled within `rawSafetyBoundMs`: for
 * waits on Node's own timers (idle and request timeouts), which no test clock moves. The bound only stops a
 * hung test; how long the wait took is never checked.
 */
export function withinSafetyBound<T>(promise: Promise<T>, what: string): Promise<T> {
  let bound: NodeJS.Timeout | undefined;
  const giveUp = new Promise<never>((_, reject) => {
    bound = setTimeout(
      () => reject(new Error(`${what}: did not happen within the safety bound`)),
      rawSafetyBoundMs,
    );
  });
  return Promise.race([promise, giveUp]).finally(() => clearTimeout(bound));
}

/** A whole request with a Host header and `Connection: close`. */
export function rawRequest(method: string, path: string, headers: Record<string, string> = {}, body = '') {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body) lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** One open connection whose bytes the test writes as it likes, reading answers as they come. */
export interface RawConnection {
  socket: net.Socket;
  write(chunk: string | Buffer): void;
  /**
   * The first answer, once its head and its whole body (by Content-Length; none with `headOnly`, as for
   * HEAD) have arrived; undefined when the connection closes before that.
   */
  answer(options?: { headOnly?: boolean }): Promise<RawAnswer | undefined>;
  /** Resolves when the connection has closed, from either side. */
  closed: Promise<void>;
  readonly isClosed: boolean;
  /** Hangs up at once (as a client that goes away mid-request). */
  destroy(): void;
}

/** Opens a connection to the server and resolves once it is connected. Never waits on a timer. */
export function connectRaw(port: number): Promise<RawConnection> {
  const socket = net.connect(port, '127.0.0.1');
  const received: Buffer[] = [];
  let isClosed = false;
  let onChange: () => void = () => {};
  socket.on('data', (chunk) => {
    received.push(chunk);
    onChange();
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) =>
    socket.on('close', () => {
      isClosed = true;
      resolve();
      onChange();
    }),
  );
  const connection: RawConnection = {
    socket,
    write: (chunk) => {
      if (!socket.destroyed) socket.write(chunk);
    },
    answer: ({ headOnly = false } = {}) =>
      new Promise((resolve) => {
        const check = () => {
          const raw = Buffer.concat(received);
          const text = raw.toString('latin1');
          const parsed = parseRawAnswer(text);
          const headEnd = text.indexOf('\r\n\r\n');
          const length = headOnly ? 0 : Number(parsed?.headers['content-length'] ?? 0);
          if (parsed && raw.length - (headEnd + 4) >= length) resolve(parsed);
          else if (isClosed) resolve(parsed);
          else return;
          onChange = () => {};
        };
        onChange = check;
        check();
      }),
    closed,
    get isClosed() {
      return isClosed;
    },
    destroy: () => socket.destroy(),
  };
  return new Promise((resolve) => socket.on('connect', () => resolve(connection)));
}
