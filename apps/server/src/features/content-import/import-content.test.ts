import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Blog } from '@hurryup/contracts/blog';
import type { Post } from '@hurryup/contracts/post';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminToken } from '../../../test/admin.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { readContentPath } from './content-files.ts';
import { ContentImportError, importContentFolder, seedContentOnFirstStart } from './import-content.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
let t: TestApp;
const folders: string[] = [];

function contentFolder(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-content-'));
  folders.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  return root;
}

// The gallery kinds read single files (gallery/*.json) that these folders do not have.
/** Every content kind the site has but those given, with nothing imported: a folder without their files. */
const untouchedKinds = (app: TestApp['app'], ...written: string[]) =>
  Object.fromEntries(
    app.site.contentKinds
      .map((kind) => kind.path)
      .filter((kind) => !written.includes(kind))
      .map((kind) => [kind, { created: 0, updated: 0 }]),
  );

const blogMd = (title: string, extra = '') =>
  `---\ntitle: ${title}\nauthor: Asha\ncreatedAt: 2025-04-01\n${extra}---\nFirst line\nSecond line\n\nNew paragraph\n`;
const postMd = (id: number, title: string) =>
  `---\nid: ${id}\ntitle: "${title}"\ncreatedAt: 2025-05-0${id}\ndescription: "About ${title}"\n---\nBody of ${title}.\n\nSecond paragraph.\n`;

const good = {
  'blogs/one.md': blogMd('Blog one', 'order: 2\n'),
  'blogs/two.md': blogMd('Blog two'),
  'posts/a.md': postMd(1, 'Post A'),
  'posts/b.md': postMd(2, 'Post B: 100% sure?'),
  'posts/c.json': JSON.stringify({
    id: 3,
    title: 'Post C',
    createdAt: '2025-05-03',
    contentArray: [{ content: 'Hello' }, { content: 'world', nobreak: true }],
  }),
};

