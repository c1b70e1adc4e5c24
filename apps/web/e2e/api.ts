import { randomUUID } from 'node:crypto';
import type { Blog } from '@hurryup/contracts/blog';
import type { DevbitGallery } from '@hurryup/contracts/devbit';
import type { GalleryImage, Video, WebStory } from '@hurryup/contracts/gallery';
import type { Post } from '@hurryup/contracts/post';
import { inject } from 'vitest';

// The browser tests' server; `npm run bench` (not in vitest) names its own server in E2E_BASE_URL.
const baseUrl = process.env.E2E_BASE_URL ?? inject('baseUrl');

export async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** Every post, newest first, a page (at most 100, the API's cap) at a time. */
export async function allPosts(): Promise<Post[]> {
  const posts: Post[] = [];
  for (;;) {
    const page = await getJson<Post[]>(`/api/posts?limit=100&offset=${posts.length}`);
    posts.push(...page);
    if (page.length < 100) return posts;
  }
}
export const allBlogs = () => getJson<Blog[]>('/api/blogs');

/** Creates a post through the operator's API (or returns the existing one with that title). */
export async function ensurePost(body: Record<string, unknown>): Promise<Post> {
  const res = await fetch(`${baseUrl}/api/admin/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${inject('adminToken')}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status === 409) {
    return getJson<Post>(`/api/posts?title=${encodeURIComponent(String(body.title))}`);
  }
  if (res.status !== 201) throw new Error(`creating a post failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Post;
}

export const devbitGallery = () => getJson<DevbitGallery>('/api/imgsDev');
export const galleryImages = () => getJson<GalleryImage[]>('/api/images');
export const videos = () => getJson<Video[]>('/api/videos');
export const webStories = () => getJson<WebStory[]>('/api/webstories');

/** A short link for the page checks: the same each time (a long URL without an alias keeps its link). */
export async function sampleShortLink(): Promise<{ shortUrl: string; code: string }> {
  const res = await fetch(`${baseUrl}/api/shorten`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ longUrl: 'https://example.com/page-checks' }),
  });
  if (!res.ok) throw new Error(`/api/shorten: ${res.status}`);
  return (await res.json()) as { shortUrl: string; code: string };
}

/** A tag that makes a test's titles, texts and addresses its own (random: tests never read the clock for it). */
export const uniqueTag = () => randomUUID().slice(0, 8);
