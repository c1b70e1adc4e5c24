import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** A failure of an outside source, with a message fit for the operator's log and the refresh report. */
export class FeedError extends Error {}

export interface FetchOptions {
  timeoutMs: number;
  /** Stops the fetch (the server is closing). */
  signal?: AbortSignal | undefined;
  /** Answers larger than this (after decompression) are refused; `feedMaxBytes` when absent. */
  maxBytes?: number;
  accept?: string;
}

/**
 * The most a feed may send: 1 MiB. A news RSS of 50 items with summaries is 50 to 300 KB, Google Trends
 * about 100 KB, a channel's Atom feed 30 KB; a feed past 1 MiB is junk or hostile, and reading stops there.
 */
export const feedMaxBytes = 1024 * 1024;

/** Redirects followed at most; each target is checked (`checkedLookup`). */
export const maxRedirects = 5;

const userAgent = 'HurryUp/1.0 (+feed reader; market news, trends and video titles)';
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * Addresses a redirect may not lead to: loopback, private, link-local (cloud metadata at 169.254.169.254),
 * carrier-grade NAT, "this network", benchmarking, documentation, multicast and reserved ranges, in IPv4
 * and IPv6 (IPv4-mapped IPv6 addresses are checked as IPv4).
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

/** Whether an IP address is on the public internet (see `nonPublic`); anything that is not an IP is not. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = net.isIP(bare);
  if (family === 4) return !nonPublic.check(bare, 'ipv4');
  if (family === 6) {
    // ::ffff:7f00:1 is 127.0.0.1 written in hex; the other IPv4-embedding forms are in `nonPublic`.
    if (/^::ffff:/i.test(bare)) return !nonPublic.check(bare, 'ipv6') && !isMappedPrivate(bare);
    return !nonPublic.check(bare, 'ipv6');
  }
  return false;
}

function isMappedPrivate(address: string): boolean {
  const groups = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!groups) return true;
  const high = Number.parseInt(groups[1]!, 16);
  const low = Number.parseInt(groups[2]!, 16);
  return !isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
}

class RefusedAddress extends Error {}

/**
 * Resolves a redirect target's host and refuses it when any of its addresses is not public. The socket
 * connects to the address checked here (the lookup is the connection's own), so a name that resolves
 * differently the second time (DNS rebinding) cannot slip past.
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
      return callback(new RefusedAddress(`${hostname} (${refused?.address ?? 'no address'})`), '');
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}) as unknown as net.LookupFunction;

export interface FetchedAnswer {
  status: number;
  /** The body as UTF-8 text; empty for a non-2xx status unless `bodyOfErrors` was asked. */
  text: string;
}

/**
 * GETs an outside address and returns its body as text. Every way it can fail (no answer within the
 * timeout, a refused connection, a non-2xx status, an oversized body, a redirect to a non-public address
 * or too many redirects) becomes a FeedError, so one broken source never breaks its caller.
 */
export async function fetchText(url: string, options: FetchOptions): Promise<string> {
  const answer = await fetchAnswer(url, options);
  if (answer.status < 200 || answer.status > 299) {
    throw new FeedError(`${describe(url)} answered HTTP ${answer.status}`);
  }
  return answer.text;
}

/**
 * `fetchText` that also answers a non-2xx status with its body (an API's own error message), within the
 * same limits.
 *
 * Redirects: the configured address is the operator's choice and is fetched as configured (tests point it
 * at 127.0.0.1); every address a redirect leads to is the remote's choice, so its host is resolved and
 * refused unless every address is public (no loopback, private, link-local or reserved target), at most
 * `maxRedirects` times, http(s) only.
 */
export async function fetchAnswer(
  url: string,
  options: FetchOptions & { bodyOfErrors?: boolean },
): Promise<FetchedAnswer> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const maxBytes = options.maxBytes ?? feedMaxBytes;
  let target = new URL(url);
  try {
    for (let hop = 0; ; hop += 1) {
      const response = await get(target, {
        signal,
        checked: hop > 0,
        accept: options.accept ?? '*/*',
        original: url,
      });
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (redirectStatuses.has(status) && location) {
        response.destroy();
        if (hop >= maxRedirects) {
          throw new FeedError(`${describe(url)} redirected more than ${maxRedirects} times`);
        }
        target = new URL(location, target);
        if (target.protocol !== 'http:' && target.protocol !== 'https:') {
          throw new FeedError(`${describe(url)} redirected to a ${target.protocol} address: refused`);
        }
        continue;
      }
      const ok = status >= 200 && status <= 299;
      if (!ok && !options.bodyOfErrors) {
        response.destroy();
        return { status, text: '' };
      }
      return { status, text: await readLimited(response, maxBytes, url) };
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (error instanceof RefusedAddress) {
      throw new FeedError(
        `${describe(url)} redirected to ${error.message}, which is not a public address: refused`,
      );
    }
    if (timeout.aborted) {
      throw new FeedError(`${describe(url)} did not answer within ${options.timeoutMs} ms`);
    }
    if (options.signal?.aborted) throw new FeedError(`${describe(url)}: fetch cancelled`);
    const reason =
      error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    throw new FeedError(`${describe(url)} could not be reached (${reason})`);
  }
}

/** One GET without following redirects; `checked` hops connect only to public addresses. */
function get(
  target: URL,
  how: { signal: AbortSignal; checked: boolean; accept: string; original: string },
): Promise<http.IncomingMessage> {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return Promise.reject(new FeedError(`${describe(how.original)} is not an http(s) address`));
  }
  // An address written as an IP never reaches a lookup: it is checked here.
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (how.checked && net.isIP(host) && !isPublicAddress(host)) {
    return Promise.reject(new RefusedAddress(host));
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(target, {
      signal: how.signal,
      // A fresh connection per fetch: a pooled socket would skip the next hop's address check.
      agent: false,
      ...(how.checked ? { lookup: checkedLookup } : {}),
      headers: {
        'user-agent': userAgent,
        accept: how.accept,
        'accept-encoding': 'gzip, deflate, br',
      },
    });
    request.once('response', resolve);
    request.once('error', reject);
  });
}

/** The body, decompressed, read until `maxBytes` and no further: past it the connection is closed. */
async function readLimited(response: http.IncomingMessage, maxBytes: number, url: string): Promise<string> {
  const declared = Number(response.headers['content-length']);
  const encoding = String(response.headers['content-encoding'] ?? 'identity').toLowerCase();
  // Compressed, the declared length is smaller than the text: a compressed body over the cap is over it.
  if (declared > maxBytes) {
    response.destroy();
    throw new FeedError(`${describe(url)} sent ${declared} bytes, more than the ${maxBytes} allowed`);
  }
  let body: Readable = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') body = response.pipe(zlib.createGunzip());
  else if (encoding === 'deflate') body = response.pipe(zlib.createInflate());
  else if (encoding === 'br') body = response.pipe(zlib.createBrotliDecompress());
  else if (encoding !== 'identity') {
    response.destroy();
    throw new FeedError(`${describe(url)} sent an unknown content encoding (${encoding.slice(0, 40)})`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > maxBytes) {
        throw new FeedError(`${describe(url)} sent more than the ${maxBytes} bytes allowed`);
      }
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof FeedError) throw error;
    if (body !== response && !response.errored) {
      throw new FeedError(`${describe(url)} sent a body that does not decompress (${encoding})`);
    }
    throw error;
  } finally {
    response.destroy();
    if (body !== response) body.destroy();
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** The address without its query string: API keys travel in queries and must not reach the logs. */
export function describe(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'an invalid address';
  }
}