beforeAll(async () => {
  t = await createTestApp({ ADMIN_TOKEN: adminToken });
});
afterAll(async () => {
  await t.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const list = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();

describe('content import', () => {
  it('reads Markdown front matter and keeps the body line breaks', () => {
    const { files, problems } = readContentPath(contentFolder({ 'blogs/x.md': blogMd('X') }), 'blogs');
    expect(problems).toEqual([]);
    expect(files[0]!.parsed).toEqual({
      title: 'X',
      author: 'Asha',
      createdAt: '2025-04-01',
      content: 'First line\nSecond line\n\nNew paragraph',
    });
  });

  it('imports valid files, and importing again changes nothing', async () => {
    const folder = contentFolder(good);
    // The market's start-up import moves the revision when it ends: done first, so only this import counts.
    await t.app.site.readModel('marketData').current();
    const revisionBefore = await t.app.site.contentRevision.current();
    const first = await importContentFolder(
      t.database.db,
      t.app.site.contentKinds,
      folder,
      t.app.site.contentRevision,
    );
    // Cached pages follow the content revision, which the import moved.
    expect(await t.app.site.contentRevision.current()).toBe(revisionBefore + 1);
    expect(first).toEqual({
      blogs: { created: 2, updated: 0 },
      posts: { created: 3, updated: 0 },
      ...untouchedKinds(t.app, 'blogs', 'posts'),
    });
    const before = { blogs: await list('/api/blogs'), posts: await list('/api/posts') };
    const second = await importContentFolder(
      t.database.db,
      t.app.site.contentKinds,
      folder,
      t.app.site.contentRevision,
    );
    expect(second).toEqual({
      blogs: { created: 0, updated: 2 },
      posts: { created: 0, updated: 3 },
      ...untouchedKinds(t.app, 'blogs', 'posts'),
    });
    expect(await list('/api/blogs')).toEqual(before.blogs);
    expect(await list('/api/posts')).toEqual(before.posts);
    expect(before.posts.map((p: { id: number }) => p.id)).toEqual([3, 2, 1]);
    expect(before.blogs[0]).toMatchObject({
      title: 'Blog one',
      order: 2,
      content: 'First line\nSecond line\n\nNew paragraph',
    });
    expect((await list('/api/posts/search?q=sure'))[0].title).toBe('Post B: 100% sure?');
  });

  it('reports every problem as file: field: message and imports nothing', async () => {
    const folder = contentFolder({
      'blogs/ok.md': blogMd('Fresh blog that must not land'),
      'blogs/no-title.md': '---\nauthor: A\ncreatedAt: 2025-01-01\n---\nBody\n',
      'blogs/bad-date.md': blogMd('Bad date').replace('2025-04-01', '2025-02-30'),
      'posts/dup1.md': postMd(7, 'Same title'),
      'posts/dup2.md': postMd(8, 'Same   title'),
      'posts/sections.json': JSON.stringify({
        title: 'Bad sections',
        createdAt: '2025-01-01',
        contentArray: [
          { content: 'a', img: '/x.png' },
          { content: 'b', table: { headers: ['A'], rows: [['1', '2']] } },
        ],
      }),
      'posts/broken.json': '{ "title": ',
      'posts/no-front-matter.md': 'Just text',
      'posts/notes.txt': 'ignored?',
    });
    const error = await importContentFolder(
      t.database.db,
      t.app.site.contentKinds,
      folder,
      t.app.site.contentRevision,
    ).catch((e) => e);
    expect(error).toBeInstanceOf(ContentImportError);
    const lines = (error as ContentImportError).problems.map((p) => `${p.file}: ${p.field}: ${p.message}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        'blogs/no-title.md: title: Title is required.',
        'blogs/bad-date.md: createdAt: This date does not exist.',
        'posts/dup2.md: title: is the same as in posts/dup1.md',
        'posts/sections.json: contentArray.0.alt: An image needs alt text.',
        'posts/sections.json: contentArray.1.table: Every table row must have as many cells as there are headers.',
        'posts/no-front-matter.md: file: must start with a front matter block between two "---" lines',
        'posts/notes.txt: file: only .md and .json files are read',
      ]),
    );
    expect(lines.some((l) => l.startsWith('posts/broken.json: file: '))).toBe(true);
    const blogs = await list('/api/blogs');
    expect(blogs.some((b: { title: string }) => b.title === 'Fresh blog that must not land')).toBe(false);
  });

  it('refuses a post whose id would take another stored post title', async () => {
    const folder = contentFolder({ 'posts/clash.md': postMd(9, 'Post A') });
    const error = await importContentFolder(
      t.database.db,
      t.app.site.contentKinds,
      folder,
      t.app.site.contentRevision,
    ).catch((e) => e);
    expect((error as ContentImportError).problems).toEqual([
      { file: 'posts/clash.md', field: 'title', message: 'is already the title of post 1' },
    ]);
  });

  it('keeps ids from files and continues numbering after them', async () => {
    await importContentFolder(
      t.database.db,
      t.app.site.contentKinds,
      contentFolder({ 'posts/high.md': postMd(5, 'Post five') }),
      t.app.site.contentRevision,
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/posts',
      headers: adminHeaders,
      payload: { title: 'After import', createdAt: '2025-06-01T00:00:00.000Z', content: 'x' },
    });
    expect(created.json().id).toBeGreaterThan(5);
  });
});

describe('seed content on first start', () => {
  it('loads only into an empty database, once', async () => {
    const fresh = await createTestApp({ ADMIN_TOKEN: adminToken });
    try {
      const folder = contentFolder(good);
      const seeded = await seedContentOnFirstStart(
        fresh.database.db,
        fresh.app.site.contentKinds,
        folder,
        fresh.app.site.contentRevision,
      );
      expect(seeded).toEqual({
        blogs: { created: 2, updated: 0 },
        posts: { created: 3, updated: 0 },
        ...untouchedKinds(fresh.app, 'blogs', 'posts'),
      });
      for (const post of (await fresh.app.inject({ method: 'GET', url: '/api/posts' })).json())
        await fresh.app.inject({
          method: 'DELETE',
          url: `/api/admin/posts/${post.id}`,
          headers: adminHeaders,
        });
      expect(
        await seedContentOnFirstStart(
          fresh.database.db,
          fresh.app.site.contentKinds,
          folder,
          fresh.app.site.contentRevision,
        ),
      ).toBeUndefined();
      expect((await fresh.app.inject({ method: 'GET', url: '/api/posts' })).json()).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it("loads the repository's own content folder without problems", async () => {
    const seededApp = await createTestApp({ SEED_CONTENT: 'true' });
    try {
      const posts: Post[] = (
        await seededApp.app.inject({ method: 'GET', url: '/api/posts?limit=100' })
      ).json();
      const blogs: Blog[] = (await seededApp.app.inject({ method: 'GET', url: '/api/blogs' })).json();
      expect(posts.length).toBeGreaterThanOrEqual(25);
      expect(blogs.length).toBeGreaterThanOrEqual(6);
      expect(blogs.some((b) => b.order !== undefined) && blogs.some((b) => b.order === undefined)).toBe(true);
      expect(posts.some((p) => p.author === undefined)).toBe(true);
      const sections = posts.flatMap((p) => p.contentArray ?? []);
      expect(sections.some((s) => s.bold)).toBe(true);
      expect(sections.some((s) => s.nobreak)).toBe(true);
      expect(sections.some((s) => s.img && s.alt)).toBe(true);
      expect(sections.some((s) => s.table)).toBe(true);
      expect(posts.some((p) => p.content?.includes('\n\n'))).toBe(true);
      // Every image the seed refers to is served by the site.
      const images = new Set(
        [...posts.map((p) => p.image), ...sections.map((s) => s.img)].filter(Boolean) as string[],
      );
      for (const image of images) {
        const res = await seededApp.app.inject({ method: 'GET', url: image });
        expect(res.statusCode, image).toBe(200);
      }
    } finally {
      await seededApp.close();
    }
  });
});

describe('npm run content:import', () => {
  it('prints each problem and exits non-zero on bad files', () => {
    const folder = contentFolder({ 'blogs/bad.md': '---\ntitle: X\n---\n' });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-cli-'));
    folders.push(dataDir);
    const result = spawnSync(process.execPath, ['apps/server/src/scripts/import-content.ts', folder], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, SEED_CONTENT: 'false' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('blogs/bad.md: content: Content is required.');
    expect(result.stderr).toContain('blogs/bad.md: author: Author is required.');
    expect(result.stderr).toContain('nothing was imported');
  });

  it('imports a good folder', () => {
    const folder = contentFolder(good);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-cli-'));
    folders.push(dataDir);
    const result = spawnSync(process.execPath, ['apps/server/src/scripts/import-content.ts', folder], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('blogs 2 created, 0 updated; posts 3 created, 0 updated; ');
    expect(result.stdout).toContain('gallery/images.json 0 created, 0 updated; ');
    expect(result.stdout).toContain('market-events 0 created, 0 updated');
    expect(result.status).toBe(0);
  });
});

describe('import collisions', () => {
  it('refuses two file posts that would replace the same stored post', async () => {
    const t2 = await createTestApp();
    try {
      await importContentFolder(
        t2.database.db,
        t2.app.site.contentKinds,
        contentFolder({ 'posts/a.md': postMd(1, 'First title') }),
        t2.app.site.contentRevision,
      );
      const folder = contentFolder({
        'posts/by-id.md': postMd(1, 'Renamed title'),
        'posts/by-title.md': postMd(2, 'First title').replace('id: 2\n', ''),
      });
      const error = await importContentFolder(
        t2.database.db,
        t2.app.site.contentKinds,
        folder,
        t2.app.site.contentRevision,
      ).catch((e) => e);
      expect((error as ContentImportError).problems).toEqual([
        {
          file: 'posts/by-title.md',
          field: 'id',
          message: 'would replace the same stored post (1) as posts/by-id.md',
        },
      ]);
    } finally {
      await t2.close();
    }
  });
});
