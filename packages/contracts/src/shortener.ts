import { z } from 'zod';
import { defineCall } from './api-call.ts';
import {
  aliasMaxLength,
  aliasMinLength,
  linksPerWindow,
  longUrlMaxLength,
  shortenerMessages,
} from './shortener-rules.ts';
import { cleanText } from './text.ts';

/*
 * The URL shortener's calls (tools-and-trading.md "URL shortener" and section 7, decisions.md section 2:
 * `POST /api/shorten` with `longUrl` and `alias`, answering `shortUrl`). The rules with their exact
 * messages are in shortener-rules.ts and applied by the service, so the page and the server answer alike.
 */
export const shortenBodySchema = z
  .object({
    longUrl: cleanText(shortenerMessages.invalidUrl)
      // Generous here, so that an over-long URL gets the rule's own message from the service.
      .max(longUrlMaxLength * 4, shortenerMessages.tooLong)
      .describe(
        `An http:// or https:// address with a real host name, at most ${longUrlMaxLength} characters`,
      ),
    alias: cleanText(shortenerMessages.aliasFormat)
      .max(aliasMaxLength * 8, shortenerMessages.aliasFormat)
      .optional()
      .describe(
        `Optional: ${aliasMinLength} to ${aliasMaxLength} of A-Z a-z 0-9 _ -, case-sensitive; empty means none`,
      ),
  })
  .strict();
export type ShortenBody = z.input<typeof shortenBodySchema>;

const codeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{3,32}$/)
  .describe('The short link’s code: its random code or its alias');

export const shortenAnswerSchema = z
  .object({
    shortUrl: z.url().describe('The short link, absolute, on the site’s public address'),
    code: codeSchema,
    /** An SVG document: the QR code of `shortUrl`. */
    qrSvg: z.string().describe('The QR code of the short link, as an SVG document'),
  })
  .meta({ id: 'ShortenAnswer' });
export type ShortenAnswer = z.output<typeof shortenAnswerSchema>;

export const shortenUrl = defineCall({
  method: 'POST',
  path: '/api/shorten',
  operationId: 'shortenUrl',
  summary: 'Make a short link for a long URL, optionally with an alias',
  description:
    `Only http and https URLs up to ${longUrlMaxLength} characters with a real host name; this site’s own short ` +
    'links are refused (400 with fields). Without an alias the same long URL always gets the same short link ' +
    `(200, nothing new stored); with one, an alias already taken is 409. A visitor may create ${linksPerWindow} ` +
    'links an hour (429). The short link redirects (302) and counts each click; with + at its end it shows its preview page.',
  tag: 'shortener',
  access: 'public',
  body: shortenBodySchema,
  bodyLimitBytes: 16 * 1024,
  status: 200,
  response: shortenAnswerSchema,
  errors: [400, 409, 413, 415],
});

export const shortLinkSchema = z
  .object({
    code: codeSchema,
    shortUrl: z.url(),
    longUrl: z.url().describe('Where the short link leads'),
    createdAt: z.iso.datetime().describe('When the short link was made'),
    clicks: z.int().min(0).describe('Redirects so far (the last second’s may still be on their way)'),
  })
  .meta({ id: 'ShortLink' });
export type ShortLink = z.output<typeof shortLinkSchema>;

export const getShortLink = defineCall({
  method: 'GET',
  path: '/api/short-links/:code',
  operationId: 'getShortLink',
  summary: 'A short link’s destination, creation date and clicks (what its preview page shows)',
  tag: 'shortener',
  access: 'public',
  // Its click count moves with every redirect.
  cacheable: false,
  params: z.object({ code: codeSchema }).strict(),
  status: 200,
  response: shortLinkSchema,
  errors: [400, 404],
});
