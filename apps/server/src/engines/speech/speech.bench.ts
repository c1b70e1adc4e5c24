/**
 * `BENCH_ONLY=speech npm run bench`: the speech engines (eSpeak NG + LAME in WebAssembly) in milliseconds per
 * 100 characters for English and Hindi, cold (a fresh thread: start, eSpeak's data loaded, first text) and
 * warm (the thread kept), and requests per second for a stored MP3 through `POST /api/generate-audio` on the
 * production server (a file read, no synthesis).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createEnginePool } from '../apps/server/src/engines/engine-pool.ts';
import { synthesizeSpeech } from '../apps/server/src/engines/speech/speech.ts';
import { startServer, stopServer } from './production-server.ts';

const english =
  'The stock market in India opens at nine fifteen in the morning and closes at half past three in the afternoon. ' +
  'Before you trade options, read the option chain column by column, check the open interest, and remember that ' +
  'volatility rises before big events such as the Union Budget or a policy meeting of the Reserve Bank. ' +
  'Never share your UPI PIN with anyone, even if the caller says they are from your bank.';
const hindi =
  'भारत में शेयर बाज़ार सुबह सवा नौ बजे खुलता है और दोपहर साढ़े तीन बजे बंद होता है। ' +
  'ऑप्शन में कारोबार करने से पहले ऑप्शन चेन को ध्यान से पढ़ें, ओपन इंटरेस्ट देखें, और याद रखें कि ' +
  'बजट या रिज़र्व बैंक की बैठक जैसे बड़े मौकों से पहले उतार चढ़ाव बढ़ जाता है। ' +
  'अपना यूपीआई पिन किसी को न बताएँ, चाहे फ़ोन करने वाला खुद को बैंक का कर्मचारी बताए।';

const perHundred = (ms: number, characters: number) =>
  `${((ms / characters) * 100).toFixed(0).padStart(5)} ms per 100 characters`;

export async function benchSpeech() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-bench-speech-'));
  let file = 0;
  const target = () => {
    file += 1;
    return path.join(scratch, `${file}.mp3`);
  };
  try {
    for (const [voice, text] of [
      ['en', english],
      ['hi', hindi],
    ] as const) {
      // Cold: a fresh pool, so the task pays for the thread, eSpeak's 24 MB of data and its first text.
      const cold = createEnginePool({ threadBudget: 1 });
      let started = performance.now();
      await synthesizeSpeech(cold, { voice, text, target: target() });
      const coldMs = performance.now() - started;
      const rounds = 10;
      started = performance.now();
      for (let round = 0; round < rounds; round += 1) {
        // A different text each round, as visitors send (the engine keeps nothing between texts anyway).
        await synthesizeSpeech(cold, { voice, text: `${round}. ${text}`, target: target() });
      }
      const warmMs = (performance.now() - started) / rounds;
      await cold.close();
      console.log(
        `${`speech ${voice}: cold (${text.length} characters)`.padEnd(44)} ${perHundred(coldMs, text.length)} (${coldMs.toFixed(0)} ms)`,
      );
      console.log(
        `${`speech ${voice}: warm (${text.length} characters)`.padEnd(44)} ${perHundred(warmMs, text.length)} (${warmMs.toFixed(0)} ms)`,
      );
    }

    const dataDir = path.join(scratch, 'data');
    const { url, child } = await startServer(dataDir, { SEED_CONTENT: 'false' });
    try {
      const body = new URLSearchParams({
        device_id: '0b0c1b7e-8a51-4c5e-9a0c-3f0d3c9a1b2c',
        text: english,
        lang: 'en',
      }).toString();
      const request = {
        method: 'POST' as const,
        path: '/api/generate-audio',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      };
      const first = await fetch(`${url}${request.path}`, { ...request, body });
      if (first.headers.get('x-speech-store') !== 'made')
        throw new Error(`the first request was ${first.status}`);
      const result = await autocannon({
        url,
        connections: 20,
        duration: Number(process.env.BENCH_SECONDS ?? 15),
        requests: [request],
      });
      console.log(
        `${'speech: stored MP3 (POST /api/generate-audio)'.padEnd(44)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms${result.non2xx + result.errors ? ` (${result.non2xx + result.errors} errors)` : ''}`,
      );
    } finally {
      await stopServer(child);
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
