import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  type CachedPage,
  cachedPagePolicy,
  canonicalAddress,
  compressPage,
  inlineHashes,
  isPersonalRequest,
  keptEntry,
  PageCache,
  preferredEncoding,
} from './page-cache.ts';
import { finishDocument, pageCachePlans } from './pages.ts';

function page(
  bytes: number,
  expiresAt = Number.POSITIVE_INFINITY,
  shows: readonly string[] | undefined = ['blogs'],
  since = 1,
): CachedPage {
  const body = Buffer.alloc(bytes, 'x');
  return {
    status: 200,
    headers: {},
    etag: 'W/"x"',
    identity: body,
    br: body,
    gzip: body,
    expiresAt,
    bytes,
    shows,
    since,
  };
}

/** Revisions per kind as a test sets them; the global one is the highest. */
function revisionsOf(kinds: Record<string, number>) {
  const latestOf = (shows: readonly string[] | undefined) =>
    Math.max(0, ...(shows ?? Object.keys(kinds)).map((kind) => kinds[kind] ?? 0));
  return { isFresh: (shows: readonly string[] | undefined, since: number) => latestOf(shows) <= since };
}

describe('PageCache', () => {
  it('answers an entry until a kind of content it shows is written, and only those entries', () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 10_000 });
    const before = revisionsOf({ blogs: 1, comments: 1 });
    expect(cache.set('/blog', page(100, undefined, ['blogs'], 1), before)).toBe(true);
    expect(cache.set('/aboutus', page(100, undefined, [], 1), before)).toBe(true);
    expect(cache.set('/sitemap', { ...page(100), shows: undefined }, before)).toBe(true);
    expect(cache.get('/blog', before)?.bytes).toBe(100);
    const afterComment = revisionsOf({ blogs: 1, comments: 2 });
    expect(cache.get('/blog', afterComment)).toBeDefined();
    expect(cache.get('/aboutus', afterComment)).toBeDefined();
    // An entry that declares nothing follows every write.
    expect(cache.get('/sitemap', afterComment)).toBeUndefined();
    const afterBlog = revisionsOf({ blogs: 3, comments: 2 });
    cache.prune(afterBlog);
    expect(cache.stats).toMatchObject({ entries: 1, bytes: 100, invalidations: 1 });
    expect(cache.get('/aboutus', afterBlog)).toBeDefined();
  });

  it('does not keep an entry whose content was written while it was rendered', () => {
    const cache = new PageCache({ maxEntries: 10, maxBytes: 10_000 });
    expect(cache.set('/post/a', page(10, undefined, ['posts'], 4), revisionsOf({ posts: 5 }))).toBe(false);
    expect(cache.get('/post/a', revisionsOf({ posts: 5 }))).toBeUndefined();
  });

  it('lets a page expire at its own time', () => {
    let now = 1_000;
    const cache = new PageCache({ maxEntries: 10, maxBytes: 10_000 }, () => now);
    const revisions = revisionsOf({});
    cache.set('/', page(10, 2_000), revisions);
    expect(cache.get('/', revisions)).toBeDefined();
    now = 2_000;
    expect(cache.get('/', revisions)).toBeUndefined();
    expect(cache.stats.entries).toBe(0);
  });

  it('stays within its entry and byte bounds with many distinct pages, dropping the least recently used', () => {
    const limits = { maxEntries: 50, maxBytes: 20_000 };
    const cache = new PageCache(limits);
    const revisions = revisionsOf({});
    cache.set('/keep', page(300), revisions);
    for (let i = 0; i < 5_000; i += 1) {
      cache.set(`/SearchPage?q=${i}`, page(100 + (i % 700)), revisions);
      // A page in use is kept: it is always the most recently used.
      if (i % 10 === 0) expect(cache.get('/keep', revisions)).toBeDefined();
      const { entries, bytes } = cache.stats;
      expect(entries).toBeLessThanOrEqual(limits.maxEntries);
      expect(bytes).toBeLessThanOrEqual(limits.maxBytes);
    }
    expect(cache.get('/SearchPage?q=0', revisions)).toBeUndefined();
    expect(cache.get('/SearchPage?q=4999', revisions)).toBeDefined();
    expect(cache.stats.evictions).toBeGreaterThan(4_900);
    // A page larger than the whole cache is never kept.
    expect(cache.set('/huge', page(20_001), revisions)).toBe(false);
  });
});

