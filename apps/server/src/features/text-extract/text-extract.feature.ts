import { extractText, pdfToText } from '@hurryup/contracts/text-extract';
import {
  textExtractMessages,
  textExtractPerDay,
  textExtractPerMinute,
} from '@hurryup/contracts/text-extract-rules';
import { clientKey } from '../../shared/admin-auth.ts';
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
  async plugin(app, { engines, limits }) {
    const service = createTextExtractService({
      engines,
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
    registerCall(app, extractText, ({ files }, request) =>
      service.extractText(files.file, clientKey(request.ip)),
    );
    registerCall(app, pdfToText, async ({ files }, request, reply) => {
      const { text, fileName } = await service.pdfToText(files.file, clientKey(request.ip));
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(text);
    });
  },
});
