import { z } from 'zod';
import { defineCall, noContentSchema } from './api-call.ts';
import { wholeNumberText } from './numbers.ts';
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
  // 410: the site disabled (or deleted) the link.
  errors: [400, 404, 410],
});

export const adminShortLinkSchema = shortLinkSchema
  .extend({
    reports: z.int().min(0).describe('Visitors’ reports of this link (POST /api/reports), closed ones too'),
    disabled: z.boolean().describe('Disabled by the site: it answers 410 and never redirects'),
    disabledAt: z.iso.datetime().nullable().describe('When it was disabled; null while it is active'),
  })
  .meta({ id: 'AdminShortLink' });
export type AdminShortLink = z.output<typeof adminShortLinkSchema>;

export const adminShortLinksQuerySchema = z
  .object({
    limit: wholeNumberText('limit', { min: 1, max: 200 }).default(50),
    offset: wholeNumberText('offset').default(0),
  })
  .strict();

const adminCommon = { tag: 'admin', access: 'admin' } as const;
const adminCodeParams = z.object({ code: codeSchema }).strict();

export const listAdminShortLinks = defineCall({
  ...adminCommon,
  method: 'GET',
  path: '/api/admin/short-links',
  operationId: 'listAdminShortLinks',
  summary: 'Short links, newest first, with their clicks and reports (deleted ones are not listed)',
  query: adminShortLinksQuerySchema,
  status: 200,
  response: z.array(adminShortLinkSchema).meta({ id: 'AdminShortLinkList' }),
  errors: [400, 401],
});

export const setShortLinkDisabled = defineCall({
  ...adminCommon,
  method: 'PATCH',
  path: '/api/admin/short-links/:code',
  operationId: 'setShortLinkDisabled',
  summary: 'Disable a short link (410, no redirect, in every process at once), or enable it again',
  params: adminCodeParams,
  body: z.object({ disabled: z.boolean({ error: 'disabled must be true or false.' }) }).strict(),
  status: 200,
  response: adminShortLinkSchema,
  errors: [400, 401, 404, 415],
});

export const deleteShortLink = defineCall({
  ...adminCommon,
  method: 'DELETE',
  path: '/api/admin/short-links/:code',
  operationId: 'deleteShortLink',
  summary:
    'Delete a short link: its destination is forgotten, it answers 410, and its code is never given out again',
  params: adminCodeParams,
  status: 204,
  response: noContentSchema,
  errors: [400, 401, 404],
});
