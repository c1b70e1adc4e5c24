import { describe, expect, it } from 'vitest';
import { absoluteUrl, fallbackSite } from './page-meta.ts';

const site = { ...fallbackSite, baseUrl: 'https://hurryup.example' };

describe('absoluteUrl', () => {
  it('puts site paths on the site origin', () => {
    expect(absoluteUrl(site, '/post/A%20b')).toBe('https://hurryup.example/post/A%20b');
    expect(absoluteUrl(site, 'blog')).toBe('https://hurryup.example/blog');
    expect(absoluteUrl({ ...site, baseUrl: 'https://x.example/site' }, '/blog')).toBe(
      'https://x.example/site/blog',
    );
  });

  it('never lets a path name another host', () => {
    expect(absoluteUrl(site, '//evil.example/a.png')).toBe('https://hurryup.example/evil.example/a.png');
    expect(absoluteUrl(site, '/\\evil.example/a.png')).toBe('https://hurryup.example/evil.example/a.png');
    expect(absoluteUrl(site, 'javascript:alert(1)')).toBe('https://hurryup.example/javascript:alert(1)');
  });

  it('keeps http(s) URLs, and gives a bare path without a site address', () => {
    expect(absoluteUrl(site, 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(absoluteUrl(fallbackSite, '//evil.example/a.png')).toBe('/evil.example/a.png');
  });
});
