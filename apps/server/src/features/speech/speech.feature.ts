import { errorCodes } from '@hurryup/contracts/errors';
import {
  generateAudio,
  generateHindiAudio,
  generateHindiAudioLink,
  getStoredAudio,
} from '@hurryup/contracts/speech';
import { speechMessages } from '@hurryup/contracts/speech-rules';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { speechEnglishEngine } from '../../engines/speech/speech.engine.ts';
import { clientKey } from '../../shared/admin-auth.ts';
import { waitForEngine } from '../../shared/engine-wait.ts';
import { defineFeature } from '../../shared/feature.ts';
import { HttpError } from '../../shared/http-error.ts';
import { registerCall } from '../../shared/register-call.ts';
import { createAudioStore } from './audio-store.ts';
import { createSpeechService } from './speech.service.ts';
import { speechSettings } from './speech.settings.ts';
import { espeakVoice } from './speech-voice.ts';

function sendMp3(reply: FastifyReply, bytes: Buffer, made: boolean) {
  return reply
    .type('audio/mpeg')
    .header('content-disposition', 'inline; filename="output.mp3"')
    .header('cache-control', 'no-store')
    .header('x-speech-store', made ? 'made' : 'stored')
    .send(bytes);
}

/**
 * Speech to MP3 (tools-and-trading.md "Text to audio", content-and-shell.md section 7, decisions.md
 * section 5): `POST /api/generate-audio` (the text to audio page), `POST /api/generate-audio-hin` (the post
 * page's Hindi audio), `POST /api/generate-hindi-audio` (JSON, answers where the file is) and
 * `GET /api/audio/:file`. The voice is eSpeak NG in the engine pool behind the `SpeechVoice` seam; finished
 * files are kept in `<DATA_DIR>/speech` under `SPEECH_STORE_MAX_MB`.
 */
export const speechFeature = defineFeature({
  name: 'speech',
  settings: speechSettings,
  async plugin(app, { config, engines, limits, clock, log, settings }) {
    const speech = createSpeechService({
      voice: espeakVoice(engines),
      store: createAudioStore({ dataDir: config.dataDir, maxBytes: settings.storeMaxBytes, clock, log }),
      perDevice: limits.define({
        name: 'speech.per-device',
        description: `New texts spoken to MP3 per device (device_id) in an hour; stored texts are not counted`,
        max: settings.perDeviceHourly,
        windowMs: 60 * 60_000,
        message: () => speechMessages.tooManyPerDevice,
      }),
      perVisitor: limits.define({
        name: 'speech.per-visitor',
        description: `New texts spoken to MP3 per visitor (client address; IPv6 per /64) in an hour; stored texts are not counted`,
        max: settings.perVisitorHourly,
        windowMs: 60 * 60_000,
        message: () => speechMessages.tooManyPerVisitor,
      }),
    });

    // The socket is kept while the voice may still work on an accepted text (its time limit, and a margin).
    const times = { holdMs: speechEnglishEngine.limits.timeoutMs + 15_000, idleMs: config.idleTimeoutMs };
    async function whileSpeaking<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      work: (signal: AbortSignal) => Promise<T>,
    ): Promise<T> {
      const wait = waitForEngine(request, reply, times);
      try {
        return await work(wait.signal);
      } finally {
        wait.done();
      }
    }

    registerCall(app, generateAudio, async ({ body }, request, reply) => {
      const { bytes, made } = await whileSpeaking(request, reply, (signal) =>
        speech.audio(
          { language: body.lang, text: body.text, device: body.device_id, visitor: clientKey(request.ip) },
          signal,
        ),
      );
      return sendMp3(reply, bytes, made);
    });

    registerCall(app, generateHindiAudio, async ({ body }, request, reply) => {
      const { bytes, made } = await whileSpeaking(request, reply, (signal) =>
        speech.audio(
          { language: 'hi', text: body.text, device: body.device_id, visitor: clientKey(request.ip) },
          signal,
        ),
      );
      return sendMp3(reply, bytes, made);
    });

    registerCall(app, generateHindiAudioLink, async ({ body }, request, reply) => {
      const name = await whileSpeaking(request, reply, (signal) =>
        speech.stored({ language: 'hi', text: body.text, visitor: clientKey(request.ip) }, signal),
      );
      return { audio_url: getStoredAudio.path.replace(':file', name) };
    });

    registerCall(app, getStoredAudio, async ({ params }, _request, reply) => {
      const bytes = await speech.read(params.file);
      if (!bytes)
        throw new HttpError(
          404,
          errorCodes.notFound,
          'This audio file is no longer stored. Ask for the text to be spoken again.',
        );
      // The name is the hash of voice and text: the same address never holds another file.
      return reply
        .type('audio/mpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    });
  },
});
