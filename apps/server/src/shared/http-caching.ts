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

// A CDN in front may keep a public API answer this long, and this much longer while it fetches a fresh one;
// browsers always revalidate (cheaply, with the ETag).
export const apiReadCacheControl = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';

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
  reply.header('etag', etag).header('cache-control', apiReadCacheControl);
  if (!etagMatches(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return '';
}