describe('canonicalAddress', () => {
  it('keeps only the parameters the page reads, in its order', () => {
    expect(canonicalAddress('/blog', ['entry'])).toBe('/blog');
    expect(canonicalAddress('/blog?utm_source=whatsapp&entry=3&fbclid=x', ['entry'])).toBe('/blog?entry=3');
    expect(canonicalAddress('/blog?gclid=1&invented=2', ['entry'])).toBe('/blog');
    expect(canonicalAddress('/x?b=2&a=1&b=3', ['a', 'b'])).toBe('/x?a=1&b=2&b=3');
    expect(canonicalAddress('/SearchPage?q=a+b', ['q'])).toBe(canonicalAddress('/SearchPage?q=a%20b', ['q']));
    expect(canonicalAddress('/aboutus?utm_source=x', [])).toBe('/aboutus');
  });
});

describe('the policy of a cached page', () => {
  const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it('hashes exactly the inline scripts, not external scripts or JSON-LD data', () => {
    const html =
      '<head><script src="/a.js"></script><script type="application/ld+json">{"a":1}</script></head>' +
      '<body><script>window.x = 1;</script><SCRIPT type="module" async="">import "/b.js";</SCRIPT>' +
      '<script>window.x = 1;</script><script></script></body>';
    expect(inlineHashes(html, 'script')).toEqual([sha('window.x = 1;'), sha('import "/b.js";'), sha('')]);
  });

  it('hashes the inline style elements, not stylesheets linked by address', () => {
    const html =
      '<head><link rel="stylesheet" href="/a.css"/><style id="site-styles">body{margin:0}</style></head>' +
      '<body><STYLE>.x{color:red}</STYLE><script>window.x = 1;</script></body>';
    expect(inlineHashes(html, 'style')).toEqual([sha('body{margin:0}'), sha('.x{color:red}')]);
  });

  it("allows this site's scripts and the page's own inline scripts and styles, never any inline one", () => {
    const policy = cachedPagePolicy(
      {
        'default-src': ["'self'"],
        'script-src': ["'self'", "'strict-dynamic'", 'https:'],
        'style-src': ["'self'"],
        'object-src': ["'none'"],
      },
      ['https://*.googletagmanager.com'],
      { scripts: ["'sha256-abc'"], styles: ["'sha256-css'"] },
    );
    expect(policy).toBe(
      "default-src 'self';script-src 'self' 'sha256-abc' https://*.googletagmanager.com;style-src 'self' 'sha256-css';object-src 'none'",
    );
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('nonce-');
  });
});

describe('page bodies and requests', () => {
  it('compresses a page once into Brotli and gzip that decode to the same bytes', async () => {
    const body = Buffer.from(`<!DOCTYPE html><html><body>${'नमस्ते hello '.repeat(500)}</body></html>`);
    const { br, gzip } = await compressPage(body);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length / 10);
  });

  it('prefers Brotli, then gzip, honouring q=0', () => {
    expect(preferredEncoding('br, gzip')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('deflate')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });

  it('treats credentials and site cookies as personal, analytics cookies as not', () => {
    expect(isPersonalRequest({})).toBe(false);
    expect(isPersonalRequest({ authorization: 'Bearer x' })).toBe(true);
    expect(isPersonalRequest({ cookie: '_ga=GA1.1.1; _ga_ABC123=GS1; __gads=ID' })).toBe(false);
    expect(isPersonalRequest({ cookie: '_ga=GA1.1.1; session=abc' })).toBe(true);
  });
});

describe('which pages are cached', () => {
  const module = (handle?: unknown) => ({ handle }) as never;
  const build = {
    routes: {
      root: {
        id: 'root',
        path: '',
        module: module({ cache: { maxAgeSeconds: (now: Date) => (now.getTime() > 0 ? 3600 : 0) } }),
      },
      'routes/blog': {
        id: 'routes/blog',
        parentId: 'root',
        path: 'blog',
        module: module({ cache: { shows: ['blogs'], query: ['entry'] } }),
      },
      'routes/image': {
        id: 'routes/image',
        parentId: 'root',
        path: 'image/:url',
        module: module({ cache: { shows: (url: URL) => [`comments:${url.pathname.slice(7)}`] } }),
      },
      'routes/offers': {
        id: 'routes/offers',
        parentId: 'root',
        path: 'offers',
        module: module({ cache: { maxAgeSeconds: 60 } }),
      },
      'routes/post': { id: 'routes/post', parentId: 'root', path: 'post/:id', module: module({ cache: {} }) },
      'routes/tool': { id: 'routes/tool', parentId: 'root', path: 'tool', module: module() },
      'routes/not-found': { id: 'routes/not-found', parentId: 'root', path: '*', module: module() },
    },
  } as never;
  const planOf = pageCachePlans(build);

  it("follows the page's own route, with the shortest lifetime of it and its layouts", () => {
    expect(planOf('/blog?entry=2')).toMatchObject({ maxAgeSeconds: 3600 });
    expect(planOf('/offers')).toMatchObject({ maxAgeSeconds: 60 });
    expect(planOf('/post/Some%20title')).toMatchObject({ maxAgeSeconds: 3600 });
  });

  it('gives what the page shows and the query parameters it reads', () => {
    expect(planOf('/blog?entry=2&utm_source=x')).toMatchObject({ shows: ['blogs'], query: ['entry'] });
    expect(planOf('/image/a.png')).toMatchObject({ shows: ['comments:a.png'], query: [] });
    // A route that does not say what it shows follows every write.
    expect(planOf('/post/x')).toMatchObject({ shows: undefined });
  });

  it('leaves out routes that did not opt in, unknown paths and data requests', () => {
    expect(planOf('/tool')).toBe(false);
    expect(planOf('/nowhere')).toBe(false);
    expect(planOf('/post/Some%20title.data')).toBe(false);
    expect(planOf('/__manifest?p=/blog')).toBe(false);
  });
});

