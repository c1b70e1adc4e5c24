import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Weak, because the same validator covers the identity, gzip and Brotli bodies of one answer. */
export function weakEtag(body: Buffer | string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an If-None-Match header names this validator (weak comparison, RFC 9110 section 13.1.2). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/**
 * The caching headers of an answer that is the same for everyone: browsers revalidate every time (cheaply,
 * with the ETag), so a visitor sees their own write at once; a shared cache may keep it `sharedSeconds`.
 * Browsers honour `stale-while-revalidate` too (Chromium does), which would show a visitor the list from
 * before their own comment; so the CDN's stale window is said only in `CDN-Cache-Control` (RFC 9213), which
 * browsers do not read.
 */
export function sharedCachingHeaders(sharedSeconds: number, staleSeconds: number): Record<string, string> {
  return {
    'cache-control': `public, max-age=0, s-maxage=${sharedSeconds}`,
    'cdn-cache-control': `max-age=${sharedSeconds}, stale-while-revalidate=${staleSeconds}`,
  };
}

// A CDN in front may keep a public API answer this long, and this much longer while it fetches a fresh one.
export const apiReadCaching = sharedCachingHeaders(30, 60);
export const apiReadCacheControl = apiReadCaching['cache-control'];

/**
 * onSend hook of public reads: the answer gets an ETag and a short shared Cache-Control, and a caller that
 * already holds this answer gets 304 Not Modified without the body.
 */
export async function cacheablePublicRead(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = weakEtag(payload);
  reply.header('etag', etag).headers(apiReadCaching);
  if (!etagMatches(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return '';
}
