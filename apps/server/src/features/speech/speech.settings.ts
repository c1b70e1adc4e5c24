import { z } from 'zod';
import { emptyToUndefined, setting } from '../../shared/config.ts';

/** New texts spoken per hour: a whole number from 1. */
const hourly = (name: string, fallback: number) =>
  z
    .preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: `${name} must be a whole number of requests an hour, e.g. ${fallback}` })
        .int(`${name} must be a whole number of requests an hour, e.g. ${fallback}`)
        .min(1, `${name} must be at least 1`)
        .optional(),
    )
    .transform((value) => value ?? fallback);

/**
 * Speech's settings (docs/operations.md, "Speech (text to audio)"): how much spoken audio is kept and how many
 * new texts a device and a visitor may have spoken an hour. Each setting's row in the docs' settings table is
 * written here.
 */
export const speechSettings = z
  .object({
    SPEECH_STORE_MAX_MB: setting(
      z
        .preprocess(
          emptyToUndefined,
          z.coerce
            .number({ error: 'SPEECH_STORE_MAX_MB must be a number of megabytes, e.g. 512' })
            .int('SPEECH_STORE_MAX_MB must be a whole number of megabytes')
            .min(1, 'SPEECH_STORE_MAX_MB must be at least 1')
            .max(1_000_000, 'SPEECH_STORE_MAX_MB must be at most 1000000')
            .optional(),
        )
        .transform((value) => value ?? 512),
      {
        default: '`512`',
        description:
          'megabytes of spoken MP3 files kept under `DATA_DIR/speech`; past it the least recently used are removed',
      },
    ),
    SPEECH_PER_DEVICE_HOURLY: setting(hourly('SPEECH_PER_DEVICE_HOURLY', 60), {
      default: '`60`',
      description: 'new texts spoken to MP3 per device an hour (limit `speech.per-device`)',
    }),
    // Many visitors in India share one address (carrier-grade NAT): the per-visitor limit is wider.
    SPEECH_PER_VISITOR_HOURLY: setting(hourly('SPEECH_PER_VISITOR_HOURLY', 300), {
      default: '`300`',
      description: 'new texts spoken to MP3 per client address an hour (limit `speech.per-visitor`)',
    }),
  })
  .transform((env) => ({
    storeMaxBytes: env.SPEECH_STORE_MAX_MB * 1024 * 1024,
    perDeviceHourly: env.SPEECH_PER_DEVICE_HOURLY,
    perVisitorHourly: env.SPEECH_PER_VISITOR_HOURLY,
  }));

export type SpeechSettings = z.output<typeof speechSettings>;
