import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  missingFromNotices,
  type NoticeEntry,
  noticesFile,
  productionPackages,
  renderNotices,
} from './third-party-notices.ts';

describe('third-party notices', () => {
  let entries: NoticeEntry[];
  // `npm ls` of the whole tree: seconds on a quiet machine, more on a busy one.
  beforeAll(() => {
    entries = productionPackages();
  }, 120_000);

  it('name every package of the production tree (run `npm run notices` after adding a dependency)', () => {
    expect(entries.length).toBeGreaterThan(100);
    expect(missingFromNotices(fs.readFileSync(noticesFile, 'utf8'), entries)).toEqual([]);
  });

  it('give the source of every GPL and LGPL part, the ones compiled into other packages included', () => {
    const copyleft = entries.filter((e) => /GPL/.test(e.license));
    expect(copyleft.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        '@echogarden/espeak-ng-emscripten',
        'LAME (inside wasm-media-encoders)',
        'libheif and libde265 (inside libheif-js)',
      ]),
    );
    for (const entry of copyleft) expect(entry.source, entry.name).toMatch(/^https:\/\//);
  });

  it('report a production package the file does not name', () => {
    const sample = [
      { name: 'left-pad', version: '1.3.0', license: 'WTFPL' },
      { name: 'kysely', version: '0.29.9', license: 'MIT' },
    ];
    const text = renderNotices(sample.slice(1));
    expect(missingFromNotices(text, sample)).toEqual(['left-pad@1.3.0']);
    expect(missingFromNotices(renderNotices(sample), sample)).toEqual([]);
  });
});
