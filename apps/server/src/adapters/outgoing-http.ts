import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ipaddr from 'ipaddr.js';

/**
 * The one outgoing HTTP client of the server: every call to an outside service (feeds, dictionary, translation,
 * market data, WhatsApp) goes through `request`. Each call names its service and gets
 *
 * - a time limit on the whole exchange (on the caller's timers: tests pass a ManualClock and move it);
 * - a cap on the answer, enforced while it streams (and after decompression): reading stops there and the
 *   connection is closed;
 * - a redirect policy: none followed unless the call allows some, each hop http(s) only and checked again;
 * - an address guard: the host of every hop is resolved and every address it resolves to must be public
 *   (loopback, private, link-local, unique-local, CGNAT, documentation and reserved ranges are refused; NAT64
 *   `64:ff9b::/96` and IPv4-mapped addresses are judged by the IPv4 address they carry), and the socket connects
 *   to the address that was checked, so a name that resolves differently the second time (DNS rebinding) cannot
 *   slip past. Only a call given `allowPrivateAddresses: true` (a test's local fake, an operator's own service on
 *   a private network) may reach another address, and only as its configured address: where a redirect leads
 *   is the remote's choice and is always checked.
 *
 * Every way a call can fail is an `OutgoingHttpError` with a `kind` and a message naming the service, never
 * a query string (keys travel there).
 */

/** The timers a call waits on: the platform clock fits (`Clock.setTimeout`). */
export interface OutgoingTimers {
  setTimeout(callback: () => void, ms: number): { cancel(): void };
}

const systemTimers: OutgoingTimers = {
  setTimeout(callback, ms) {
    const handle = globalThis.setTimeout(callback, ms);
    handle.unref();
    return { cancel: () => globalThis.clearTimeout(handle) };
  },
};

export interface OutgoingRequest {
  /** The service's name for messages, e.g. 'MyMemory' or the feed's address. */
  service: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** The most the answer may be, after decompression. */
  maxBytes: number;
  /** Stops the call (the server is closing, the visitor went). */
  signal?: AbortSignal | undefined;
  /** Redirects followed at most (0, the default: a redirect is answered as it came). */
  maxRedirects?: number;
  /** Whether a non-2xx answer's body is read (an API's own error message); otherwise it is left unread. */
  bodyOfErrors?: boolean;
  /** Sends `accept-encoding: gzip, deflate, br` and decompresses what comes. */
  decompress?: boolean;
  /**
   * Lets the configured address (the first hop) be loopback or private: only for a test's local fakes or an
   * operator's own service. Where a redirect leads is checked all the same.
   */
  allowPrivateAddresses?: boolean;
  timers?: OutgoingTimers;
}

export interface OutgoingAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body (decompressed when asked); empty for a non-2xx status unless `bodyOfErrors`. */
  body: Buffer;
  /** The address that answered, after redirects. */
  url: string;
}

export type OutgoingFailure =
  | 'timeout'
  | 'cancelled'
  | 'unreachable'
  | 'too-large'
  | 'bad-encoding'
  | 'not-http'
  | 'redirect-scheme'
  | 'too-many-redirects'
  | 'refused-address';

export class OutgoingHttpError extends Error {
  readonly kind: OutgoingFailure;
  /** For `refused-address`: the address refused. */
  readonly address: string | undefined;
  constructor(kind: OutgoingFailure, message: string, address?: string) {
    super(message);
    this.kind = kind;
    this.address = address;
  }
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * Ranges refused beyond what ipaddr.js classifies (a second opinion: an address must pass both): "this
 * network", CGNAT, documentation, benchmarking, 6to4 relays, multicast and reserved ranges, local-use NAT64.
 */
const nonPublic = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether an IP address is on the public internet. IPv4-mapped (`::ffff:a.b.c.d`, also written in hex) and
 * NAT64 (`64:ff9b::a.b.c.d`) addresses are judged by the IPv4 address they carry; anything that is not an
 * IP address (a name, `2130706433`) is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (net.isIP(bare) === 0) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    const range = v6.range();
    if (range === 'ipv4Mapped') parsed = v6.toIPv4Address();
    else if (range === 'rfc6052' && v6.match(ipaddr.IPv6.parse('64:ff9b::'), 96)) {
      const bytes = v6.toByteArray();
      parsed = new ipaddr.IPv4(bytes.slice(12));
    }
  }
  if (parsed.range() !== 'unicast') return false;
  const text = parsed.toString();
  return !nonPublic.check(text, parsed.kind() === 'ipv4' ? 'ipv4' : 'ipv6');
}

class RefusedAddress extends Error {
  readonly host: string;
  readonly address: string;
  constructor(host: string, address: string) {
    // A name shows the address it resolved to; an address written as an IP shows itself.
    super(host === address ? host : `${host} (${address})`);
    this.host = host;
    this.address = address;
  }
}

/**
 * Resolves a host and refuses it when any of its addresses is not public. The socket connects to the
 * address checked here (the lookup is the connection's own), so DNS rebinding cannot slip past.
 */
const checkedLookup = ((
  hostname: string,
  options: dns.LookupOptions,
  callback: (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void,
) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused || addresses.length === 0) {
      return callback(new RefusedAddress(hostname, refused?.address ?? 'no address'), '');
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}) as unknown as net.LookupFunction;

