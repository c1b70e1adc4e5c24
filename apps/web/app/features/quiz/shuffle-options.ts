import { optionLetters } from '@hurryup/contracts/quiz-rules';
import { useEffect, useState } from 'react';

/**
 * The order a visitor sees a question's options in. The bank stores them in one order, so without this a
 * visitor who learnt where the answers sit (or always chose A) would pass: each visitor gets a random seed,
 * kept in local storage, and each question its own order from that seed and its id, the same on every
 * visit. The options are lettered again in the order shown; the answer check compares the stored options
 * chosen (their identity: the stored letter each carries), never the letters on screen.
 */
export interface ShownOption {
  /** The stored option ('B. 5.0'): what is selected and checked against the answer key. */
  option: string;
  /** What the visitor reads: the letter of its place on screen and its text ('A. 5.0'). */
  label: string;
}

const storedLetter = /^[A-H]\.\s+/;

/** A 32-bit hash of a text (FNV-1a): the same seed and question always give the same order. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small, well-mixed generator of numbers in [0, 1) from a 32-bit state. */
function generator(state: number): () => number {
  let s = state;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The options of question `questionId` in this visitor's order (a Fisher–Yates shuffle seeded with the
 * visitor's seed and the question's id), lettered A, B, C… as shown. Without a seed (the server's render and
 * the first render in the browser, which must match it) they keep their stored order.
 */
export function shuffleOptions(
  options: readonly string[],
  seed: string | undefined,
  questionId: number,
): ShownOption[] {
  if (seed === undefined) return options.map((option) => ({ option, label: option }));
  const random = generator(hashOf(`${seed}:${questionId}`));
  const order = options.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  return order.map((from, at) => {
    const option = options[from] as string;
    return { option, label: `${optionLetters[at]}. ${option.replace(storedLetter, '')}` };
  });
}

export const optionSeedKey = 'quiz-option-seed';

function newSeed(): string {
  const bytes = new Uint32Array(2);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (n) => n.toString(36)).join('');
}

/** This visitor's seed: kept in local storage, made at the first visit (a new one each visit without storage). */
export function readOptionSeed(): string {
  try {
    const stored = window.localStorage.getItem(optionSeedKey);
    if (stored && /^[0-9a-z]{1,32}$/.test(stored)) return stored;
    const seed = newSeed();
    window.localStorage.setItem(optionSeedKey, seed);
    return seed;
  } catch {
    // Storage refused (private mode): the options are still shuffled, differently on the next visit.
    return newSeed();
  }
}

/** The visitor's seed once the page runs in the browser; undefined while it renders as the server did. */
export function useOptionSeed(): string | undefined {
  const [seed, setSeed] = useState<string>();
  useEffect(() => setSeed(readOptionSeed()), []);
  return seed;
}
