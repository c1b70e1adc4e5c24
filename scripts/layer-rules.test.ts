import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { forbidden } = createRequire(import.meta.url)(path.join(repoRoot, '.dependency-cruiser.cjs')) as {
  forbidden: { name: string; severity?: string }[];
};
const fixtures: string[] = [];
afterAll(() => {
  for (const dir of fixtures) fs.rmSync(dir, { recursive: true, force: true });
});

/** Cruises a small tree laid out like the repository, with the repository's rules; returns the broken rules. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-layers-'));
  fixtures.push(root);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  const tops = [...new Set(Object.keys(files).map((name) => name.split('/')[0]!))];
  const result = await cruise(tops, {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden } as never,
    parser: 'swc',
    tsPreCompilationDeps: true,
  });
  const output = result.output as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

describe('the layer rules (npm run check:layers)', () => {
  // dependency-cruiser reports a rule without a severity as a warning, and a warning does not fail the check:
  // such a rule would be broken without anyone noticing.
  it('are all errors, so that breaking any of them fails the check', () => {
    expect(forbidden.length).toBeGreaterThan(10);
    expect(forbidden.filter((rule) => rule.severity !== 'error').map((rule) => rule.name)).toEqual([]);
  });

  it('pass a tree that keeps them', async () => {
    expect(
      await violations({
        'apps/server/src/shared/http-error.ts': 'export class HttpError extends Error {}\n',
        'apps/server/src/features/a/a.feature.ts':
          "import { HttpError } from '../../shared/http-error.ts';\nexport const a = HttpError;\n",
        'apps/server/src/app/features.ts':
          "import { a } from '../features/a/a.feature.ts';\nexport const list = [a];\n",
      }),
    ).toEqual([]);
  });

  it('fail on a feature importing app/, another feature, or a cycle', async () => {
    const found = await violations({
      'apps/server/src/app/config.ts': "import { b } from '../features/b/b.ts';\nexport const config = b;\n",
      'apps/server/src/features/a/a.ts':
        "import { config } from '../../app/config.ts';\nexport const a = config;\n",
      'apps/server/src/features/b/b.ts': "import { a } from '../a/a.ts';\nexport const b = a;\n",
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'feature-not-app-or-plugins: apps/server/src/features/a/a.ts → apps/server/src/app/config.ts',
        'feature-not-other-feature: apps/server/src/features/b/b.ts → apps/server/src/features/a/a.ts',
        expect.stringMatching(/^no-circular: /),
      ]),
    );
  });

  it('fail when an adapter of an outside service imports a feature or the database', async () => {
    const found = await violations({
      'apps/server/src/db/database.ts': 'export const database = 1;\n',
      'apps/server/src/features/a/a.ts': 'export const a = 1;\n',
      'apps/server/src/adapters/feed.ts':
        "import { a } from '../features/a/a.ts';\nimport { database } from '../db/database.ts';\nexport const feed = [a, database];\n",
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'adapters-know-no-feature: apps/server/src/adapters/feed.ts → apps/server/src/features/a/a.ts',
        'adapters-know-no-feature: apps/server/src/adapters/feed.ts → apps/server/src/db/database.ts',
      ]),
    );
  });

  it('fail when an engine imports shared/, the database, a feature or the app', async () => {
    const found = await violations({
      'apps/server/src/shared/clock.ts': 'export const clock = 1;\n',
      'apps/server/src/db/database.ts': 'export const database = 1;\n',
      'apps/server/src/features/a/a.ts': 'export const a = 1;\n',
      'apps/server/src/app/build-app.ts': 'export const app = 1;\n',
      'apps/server/src/engines/engine.ts': 'export const defineEngine = 1;\n',
      'apps/server/src/engines/ocr/ocr.engine.ts':
        "import { defineEngine } from '../engine.ts';\nimport { clock } from '../../shared/clock.ts';\nimport { database } from '../../db/database.ts';\nimport { a } from '../../features/a/a.ts';\nimport { app } from '../../app/build-app.ts';\nexport const ocr = [defineEngine, clock, database, a, app];\n",
    });
    expect(found.filter((line) => line.startsWith('engines-know-no-feature')).sort()).toEqual([
      'engines-know-no-feature: apps/server/src/engines/ocr/ocr.engine.ts → apps/server/src/app/build-app.ts',
      'engines-know-no-feature: apps/server/src/engines/ocr/ocr.engine.ts → apps/server/src/db/database.ts',
      'engines-know-no-feature: apps/server/src/engines/ocr/ocr.engine.ts → apps/server/src/features/a/a.ts',
      'engines-know-no-feature: apps/server/src/engines/ocr/ocr.engine.ts → apps/server/src/shared/clock.ts',
    ]);
  });

  it('fail when contracts import anything but zod, or market does I/O', async () => {
    const found = await violations({
      'packages/contracts/src/x.ts': "import fs from 'node:fs';\nexport const x = fs;\n",
      'packages/market/src/y.ts': "import { readFileSync } from 'node:fs';\nexport const y = readFileSync;\n",
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'contracts-only-zod: packages/contracts/src/x.ts → fs',
        'market-is-pure: packages/market/src/y.ts → fs',
      ]),
    );
  });

  it('fail when the web app imports server code', async () => {
    const found = await violations({
      'apps/server/src/db/database.ts': 'export const database = 1;\n',
      'apps/web/app/routes/x.tsx':
        "import { database } from '../../../server/src/db/database.ts';\nexport const x = database;\n",
    });
    expect(found).toEqual(['web-not-server: apps/web/app/routes/x.tsx → apps/server/src/db/database.ts']);
  });

  it('fail when a browser module of the web app imports the Markdown renderer', async () => {
    const found = await violations({
      'packages/markdown/src/markdown.ts': 'export const renderMarkdown = 1;\n',
      'apps/web/app/features/posts/x.tsx':
        "import { renderMarkdown } from '../../../../../packages/markdown/src/markdown.ts';\nexport const x = renderMarkdown;\n",
    });
    expect(found).toEqual([
      'markdown-stays-on-the-server: apps/web/app/features/posts/x.tsx → packages/markdown/src/markdown.ts',
    ]);
  });
});