describe('finishDocument', () => {
  const rendered = (nonce: string) =>
    `<html><head><link rel="modulepreload" href="/assets/entry.client-a.js"${nonce}/>` +
    `<link rel="modulepreload" href="/assets/framework-b.js"${nonce}/><title>x</title></head><body><p>Text</p>` +
    `<script${nonce} type="module" async="">import * as route0 from "/assets/root-c.js";</script></body></html>`;

  it('sends the module bootstrap inert, listing the preloads it replaces (decision 0017)', () => {
    const html = finishDocument(rendered(''));
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<script type="text/x-after-first-paint" data-preloads="/assets/entry.client-a.js /assets/framework-b.js">' +
        'import * as route0 from "/assets/root-c.js";</script>',
    );
    // The inert script's text is what runs later: the page's policy allows it by that text's hash.
    expect(inlineHashes(html, 'script')).toEqual(inlineHashes(rendered(''), 'script'));
  });

  it('keeps the nonce of a page rendered for one request', () => {
    const html = finishDocument(rendered(' nonce="abc"'));
    expect(html).toContain('<script nonce="abc" type="text/x-after-first-paint" data-preloads="');
  });

  it('leaves a document without a module bootstrap as it is', () => {
    const html = '<html><head><link rel="modulepreload" href="/x.js"/></head><body></body></html>';
    expect(finishDocument(html)).toBe(html);
  });
});

describe('keptEntry', () => {
  const answer = async (body: string) => {
    const identity = Buffer.from(body);
    return {
      status: 200,
      headers: {},
      etag: 'W/"x"',
      identity,
      ...(await compressPage(identity)),
      expiresAt: Number.POSITIVE_INFINITY,
      shows: [],
      since: 1,
    };
  };

  it('keeps a page its compressed copies only, and gives its body back inflated for a client that accepts none', async () => {
    const body = `<!DOCTYPE html><html><body>${'<p>Every page of the site.</p>'.repeat(400)}</body></html>`;
    const given = await answer(body);
    const entry = keptEntry(given, 100);
    expect(entry.identity.toString()).toBe(body);
    // What it holds: the two compressed copies and the overhead, not the body itself.
    expect(entry.bytes).toBe(given.br.length + given.gzip.length + 100);
    expect(Object.getOwnPropertyDescriptor(entry, 'identity')?.value).toBeUndefined();
    // The cache does not copy it (a copy would inflate and hold the body).
    const cache = new PageCache({ maxEntries: 10, maxBytes: 1 << 20 });
    cache.set('/big', entry, { isFresh: () => true });
    expect(
      Object.getOwnPropertyDescriptor(cache.get('/big', { isFresh: () => true })!, 'identity')?.value,
    ).toBe(undefined);
  });

  it('keeps a small answer as it is', async () => {
    const given = await answer('{"ok":true}');
    const entry = keptEntry(given, 10);
    expect(entry.identity.equals(given.identity)).toBe(true);
    // In memory of its own, not a view of a shared pool.
    expect(entry.identity.buffer.byteLength).toBe(entry.identity.byteLength);
    expect(entry.bytes).toBe(given.identity.length + given.br.length + given.gzip.length + 10);
  });
});

describe('compressPage', () => {
  it('gives copies that hold only their own bytes, not the compressor’s whole output chunk', async () => {
    const body = Buffer.from('<p>A page of the site.</p>'.repeat(2000));
    const { br, gzip } = await compressPage(body);
    expect(br.buffer.byteLength).toBe(br.byteLength);
    expect(gzip.buffer.byteLength).toBe(gzip.byteLength);
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
  });
});
