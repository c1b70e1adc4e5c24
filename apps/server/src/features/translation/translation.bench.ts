/**
 * Translation figures (`BENCH_ONLY=translation npm run bench`): cutting a text at the largest size into
 * MyMemory's 500-byte pieces, a first translation of it through a local fake of MyMemory (every piece a real
 * HTTP request on loopback, three at a time), and answers from the database afterwards, on SQLite.
 */

import { defineBenchSection } from '../../../../../scripts/bench/kit.ts';
import { startFakeTranslation } from '../../../test/fake-translation.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { chunkText, fitsBytes } from '../../adapters/text-chunks.ts';

const sentence = (n: number) => `Sentence ${n} tells the reader something about markets, monsoon and money.`;
const textOf = (chars: number, seed: number) => {
  let text = '';
  for (let n = 0; text.length < chars; n += 1)
    text += `${sentence(seed * 10_000 + n)}${n % 6 === 5 ? '\n\n' : ' '}`;
  return text.slice(0, chars).trim();
};

export async function benchTranslation() {
  const big = textOf(20_000, 1);
  const rounds = 50;
  let started = performance.now();
  let pieces = 0;
  for (let round = 0; round < rounds; round += 1) pieces = chunkText(big, fitsBytes(500)).chunks.length;
  console.log(
    `${'translation: cut 20,000 chars into 500 B pieces'.padEnd(52)} ${((performance.now() - started) / rounds).toFixed(2).padStart(7)} ms (${pieces} pieces)`,
  );

  const fake = await startFakeTranslation();
  const t = await createTestApp({ ...fake.env('mymemory'), RATE_LIMIT_MAX: '1000000' });
  try {
    const ask = (text: string, ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/translateText', payload: { text }, remoteAddress: ip });
    started = performance.now();
    const first = await ask(big, '203.0.113.1');
    console.log(
      `${'translation: first 20,000 chars via fake MyMemory'.padEnd(52)} ${(performance.now() - started).toFixed(0).padStart(7)} ms (${fake.requests.mymemory.length} requests, status ${first.statusCode})`,
    );
    const short = textOf(2_000, 2);
    await ask(short, '203.0.113.2');
    const answers = 2_000;
    started = performance.now();
    for (let n = 0; n < answers; n += 1)
      await ask(short, `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${'translation: stored 2,000 chars, answered (in process)'.padEnd(52)} ${(answers / seconds).toFixed(0).padStart(7)} answers/s (${((seconds * 1000) / answers).toFixed(2)} ms each)`,
    );
  } finally {
    await t.close();
    await fake.close();
  }
}

export default defineBenchSection({
  name: 'translation',
  title: 'translation: chunking and the API against a fake service',
  run: () => benchTranslation(),
});
