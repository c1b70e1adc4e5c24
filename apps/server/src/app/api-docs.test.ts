import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderApiDocs } from './api-docs.ts';

const docsDir = path.resolve(import.meta.dirname, '../../../../docs/api');

describe('docs/api', () => {
  it('matches the routes and schemas (run "npm run docs:api" after changing them)', async () => {
    const { json, markdown } = await renderApiDocs();
    expect(fs.readFileSync(path.join(docsDir, 'openapi.json'), 'utf8')).toBe(json);
    expect(fs.readFileSync(path.join(docsDir, 'README.md'), 'utf8')).toBe(markdown);
    const paths = Object.keys(JSON.parse(json).paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/health', '/api/blogs', '/api/posts', '/api/posts/search']),
    );
  });
});
