import { z } from 'zod';
import { secret, setting } from '../../shared/config.ts';

const optionalText = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().optional(),
);

/**
 * The Fed alert's WhatsApp delivery (WhatsApp Business Cloud API): all three of token, phone number id and
 * recipient, or none (then alerts are shown, never sent). The base URL and API version point tests at a
 * local fake.
 */
export const eventStudiesSettings = z
  .object({
    WHATSAPP_TOKEN: secret(optionalText, {
      default: 'unset',
      description:
        'WhatsApp Business Cloud API access token; with the two below, `/api/generate-alert?premium=true` sends the Fed alert (once per decision)',
    }),
    WHATSAPP_PHONE_NUMBER_ID: setting(
      z.preprocess(
        (v) => (v === '' ? undefined : v),
        z
          .string()
          .regex(/^[0-9]{1,30}$/, 'must be the numeric phone number id of the WhatsApp Business account')
          .optional(),
      ),
      { default: 'unset', description: "the sending phone number's id in the WhatsApp Business account" },
    ),
    WHATSAPP_RECIPIENT: setting(
      z.preprocess(
        (v) => (v === '' ? undefined : v),
        z
          .string()
          .regex(
            /^[1-9][0-9]{7,14}$/,
            'must be a phone number in international form, digits only (e.g. 919812345678)',
          )
          .optional(),
      ),
      {
        default: 'unset',
        description: 'the number alerts go to, digits in international form (`919812345678`)',
      },
    ),
    WHATSAPP_API_URL: setting(
      z.preprocess(
        (v) => (v === '' ? undefined : v),
        z
          .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
          .default('https://graph.facebook.com'),
      ),
      {
        default: '`https://graph.facebook.com`',
        description: 'Graph API base URL (tests point it at a local fake)',
      },
    ),
    WHATSAPP_API_VERSION: setting(
      z.preprocess(
        (v) => (v === '' ? undefined : v),
        z
          .string()
          .regex(/^[0-9]{1,3}\.[0-9]{1,3}$/, 'must be a Graph API version such as 21.0')
          .default('21.0'),
      ),
      {
        default: '`21.0`',
        description: 'Graph API version in the path (`/v21.0/{phone-number-id}/messages`)',
      },
    ),
    FED_ALERT_SENDS_PER_DAY: setting(
      z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(100).default(3)),
      {
        default: '`3`',
        description:
          'WhatsApp sends of the Fed alert tried per day, site-wide (limit `fed-alert.whatsapp-sends`)',
      },
    ),
  })
  .superRefine((env, ctx) => {
    const given = [env.WHATSAPP_TOKEN, env.WHATSAPP_PHONE_NUMBER_ID, env.WHATSAPP_RECIPIENT].filter(
      Boolean,
    ).length;
    if (given !== 0 && given !== 3)
      ctx.addIssue({
        code: 'custom',
        // No path: the error names no variable, so the message never shows the token's value.
        path: [],
        message:
          'set WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_RECIPIENT together, or none of them',
      });
  })
  .transform((env) => ({
    whatsapp:
      env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_RECIPIENT
        ? {
            token: env.WHATSAPP_TOKEN,
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            recipient: env.WHATSAPP_RECIPIENT,
            baseUrl: env.WHATSAPP_API_URL,
            apiVersion: env.WHATSAPP_API_VERSION,
          }
        : undefined,
    sendsPerDay: env.FED_ALERT_SENDS_PER_DAY,
  }));
export type EventStudiesSettings = z.output<typeof eventStudiesSettings>;
