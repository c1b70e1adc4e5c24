import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the first byte sent to the connection's end. */
  elapsedMs: number;
}

/** Parses the first HTTP answer out of the bytes a server sent (Content-Length framing, as this server uses). */
export function parseRawAnswer(text: string): Omit<RawAnswer, 'elapsedMs'> | undefined {
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
 * Sends bytes exactly as given (no URL normalisation, any method, any framing) and collects what comes back
 * until the server closes the connection or `waitMs` passes. `chunks` are written `gapMs` apart; with `end`
 * the client then half-closes its side.
 */
export function sendRaw(
  port: number,
  chunks: Array<string | Buffer>,
  { gapMs = 0, waitMs = 3000, end = false }: { gapMs?: number; waitMs?: number; end?: boolean } = {},
): Promise<{ answer: RawAnswer | undefined; closed: boolean; raw: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(received).toString('latin1');
      const parsed = parseRawAnswer(raw);
      resolve({ answer: parsed && { ...parsed, elapsedMs: Date.now() - started }, closed, raw });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
      }
      // Half-closing tells the server no more bytes are coming, so an incomplete request is answered at once.
      if (end && !socket.destroyed) socket.end();
    });
  });
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
  answer(options?: { headOnly?: boolean }): Promise<Omit<RawAnswer, 'elapsedMs'> | undefined>;
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