/** The address without its query string: API keys travel in queries and must not reach the logs. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'an invalid address';
  }
}

/** One call to an outside service, within its limits (see the module's comment). */
export async function request(call: OutgoingRequest): Promise<OutgoingAnswer> {
  const where = call.service;
  const controller = new AbortController();
  let timedOut = false;
  const timer = (call.timers ?? systemTimers).setTimeout(() => {
    timedOut = true;
    controller.abort(new Error('timeout'));
  }, call.timeoutMs);
  const onCallerAbort = () => controller.abort(call.signal?.reason);
  if (call.signal?.aborted) onCallerAbort();
  else call.signal?.addEventListener('abort', onCallerAbort, { once: true });
  const maxRedirects = call.maxRedirects ?? 0;
  let target: URL;
  try {
    target = new URL(call.url);
  } catch {
    timer.cancel();
    throw new OutgoingHttpError('not-http', `${where} is not an http(s) address`);
  }
  let hop = 0;
  try {
    for (; ; hop += 1) {
      const response = await send(target, call, controller.signal, hop > 0 || !call.allowPrivateAddresses);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (maxRedirects > 0 && redirectStatuses.has(status) && location) {
        response.resume();
        response.destroy();
        if (hop >= maxRedirects) {
          throw new OutgoingHttpError(
            'too-many-redirects',
            `${where} redirected more than ${maxRedirects} times`,
          );
        }
        target = new URL(location, target);
        if (target.protocol !== 'http:' && target.protocol !== 'https:') {
          throw new OutgoingHttpError(
            'redirect-scheme',
            `${where} redirected to a ${target.protocol} address: refused`,
          );
        }
        continue;
      }
      const ok = status >= 200 && status <= 299;
      if (!ok && !call.bodyOfErrors) {
        response.resume();
        response.destroy();
        return { status, headers: response.headers, body: Buffer.alloc(0), url: target.toString() };
      }
      const body = await readLimited(response, call, where);
      return { status, headers: response.headers, body, url: target.toString() };
    }
  } catch (error) {
    if (error instanceof OutgoingHttpError) throw error;
    if (error instanceof RefusedAddress) {
      throw new OutgoingHttpError(
        'refused-address',
        `${where} ${hop > 0 ? 'redirected to' : 'is at'} ${error.message}, which is not a public address: refused`,
        error.address,
      );
    }
    if (timedOut)
      throw new OutgoingHttpError('timeout', `${where} did not answer within ${call.timeoutMs} ms`);
    if (call.signal?.aborted) throw new OutgoingHttpError('cancelled', `${where}: request cancelled`);
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new OutgoingHttpError('unreachable', `${where} could not be reached (${reason})`);
  } finally {
    timer.cancel();
    call.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** One exchange without following redirects. */
function send(
  target: URL,
  call: OutgoingRequest,
  signal: AbortSignal,
  guarded: boolean,
): Promise<http.IncomingMessage> {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.reject(new OutgoingHttpError('not-http', `${call.service} is not an http(s) address`));
  }
  // An address written as an IP never reaches a lookup: it is checked here.
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (guarded && net.isIP(host) && !isPublicAddress(host)) {
    return Promise.reject(new RefusedAddress(host, host));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(target, {
      method: call.method ?? 'GET',
      signal,
      // A fresh connection per call: a pooled socket would skip the next hop's address check.
      agent: false,
      ...(guarded ? { lookup: checkedLookup } : {}),
      headers: {
        ...(call.decompress ? { 'accept-encoding': 'gzip, deflate, br' } : {}),
        ...(call.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(call.body)) }),
        ...call.headers,
      },
    });
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
    outgoing.end(call.body);
  });
}

/** The body, decompressed when asked, read until `maxBytes` and no further: past it the connection is closed. */
async function readLimited(
  response: http.IncomingMessage,
  call: OutgoingRequest,
  where: string,
): Promise<Buffer> {
  const { maxBytes } = call;
  const declared = Number(response.headers['content-length']);
  const encoding = call.decompress
    ? String(response.headers['content-encoding'] ?? 'identity').toLowerCase()
    : 'identity';
  // Compressed, the declared length is smaller than the text: a compressed body over the cap is over it.
  if (declared > maxBytes) {
    response.destroy();
    throw new OutgoingHttpError(
      'too-large',
      `${where} sent ${declared} bytes, more than the ${maxBytes} allowed`,
    );
  }
  let body: Readable = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') body = response.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') body = response.pipe(zlib.createInflate());
  else if (encoding === 'br') body = response.pipe(zlib.createBrotliDecompress());
  else if (encoding !== 'identity') {
    response.destroy();
    throw new OutgoingHttpError(
      'bad-encoding',
      `${where} sent an unknown content encoding (${encoding.slice(0, 40)})`,
    );
  }
  // A decompressor that fails reports it through the loop below; this keeps it from being unhandled.
  if (body !== response) response.once('error', (error) => body.destroy(error));
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        throw new OutgoingHttpError('too-large', `${where} sent more than the ${maxBytes} bytes allowed`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof OutgoingHttpError) throw error;
    if (body !== response && !response.errored) {
      throw new OutgoingHttpError(
        'bad-encoding',
        `${where} sent a body that does not decompress (${encoding})`,
      );
    }
    throw error;
  } finally {
    response.destroy();
    if (body !== response) body.destroy();
  }
  return Buffer.concat(chunks);
}
