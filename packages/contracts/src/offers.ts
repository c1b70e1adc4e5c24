import { z } from 'zod';
import { defineAdminCrudCalls } from './admin-crud.ts';
import { defineCall } from './api-call.ts';
import { offerFlagMessage, offerFlags } from './offer-rules.ts';
import { altTextSchema, imageSizeFields, imageUrlSchema } from './site-image.ts';
import { cleanText, requiredText } from './text.ts';

/*
 * Offers, Movers & Shakers and Refer & Earn (content-and-shell.md "Offers page", decisions.md sections 1
 * and 3): lists of deals the operator manages, each item with the site's own picture and a link to a shop.
 */

/** A calendar date YYYY-MM-DD that exists (no 30 February, no day 95); future dates are allowed. */
export const calendarDateSchema = z
  .string({ error: 'The date must be text like 2026-12-31.' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, {
    message: 'The date must look like 2026-12-31 (year-month-day).',
    abort: true,
  })
  .refine((value) => {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number];
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    return (
      year >= 1990 &&
      date.getUTCFullYear() === year &&
      date.getUTCMonth() === month - 1 &&
      date.getUTCDate() === day
    );
  }, 'This date does not exist.');

/** A shop's address: https only, so no `javascript:` or plain-http link reaches a card. */
const shopLinkSchema = cleanText('The link is required.')
  .trim()
  .max(1000, 'The link must be at most 1000 characters.')
  .regex(/^https:\/\/[^\s"'<>]+$/, 'The link must be an https:// address.')
  .refine((url) => URL.canParse(url), 'The link must be an https:// address.');

const text = (field: string, max: number) =>
  requiredText(`${field} is required.`, {
    length: max,
    message: `${field} must be at most ${max} characters.`,
  });

const pictureFields = { imageUrl: imageUrlSchema, ...imageSizeFields };
const importId = z
  .number()
  .int()
  .positive()
  .optional()
  .describe('Only in imports: keeps ids stable across imports');

// ---- Offers

const priceSchema = z
  .union([
    z.number().min(0, 'The price must not be negative.').max(10_000_000),
    cleanText().trim().max(40, 'The price must be at most 40 characters.'),
  ])
  .describe("A number, text such as 'From 99', or '' for none");

export const offerInputSchema = z
  .object({
    id: importId,
    title: text('The title', 200),
    price: priceSchema.default(''),
    discount: z
      .number({ error: 'The discount must be a number.' })
      .min(0, 'The discount must not be negative.')
      .max(100_000, 'The discount must be at most 100000.'),
    link: shopLinkSchema,
    ...pictureFields,
    site: text('The site', 80),
    flag: z.enum(offerFlags, { error: offerFlagMessage }).default(''),
    desr: text('The description', 600),
    validity: calendarDateSchema
      .optional()
      .describe('YYYY-MM-DD: the last day the offer is shown (India date); none for an offer without an end'),
  })
  .strict();
export type OfferInput = z.output<typeof offerInputSchema>;

export const offerSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    price: z.union([z.number(), z.string()]),
    discount: z.number(),
    link: z.string(),
    imageUrl: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    site: z.string(),
    flag: z.enum(offerFlags),
    desr: z.string(),
    validity: z.string().nullable(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof offerSchema>;

export const listOffers = defineCall({
  method: 'GET',
  path: '/api/offers',
  operationId: 'listOffers',
  summary: 'The offers shown today: expired ones (validity before today, India time) left out',
  description:
    'Offers without a validity date are always shown; the answer changes at midnight India time, so it is kept at most until then.',
  tag: 'offers',
  access: 'public',
  status: 200,
  response: z.array(offerSchema).meta({ id: 'OfferList' }),
  errors: [],
});

export const offerAdminCalls = defineAdminCrudCalls({
  plural: 'offers',
  noun: 'offer',
  input: offerInputSchema,
  output: offerSchema,
});

// ---- Movers & Shakers

export const moverInputSchema = z
  .object({
    id: importId,
    title: text('The title', 200),
    price: priceSchema.default(''),
    rankChange: z
      .number({ error: 'The rank change must be a whole number.' })
      .int('The rank change must be a whole number.')
      .min(-100_000)
      .max(100_000)
      .describe('Places moved up the sales rank today (negative: down)'),
    site: text('The site', 80),
    link: shopLinkSchema,
    ...pictureFields,
  })
  .strict();
export type MoverInput = z.output<typeof moverInputSchema>;

export const moverSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    price: z.union([z.number(), z.string()]),
    rankChange: z.number().int(),
    site: z.string(),
    link: z.string(),
    imageUrl: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'Mover' });
export type Mover = z.infer<typeof moverSchema>;

export const listMovers = defineCall({
  method: 'GET',
  path: '/api/movers',
  operationId: 'listMovers',
  summary: 'Movers & Shakers: trending products, biggest climb first',
  tag: 'offers',
  access: 'public',
  status: 200,
  response: z.array(moverSchema).meta({ id: 'MoverList' }),
  errors: [],
});

export const moverAdminCalls = defineAdminCrudCalls({
  plural: 'movers',
  noun: 'mover',
  input: moverInputSchema,
  output: moverSchema,
});

// ---- Refer & Earn

export const referralInputSchema = z
  .object({
    id: importId,
    app: text('The app', 80),
    bonus: text('The bonus', 200),
    code: cleanText().trim().max(40, 'The code must be at most 40 characters.').default(''),
    link: shopLinkSchema,
    terms: text('The terms', 600),
    ...pictureFields,
    alt: altTextSchema,
  })
  .strict();
export type ReferralInput = z.output<typeof referralInputSchema>;

export const referralSchema = z
  .object({
    id: z.number().int(),
    app: z.string(),
    bonus: z.string(),
    code: z.string(),
    link: z.string(),
    terms: z.string(),
    imageUrl: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    alt: z.string(),
  })
  .meta({ id: 'Referral' });
export type Referral = z.infer<typeof referralSchema>;

export const listReferrals = defineCall({
  method: 'GET',
  path: '/api/referrals',
  operationId: 'listReferrals',
  summary: 'Refer & Earn: referral programmes with their bonus, code or link, and terms',
  tag: 'offers',
  access: 'public',
  status: 200,
  response: z.array(referralSchema).meta({ id: 'ReferralList' }),
  errors: [],
});

export const referralAdminCalls = defineAdminCrudCalls({
  plural: 'referrals',
  noun: 'referral',
  input: referralInputSchema,
  output: referralSchema,
});
