import { extractText, pdfToText } from '@hurryup/contracts/text-extract';
import {
  textExtractMessages,
  textExtractPerDay,
  textExtractPerMinute,
} from '@hurryup/contracts/text-extract-rules';
import { ocrEngine } from '../../engines/ocr/ocr.engine.ts';
import { clientKey } from '../../shared/admin-auth.ts';
import { waitForEngine } from '../../shared/engine-wait.ts';
import { defineFeature } from '../../shared/feature.ts';
import { registerCall } from '../../shared/register-call.ts';
import { createTextExtractService } from './text-extract.service.ts';

/** `attachment` with the name in ASCII (for old clients) and in UTF-8 (RFC 6266), quotes and controls removed. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Image to text and PDF to text (tools-and-trading.md, decisions 0023): the upload is streamed to disk and
 * typed by its bytes (shared/uploads.ts), then read by the `ocr` engine in the pool, never on this thread.
 * Both calls share per-visitor limits: each conversion can take a core for seconds.
 */
export const textExtractFeature = defineFeature({
  name: 'text-extract',
  async plugin(app, { config, engines, limits }) {
    // The socket is kept while the engine may still work on an accepted file (its time limit, and a margin).
    const times = { holdMs: ocrEngine.limits.timeoutMs + 15_000, idleMs: config.idleTimeoutMs };
    const service = createTextExtractService({
      engines,
      atOnce: limits.define({
        name: 'text-extract.at-once',
        description:
          'Image and PDF conversions running at once per visitor (taken while a file is read, given back after)',
        max: 1,
        // Past the engine's time limit a count still held (a process that died mid-task) lapses.
        windowMs: 2 * ocrEngine.limits.timeoutMs,
        message: () => textExtractMessages.oneAtATime,
      }),
      limits: [
        limits.define({
          name: 'text-extract.per-minute',
          description: 'Image and PDF conversions per visitor per minute (client address; IPv6 per /64)',
          max: textExtractPerMinute,
          windowMs: 60_000,
          message: () => textExtractMessages.tooMany,
        }),
        limits.define({
          name: 'text-extract.per-day',
          description: 'Image and PDF conversions per visitor per day (client address; IPv6 per /64)',
          max: textExtractPerDay,
          windowMs: 24 * 60 * 60_000,
          message: () => textExtractMessages.tooManyToday,
        }),
      ],
    });
    registerCall(app, extractText, async ({ files }, request, reply) => {
      const wait = waitForEngine(request, reply, times);
      try {
        return await service.extractText(files.file, { visitor: clientKey(request.ip), signal: wait.signal });
      } finally {
        wait.done();
      }
    });
    registerCall(app, pdfToText, async ({ files }, request, reply) => {
      const wait = waitForEngine(request, reply, times);
      let answer: { text: string; fileName: string };
      try {
        answer = await service.pdfToText(files.file, { visitor: clientKey(request.ip), signal: wait.signal });
      } finally {
        wait.done();
      }
      const { text, fileName } = answer;
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(text);
    });
  },
});
