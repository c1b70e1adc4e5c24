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

  it('names every operation once, says who may call it, and declares its error answers', async () => {
    const document = JSON.parse((await renderApiDocs()).json) as {
      paths: Record<
        string,
        Record<string, { operationId?: string; security?: unknown[]; responses: object }>
      >;
    };
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    const ids = operations.map((op) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of operations) {
      expect(op.security, op.operationId).toBeDefined();
      expect(
        Object.keys(op.responses).some((status) => /^4\d\d$/.test(status)),
        op.operationId,
      ).toBe(true);
    }
    expect(Object.keys(document.paths).every((p) => p.startsWith('/api/'))).toBe(true);
  });

  it('shows a file answer as bytes of its media type, and its errors as the JSON error body', async () => {
    type Responses = Record<string, { content: Record<string, { schema: object }> }>;
    const document = JSON.parse((await renderApiDocs()).json) as {
      paths: Record<string, { post: { responses: Responses } }>;
    };
    const binary = { schema: { type: 'string', format: 'binary' } };
    const audio = document.paths['/api/generate-audio']!.post.responses;
    expect(audio['200']!.content).toEqual({ 'audio/mpeg': binary });
    expect(Object.keys(audio['400']!.content)).toEqual(['application/json']);
    const text = document.paths['/api/pdf-to-text']!.post.responses;
    expect(text['200']!.content).toEqual({ 'text/plain': binary });
  });
});
