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
