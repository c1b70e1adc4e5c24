import type { Post, PostSearchHit } from '@hurryup/contracts/post';
import { postSearchMinLength } from '@hurryup/contracts/post-search';

type Indexed = Pick<Post, 'id' | 'title' | 'description'>;

interface Doc {
  id: number;
  title: string;
  description: string | undefined;
  /** Its distinct terms, once its postings are in the index. */
  terms?: string[];
}

/** Per term: for each document slot that contains it, how often in the title and in the description. */
type Postings = Map<number, { title: number; description: number }>;

const titleWeight = 10; // tools-and-trading.md section 5: title matches weigh 10 times description matches
const prefixWeight = 0.7;
const fuzzyWeight = 0.5;
const maxPrefixTerms = 64;
const maxQueryTerms = 8;

/** Words: runs of letters, digits and combining marks (so Devanagari stays whole), lower-cased. */
export function tokenize(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{M}]+/gu) ?? []
  );
}

/**
 * In-memory full-text index of post titles and descriptions, with prefix and small-typo matching.
 * Built for tens of thousands of posts: a query touches only the postings of its terms, scores go into a
 * reused array, and the best results are picked with a small heap instead of sorting every match.
 *
 * The postings (about 40 MB for 20,000 posts, where the posts' own fields are a tenth of that) are built at
 * the first search, not when the posts are given: a process that serves no search never holds them, and
 * a start is not slowed by them (docs/decisions/0044-memory-of-a-web-process.md).
 */
export class PostSearchIndex {
  readonly #docs: (Doc | undefined)[] = [];
  readonly #slotById = new Map<number, number>();
  readonly #freeSlots: number[] = [];
  readonly #postings = new Map<string, Postings>();
  #sortedTerms: string[] = [];
  #termsDirty = false;
  #scores = new Float64Array(0);
  #matched = new Uint32Array(0);
  /** Whether the postings are built (at the first search). */
  #built = false;

  get size() {
    return this.#slotById.size;
  }

  /** Whether the postings are built (tests). */
  get built() {
    return this.#built;
  }

  replaceAll(posts: Indexed[]) {
    this.#docs.length = 0;
    this.#slotById.clear();
    this.#freeSlots.length = 0;
    this.#postings.clear();
    this.#sortedTerms = [];
    this.#termsDirty = false;
    this.#built = false;
    for (const post of posts) this.upsert(post);
  }

  upsert(post: Indexed) {
    this.remove(post.id);
    const slot = this.#freeSlots.pop() ?? this.#docs.length;
    const doc: Doc = { id: post.id, title: post.title, description: post.description };
    this.#docs[slot] = doc;
    this.#slotById.set(post.id, slot);
    if (this.#built) this.#post(slot, doc);
  }

  /** Adds a document's postings. */
  #post(slot: number, doc: Doc) {
    const titleTerms = tokenize(doc.title);
    const descriptionTerms = tokenize(doc.description ?? '');
    const terms = [...new Set([...titleTerms, ...descriptionTerms])];
    doc.terms = terms;
    for (const term of terms) {
      let postings = this.#postings.get(term);
      if (!postings) {
        postings = new Map();
        this.#postings.set(term, postings);
        this.#termsDirty = true;
      }
      postings.set(slot, {
        title: titleTerms.filter((t) => t === term).length,
        description: descriptionTerms.filter((t) => t === term).length,
      });
    }
  }

  remove(id: number) {
    const slot = this.#slotById.get(id);
    if (slot === undefined) return;
    for (const term of this.#docs[slot]!.terms ?? []) {
      const postings = this.#postings.get(term);
      postings?.delete(slot);
      if (postings?.size === 0) {
        this.#postings.delete(term);
        this.#termsDirty = true;
      }
    }
    this.#docs[slot] = undefined;
    this.#slotById.delete(id);
    this.#freeSlots.push(slot);
  }

