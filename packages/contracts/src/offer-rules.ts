/*
 * What the offers, Movers & Shakers and Refer & Earn pages need at first render, free of zod: the discount
 * label rules (content-and-shell.md section 5), the India-date expiry rule (section 4, decisions.md
 * section 3) and the flags an offer may carry.
 */

/** The discount flags an offer may carry (content-and-shell.md section 3). */
export const offerFlags = ['', 'Off', 'Cashback', '%'] as const;
export type OfferFlag = (typeof offerFlags)[number];

export const offerFlagMessage = "The flag must be one of '', 'Off', 'Cashback' or '%'.";

/** India has one time zone and no daylight saving time: UTC+05:30 all year. */
const indiaOffsetMs = (5 * 60 + 30) * 60_000;
const dayMs = 86_400_000;

/** Today's date in India (YYYY-MM-DD) at the instant `now`. */
export function indiaDate(now: Date | number): string {
  const ms = typeof now === 'number' ? now : now.getTime();
  return new Date(ms + indiaOffsetMs).toISOString().slice(0, 10);
}

/** Whole seconds from `now` to the next midnight in India (at least 1), when dated content may expire. */
export function secondsUntilIndiaMidnight(now: Date | number): number {
  const ms = typeof now === 'number' ? now : now.getTime();
  const sinceIndiaMidnight = (((ms + indiaOffsetMs) % dayMs) + dayMs) % dayMs;
  return Math.max(1, Math.ceil((dayMs - sinceIndiaMidnight) / 1000));
}

/**
 * Whether an offer is still shown on `today` (an India date, YYYY-MM-DD): one without a validity date always
 * is; one whose validity date is earlier than today is hidden. ISO dates compare as text.
 */
export function isOfferCurrent(validity: string | null | undefined, today: string): boolean {
  return !validity || validity >= today;
}

/** A price is numeric when it is a number, or text that is a plain decimal number ('499', '1299.50'). */
export function isNumericPrice(price: string | number | null | undefined): boolean {
  if (typeof price === 'number') return Number.isFinite(price);
  return typeof price === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(price);
}

/**
 * The discount label (content-and-shell.md section 5): 'Off' gives '{n} OFF', 'Cashback' '{n} Cashback',
 * '%' '{n}% OFF'; with no flag, a numeric price gives '{n}% OFF', otherwise the label is empty. The saving
 * carries its unit (issue 27, decision 0033): rupees are '₹60 OFF' and '₹50 Cashback' beside '20% OFF',
 * and a discount of 0 saves nothing, so it has no label.
 */
export function discountLabel(offer: {
  discount: number;
  flag: OfferFlag;
  price: string | number | null | undefined;
}): string {
  const n = offer.discount;
  if (!(n > 0)) return '';
  switch (offer.flag) {
    case 'Off':
      return `₹${n} OFF`;
    case 'Cashback':
      return `₹${n} Cashback`;
    case '%':
      return `${n}% OFF`;
    default:
      return isNumericPrice(offer.price) ? `${n}% OFF` : '';
  }
}

/**
 * What a card shows after 'Price: ': the rupee sign and the price, or nothing for an empty price. The sign
 * goes before the amount: 'From 32' is 'From ₹32', not '₹From 32'.
 */
export function rupeePrice(price: string | number | null | undefined): string {
  if (price === null || price === undefined) return '';
  const text = String(price).trim();
  if (text === '') return '';
  if (text.includes('₹')) return text;
  // A price with no amount ('Free') has nothing for the sign to stand before.
  return text.replace(/\d/, (digit) => `₹${digit}`);
}

/** Every link to a shop leaves the site in a new tab, marked as paid (affiliate) and without the opener. */
export const sponsoredLinkRel = 'sponsored noopener noreferrer';

/** The pages' loading texts (content-and-shell.md "Offers page"). */
export const offerTexts = {
  heading: 'Available Offers',
  loading: 'Loading offers...',
  failure: 'Error fetching offers',
  empty: 'No offers right now. Please check back soon.',
  sponsored: 'Sponsored Ad',
  more: 'More Promotions',
} as const;

/** The kinds of content this area's writes change and its pages show (content-kinds.ts explains kinds). */
export const offerKinds = { offers: 'offers', movers: 'movers', referrals: 'referrals' } as const;
