/**
 * Section `speech` of `npm run bench`: milliseconds per 100 characters of English and Hindi speech, both
 * kinds of engine (WebAssembly: eSpeak NG + LAME in a thread; native: Debian's espeak-ng piped into lame),
 * warm, beside the two programs run directly on the same text (espeak-ng's WAV piped straight into lame),
 * in alternating rounds (medians), and the WebAssembly engine cold (a fresh thread). Then requests per
 * second for a stored MP3 through `POST /api/generate-audio` (a file read, no synthesis).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  type BenchOptions,
  defineBenchSection,
  median,
  scratchFolder,
  startServer,
  stopServer,
} from '../../../../../scripts/bench/kit.ts';
import { createEnginePool } from '../engine-pool.ts';
import { detectNativeEngines, startProgram } from '../host-programs.ts';
import { mp3Bitrate, speechVoices, wordsPerMinute } from './speech.engine.ts';
import { synthesizeSpeech } from './speech.ts';

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

const perHundred = (ms: number, characters: number) => ((ms / characters) * 100).toFixed(0).padStart(7);

async function benchSpeech(options: BenchOptions) {
  const scratch = scratchFolder('speech');
  let file = 0;
  const target = () => {
    file += 1;
    return path.join(scratch, `${file}.mp3`);
  };
  const native = await detectNativeEngines({
    ocr: 'wasm',
    speech: 'auto',
    programs: {
      tesseract: '',
      espeakNg: process.env.ESPEAK_NG_PATH ?? 'espeak-ng',
      lame: process.env.LAME_PATH ?? 'lame',
    },
  });
  const hasNative = native.families.includes('speech');
  /** The two programs as a shell pipeline would run them: espeak-ng's stdout into lame's stdin. */
  const cli = async (voice: 'en' | 'hi', text: string) => {
    const espeak = startProgram(native.programs.espeakNg, [
      '-v',
      speechVoices[voice],
      '-s',
      String(wordsPerMinute),
      '--stdout',
      '--stdin',
    ]);
    const lame = startProgram(native.programs.lame, [
      '--quiet',
      '-t',
      '-m',
      'm',
      '--cbr',
      '-b',
      String(mp3Bitrate),
      '--resample',
      '22.05',
      '-',
      target(),
    ]);
    espeak.child.stdout!.pipe(lame.child.stdin!);
    espeak.child.stdin!.end(text);
    await Promise.all([espeak.exited, lame.exited]);
  };
  const rounds = options.quick ? 2 : 6;
  const wasm = createEnginePool({ threadBudget: 1 });
  const nativePool = hasNative ? createEnginePool({ threadBudget: 1, native }) : undefined;
  try {
    console.log(
      `${'ms per 100 characters, median of rounds'.padEnd(44)} ${'cold'.padStart(7)} ${'wasm'.padStart(7)} ${'native'.padStart(7)} ${'CLI'.padStart(7)}  native/CLI`,
    );
    for (const [voice, text] of [
      ['en', english],
      ['hi', hindi],
    ] as const) {
      const time = async (work: () => Promise<unknown>) => {
        const started = performance.now();
        await work();
        return performance.now() - started;
      };
      const cold = await time(() => synthesizeSpeech(wasm, { voice, text, target: target() }));
      if (nativePool) await synthesizeSpeech(nativePool, { voice, text, target: target() });
      const times = { wasm: [] as number[], native: [] as number[], cli: [] as number[] };
      for (let round = 0; round < rounds; round += 1) {
        // A different text each round, as visitors send.
        const said = `${round}. ${text}`;
        times.wasm.push(await time(() => synthesizeSpeech(wasm, { voice, text: said, target: target() })));
        if (nativePool) {
          times.native.push(
            await time(() => synthesizeSpeech(nativePool, { voice, text: said, target: target() })),
          );
          times.cli.push(await time(() => cli(voice, said)));
        }
      }
      const figure = (values: number[]) =>
        values.length ? perHundred(median(values), text.length) : '      -';
      const ratio = nativePool ? `${((median(times.native) / median(times.cli)) * 100).toFixed(0)} %` : '';
      console.log(
        `${`speech ${voice} (${text.length} characters)`.padEnd(44)} ${perHundred(cold, text.length)} ${figure(times.wasm)} ${figure(times.native)} ${figure(times.cli)}  ${ratio.padStart(6)}`,
      );
    }
    if (!nativePool) console.log(`native: not measured (${native.report.speech.reason})`);
  } finally {
    await wasm.close();
    await nativePool?.close();
  }
  try {
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
        duration: options.seconds,
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

export default defineBenchSection({
  name: 'speech',
  title: 'speech per 100 characters, WebAssembly and native engines beside espeak-ng | lame',
  run: benchSpeech,
});