  search(query: string, limit = 20): PostSearchHit[] {
    if (query.trim().length < postSearchMinLength) return [];
    const words = [...new Set(tokenize(query))].slice(0, maxQueryTerms);
    if (words.length === 0) return [];
    if (!this.#built) {
      this.#built = true;
      this.#docs.forEach((doc, slot) => {
        if (doc) this.#post(slot, doc);
      });
    }
    this.#prepare();
    const touched: number[] = [];
    const scores = this.#scores;
    const matched = this.#matched;
    const total = this.#slotById.size;

    words.forEach((word, wordIndex) => {
      const bit = 1 << wordIndex;
      for (const [term, weight] of this.#expand(word)) {
        const postings = this.#postings.get(term)!;
        const idf = Math.log(1 + total / postings.size);
        for (const [slot, tf] of postings) {
          const fieldScore =
            (tf.title ? titleWeight * (1 + Math.log(tf.title)) : 0) +
            (tf.description ? 1 + Math.log(tf.description) : 0);
          if (matched[slot] === 0 && scores[slot] === 0) touched.push(slot);
          scores[slot]! += weight * idf * fieldScore;
          matched[slot]! |= bit;
        }
      }
    });

    // Posts that match every word; only when none does, posts that match some.
    const all = (1 << words.length) - 1;
    const complete = touched.filter((slot) => matched[slot] === all);
    const candidates = complete.length > 0 ? complete : touched;
    const best = topK(
      candidates,
      limit,
      (slot) => scores[slot]!,
      (slot) => this.#docs[slot]!.id,
    );
    for (const slot of touched) {
      scores[slot] = 0;
      matched[slot] = 0;
    }
    return best.map((slot) => {
      const doc = this.#docs[slot]!;
      return { id: doc.id, title: doc.title, ...(doc.description ? { description: doc.description } : {}) };
    });
  }

  /** The index terms a query word stands for, with their weights: itself, words it begins, near misses. */
  #expand(word: string): [string, number][] {
    const found: [string, number][] = [];
    if (this.#postings.has(word)) found.push([word, 1]);
    if (word.length >= 2) {
      let i = lowerBound(this.#sortedTerms, word);
      for (let n = 0; n < maxPrefixTerms && i < this.#sortedTerms.length; i += 1) {
        const term = this.#sortedTerms[i]!;
        if (!term.startsWith(word)) break;
        if (term !== word) {
          found.push([term, prefixWeight]);
          n += 1;
        }
      }
    }
    // Typos are forgiven on longer words only, and only when the word itself matched nothing.
    if (found.length === 0 && word.length >= 5) {
      const maxDistance = word.length >= 9 ? 2 : 1;
      for (const term of this.#sortedTerms) {
        if (Math.abs(term.length - word.length) > maxDistance) continue;
        if (editDistanceWithin(word, term, maxDistance)) found.push([term, fuzzyWeight]);
      }
    }
    return found;
  }

  #prepare() {
    if (this.#termsDirty) {
      this.#sortedTerms = [...this.#postings.keys()].sort();
      this.#termsDirty = false;
    }
    if (this.#scores.length < this.#docs.length) {
      this.#scores = new Float64Array(this.#docs.length * 2);
      this.#matched = new Uint32Array(this.#docs.length * 2);
    }
  }
}

function lowerBound(sorted: string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Edit distance ≤ max, counting a swap of two neighbouring letters as one edit (the commonest typo),
 * stopping as soon as every path exceeds the bound.
 */
export function editDistanceWithin(a: string, b: string, max: number): boolean {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return false;
    before = previous;
    previous = current;
  }
  return previous[b.length]! <= max;
}

/** The k best items by score (ties: higher id, i.e. newer post, first), without sorting them all. */
function topK(
  items: number[],
  k: number,
  score: (item: number) => number,
  id: (item: number) => number,
): number[] {
  const better = (a: number, b: number) => score(a) > score(b) || (score(a) === score(b) && id(a) > id(b));
  // A min-heap of the best k seen so far: its root is the weakest of them.
  const heap: number[] = [];
  const siftUp = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!better(heap[parent]!, heap[i]!)) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  };
  const siftDown = (i: number) => {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let weakest = i;
      if (left < heap.length && better(heap[weakest]!, heap[left]!)) weakest = left;
      if (right < heap.length && better(heap[weakest]!, heap[right]!)) weakest = right;
      if (weakest === i) return;
      [heap[weakest], heap[i]] = [heap[i]!, heap[weakest]!];
      i = weakest;
    }
  };
  for (const item of items) {
    if (heap.length < k) {
      heap.push(item);
      siftUp(heap.length - 1);
    } else if (better(item, heap[0]!)) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0));
}
