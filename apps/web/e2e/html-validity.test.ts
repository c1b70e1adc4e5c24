// Valid HTML on every route: the server HTML of every page of the production build, as a browser gets it,
// checked by the W3C Nu HTML checker (vnu.jar, Java 17). A new route joins by being in app/routes.ts (see
// page-routes.ts for routes with a parameter).
import { describe, expect, inject, it } from 'vitest';
import { checkHtml, formatHtmlProblem } from './html-check.ts';
import { pagePaths, pageRoutes } from './page-routes.ts';

const baseUrl = inject('baseUrl');
const browserUserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';

/**
 * The routes are checked in pieces, each its own test with its own checker run, so no one test holds the
 * whole site (the check of every route at once once passed 60 s on a busy 2-core machine); each piece's
 * time limit holds on a loaded machine. Every route is in exactly one piece.
 */
const pieces = 6;
const pieceTimeoutMs = 300_000;
let allPaths: Promise<string[]> | undefined;
function everyPath(): Promise<string[]> {
  allPaths ??= pagePaths();
  return allPaths;
}
const pathsOfPiece = async (piece: number) => (await everyPath()).filter((_, i) => i % pieces === piece);

describe('valid HTML (W3C Nu HTML checker)', () => {
  it('finds the route table of the production build', async () => {
    const routes = await pageRoutes();
    // The enumeration really found the app's route table.
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/blog', '/post/:postId', '/*']));
    const all = await everyPath();
    const pieced = (
      await Promise.all(Array.from({ length: pieces }, (_, piece) => pathsOfPiece(piece)))
    ).flat();
    expect(pieced.sort()).toEqual([...all].sort());
  });

  for (let piece = 0; piece < pieces; piece += 1) {
    it(
      `on every route of the production build, as the server renders it (piece ${piece + 1} of ${pieces})`,
      async () => {
        const paths = await pathsOfPiece(piece);
        // A few at a time, as a browser would: the server closes a client's connections past
        // MAX_CONNECTIONS_PER_CLIENT (64).
        const pages: Array<{ name: string; html: string }> = [];
        for (let start = 0; start < paths.length; start += 8) {
          const batch = paths.slice(start, start + 8).map(async (path) => {
            const res = await fetch(`${baseUrl}${path}`, { headers: { 'user-agent': browserUserAgent } });
            expect(res.headers.get('content-type'), path).toContain('text/html');
            expect(res.status, `${path} answers without a server error`).toBeLessThan(500);
            return { name: path, html: await res.text() };
          });
          pages.push(...(await Promise.all(batch)));
        }
        const problems = await checkHtml(pages);
        expect(problems.map(formatHtmlProblem)).toEqual([]);
      },
      pieceTimeoutMs,
    );
  }

  it(
    'reports a deliberately invalid page, naming it',
    async () => {
      const valid =
        '<!DOCTYPE html><html lang="en"><head><title>ok</title></head><body><p>fine</p></body></html>';
      const invalid =
        '<!DOCTYPE html><html lang="en"><head><title>bad</title></head><body><ul><p>not a list item</p></ul><div></span></div></body></html>';
      const problems = await checkHtml([
        { name: '/valid', html: valid },
        { name: '/invalid', html: invalid },
      ]);
      expect(problems.length).toBeGreaterThanOrEqual(2);
      expect(problems.every((p) => p.page === '/invalid')).toBe(true);
      expect(problems.map(formatHtmlProblem).join('\n')).toMatch(/^\/invalid \(line 1\): .*“p”.*“ul”/m);
    },
    pieceTimeoutMs,
  );

  it('names a parameterised route that has no sample path', async () => {
    await expect(
      pagePaths([{ id: 'routes/tool', path: '/tools/:slug', parameterised: true }]),
    ).rejects.toThrow(/No sample path for \/tools\/:slug/);
  });
});
