import type { AdminCrudCalls } from '@hurryup/contracts/admin-crud';
import { devbitImagePath, imagePagePath, webStoryPath } from '@hurryup/contracts/gallery-pages';
import { postPath } from '@hurryup/contracts/post-slug';
import type { z } from 'zod';
import { type ContentKindName, contentKindName } from './content-kind-names.ts';

/** How the console edits one field; a field the kind does not describe is edited as its schema says. */
export type FieldEditor =
  /** One line of text. */
  | 'text'
  /** Several lines of plain text. */
  | 'textarea'
  /** A Markdown body: the shared editor (shared/admin/MarkdownField.tsx). */
  | 'markdown'
  /** A list of short texts, one a line. */
  | 'lines'
  /** Anything structured (sections, pages), written as JSON. */
  | 'json';

export interface FieldOverride {
  label?: string;
  editor?: FieldEditor;
  /** A hint under the label. */
  help?: string;
  /** What a select shows for each value of its list (the value itself when absent). */
  optionLabels?: Readonly<Record<string, string>>;
}

// biome-ignore lint/suspicious/noExplicitAny: every kind's calls, whatever their schemas
export type AnyAdminCalls = AdminCrudCalls<z.ZodType<any>, z.ZodType<any>>;

/** One item as the admin API answers it. */
export type AdminItem = Record<string, unknown>;

/**
 * One kind of content in the console. The form's fields, their order of the schema, what is required and
 * every rule come from the kind's contract (the same zod schema the API checks); this says only what the
 * schema cannot: names a person reads, and how to edit a field better than its type suggests.
 */
export interface ContentKind extends ContentKindName {
  /** The kind's admin calls module, loaded when the screen needs it. */
  calls(): Promise<AnyAdminCalls>;
  /** The field each item is named by in lists, the activity log and confirmations. */
  titleField: string;
  /** A second line in the list. */
  meta?(item: AdminItem): string;
  /** Where the item shows on the site, for a 'View' link. */
  publicPath?(item: AdminItem): string | undefined;
  /** Fields first in the form, in this order; the schema's others follow in its order. */
  order?: readonly string[];
  /** Fields the console leaves out (an `id` only imports set, a second name of another field). */
  hidden?: readonly string[];
  fields?: Readonly<Record<string, FieldOverride>>;
  /** Two fields edited side by side on a wide screen (a post's English and Hindi bodies). */
  sideBySide?: readonly [string, string];
  /** Values a new item starts with. */
  defaults?(today: string): Record<string, string | boolean>;
}

function named(key: string): ContentKindName {
  const name = contentKindName(key);
  if (!name) throw new Error(`The kind ${key} has no line in content-kind-names.ts`);
  return name;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : String(value);
const dated = (today: string) => ({ createdAt: today });

/** The lot-size bases (contracts/market niftyLotBases) in words. */
const lotBasisLabels: Readonly<Record<string, string>> = {
  traded: 'Every contract traded from the date',
  expiring: 'Contracts expiring on or after the date',
  listed: 'Contracts listed on or after the date (older ones keep their lot)',
};

/** The expiry weekdays (contracts/market niftyExpiryWeekdayNames) in words. */
const weekdayLabels: Readonly<Record<string, string>> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
};

/**
 * Every kind of content the admin API has, in the console's order. To add one: its names in
 * content-kind-names.ts and an entry here with its calls module (`defineAdminCrudCalls` in
 * packages/contracts); the screen, its list, search, form, checks and deletion follow.
 */
export const contentKinds: readonly ContentKind[] = [
  {
    ...named('posts'),
    calls: () => import('@hurryup/contracts/post').then((c) => c.postAdminCalls),
    titleField: 'title',
    meta: (item) => [text(item.author) || 'Anonymous', text(item.createdAt).slice(0, 10)].join(' · '),
    publicPath: (item) => (typeof item.title === 'string' ? postPath(item.title) : undefined),
    order: ['title', 'author', 'createdAt', 'description', 'image', 'content', 'hindi'],
    hidden: ['id', 'text'],
    fields: {
      createdAt: { label: 'Date', help: 'YYYY-MM-DD, or a full ISO time' },
      image: { label: 'Image', editor: 'text', help: 'A site path (/content/images/…) or an https URL' },
      content: { label: 'Body (English)', editor: 'markdown' },
      hindi: { label: 'Body (Hindi)', editor: 'markdown' },
      imgf: { label: 'Every section carries an image' },
      contentArray: {
        label: 'Sections (instead of a body)',
        help: 'For posts written as sections: a JSON list of { "type", "content" }. Leave empty to write a body.',
      },
    },
    sideBySide: ['content', 'hindi'],
    defaults: dated,
  },
  {
    ...named('blogs'),
    calls: () => import('@hurryup/contracts/blog').then((c) => c.blogAdminCalls),
    titleField: 'title',
    meta: (item) => [text(item.author), text(item.createdAt).slice(0, 10)].filter(Boolean).join(' · '),
    order: ['title', 'author', 'createdAt', 'order', 'content'],
    fields: {
      content: { label: 'Body', editor: 'markdown' },
      createdAt: { label: 'Date', help: 'YYYY-MM-DD' },
      order: { help: 'Lower comes first; leave empty for the date order' },
    },
    defaults: dated,
  },
  {
    ...named('images'),
    calls: () => import('@hurryup/contracts/gallery').then((c) => c.galleryImageAdminCalls),
    titleField: 'alt',
    meta: (item) => text(item.url),
    publicPath: (item) => (typeof item.url === 'string' ? imagePagePath(item.url) : undefined),
    hidden: ['id'],
    fields: { alt: { label: 'Alt text' }, url: { label: 'Image URL' } },
  },
  {
    ...named('videos'),
    calls: () => import('@hurryup/contracts/gallery').then((c) => c.videoAdminCalls),
    titleField: 'title',
    meta: (item) => text(item.vidurl),
    hidden: ['id'],
    fields: { vidurl: { label: 'Video URL' }, imageUrl: { label: 'Thumbnail URL' } },
  },
  {
    ...named('webstories'),
    calls: () => import('@hurryup/contracts/gallery').then((c) => c.webStoryAdminCalls),
    titleField: 'title',
    meta: (item) => `${Array.isArray(item.pages) ? item.pages.length : 0} pages`,
    publicPath: (item) => (typeof item.id === 'number' ? webStoryPath(item.id) : undefined),
    hidden: ['id'],
    fields: {
      thumbnailUrl: { label: 'Thumbnail URL' },
      pages: { help: 'A JSON list of pages: { "image", "alt", "heading", "text" }' },
    },
  },
  {
    ...named('devbit'),
    calls: () => import('@hurryup/contracts/devbit').then((c) => c.devbitAdminCalls),
    titleField: 'alt',
    meta: (item) => [text(item.category), text(item.url)].join(' · '),
    publicPath: (item) => (typeof item.url === 'string' ? devbitImagePath(item.url) : undefined),
    hidden: ['id'],
    fields: { alt: { label: 'Alt text' }, url: { label: 'Image URL' } },
  },
  {
    ...named('offers'),
    calls: () => import('@hurryup/contracts/offers').then((c) => c.offerAdminCalls),
    titleField: 'title',
    meta: (item) => [text(item.site), text(item.validity)].filter(Boolean).join(' · '),
    hidden: ['id'],
    fields: { desr: { label: 'Description', editor: 'textarea' }, imageUrl: { label: 'Image URL' } },
  },
  {
    ...named('movers'),
    calls: () => import('@hurryup/contracts/offers').then((c) => c.moverAdminCalls),
    titleField: 'title',
    meta: (item) => text(item.site),
    hidden: ['id'],
    fields: { imageUrl: { label: 'Image URL' }, rankChange: { label: 'Rank change' } },
  },
  {
    ...named('referrals'),
    calls: () => import('@hurryup/contracts/offers').then((c) => c.referralAdminCalls),
    titleField: 'app',
    meta: (item) => text(item.bonus),
    hidden: ['id'],
    fields: { terms: { editor: 'textarea' }, imageUrl: { label: 'Image URL' }, alt: { label: 'Alt text' } },
  },
  {
    ...named('news-items'),
    calls: () => import('@hurryup/contracts/daily-news').then((c) => c.newsItemAdminCalls),
    titleField: 'text',
    meta: (item) => `Until ${text(item.validity)} · number ${text(item.id)}`,
    order: ['text', 'validity', 'id'],
    fields: {
      id: { label: 'Number', help: 'The home lists the highest first' },
      text: { editor: 'textarea' },
      validity: { label: 'Shown until', help: 'YYYY-MM-DD, India time' },
      flink: { label: 'Target link' },
      alink: { label: 'Ad link' },
      link: { label: 'Further link' },
    },
  },
  {
    ...named('holidays'),
    calls: () => import('@hurryup/contracts/daily-news').then((c) => c.holidayAdminCalls),
    titleField: 'occasion',
    meta: (item) => text(item.date),
    fields: { date: { help: 'YYYY-MM-DD' }, description: { editor: 'textarea' } },
  },
  {
    ...named('rains'),
    calls: () => import('@hurryup/contracts/daily-news').then((c) => c.rainAdminCalls),
    titleField: 'name',
    meta: (item) => text(item.date),
    fields: { date: { help: 'YYYY-MM-DD' }, description: { editor: 'textarea' } },
  },
  {
    ...named('quiz-questions'),
    calls: () => import('@hurryup/contracts/quiz').then((c) => c.quizAdminCalls),
    titleField: 'text',
    meta: (item) => text(item.topic),
    order: ['topic', 'text', 'code', 'options', 'correctAnswer', 'description'],
    hidden: ['id'],
    fields: {
      text: { label: 'Question', editor: 'textarea' },
      code: { editor: 'textarea' },
      options: { help: 'One option a line' },
      correctAnswer: {
        label: 'Correct answers',
        editor: 'lines',
        help: 'Their letters, one a line (A, B, …)',
      },
      description: { label: 'Explanation', editor: 'textarea' },
      verify: { label: 'How it is verified', help: 'JSON; leave empty when unverified' },
    },
  },
  {
    ...named('market-events'),
    calls: () => import('@hurryup/contracts/market').then((c) => c.marketEventAdminCalls),
    titleField: 'event',
    meta: (item) =>
      [text(item.date), text(item.kind), item.scheduled === false ? 'unscheduled' : 'scheduled'].join(' · '),
    order: ['date', 'kind', 'event', 'impact', 'scheduled'],
    fields: {
      date: { help: 'YYYY-MM-DD' },
      scheduled: {
        label: 'On the published calendar',
        help: 'Untick for an unscheduled or off-cycle action: the studies never enter it before the day.',
      },
    },
    defaults: () => ({ scheduled: true }),
  },
  {
    ...named('nifty-lot-sizes'),
    calls: () => import('@hurryup/contracts/market').then((c) => c.niftyLotSizeAdminCalls),
    titleField: 'from',
    meta: (item) =>
      [
        `Lot ${text(item.lotSize)}`,
        lotBasisLabels[text(item.basis)] ?? text(item.basis),
        item.until ? `until ${text(item.until)}` : 'until a later row',
        text(item.circular),
      ].join(' · '),
    order: ['from', 'basis', 'lotSize', 'circular', 'until'],
    fields: {
      from: { label: 'From date', help: 'YYYY-MM-DD: the date the circular names' },
      basis: { label: 'Applies to', optionLabels: lotBasisLabels },
      lotSize: { label: 'Lot size', help: 'Units of NIFTY in one lot' },
      circular: {
        label: 'Circular',
        help: 'The NSE circular with its number and date, e.g. "NSE/FAOP/47856 (31 March 2021)", and what it says',
      },
      until: {
        label: 'Until',
        help: 'YYYY-MM-DD: the last expiry the circular is known to cover; empty: until a later row',
      },
    },
    defaults: () => ({ basis: 'expiring' }),
  },
  {
    ...named('nifty-expiry-weekdays'),
    calls: () => import('@hurryup/contracts/market').then((c) => c.niftyExpiryWeekdayAdminCalls),
    titleField: 'from',
    meta: (item) =>
      [
        weekdayLabels[text(item.weekday)] ?? text(item.weekday),
        item.until ? `until ${text(item.until)}` : 'until a later row',
        text(item.circular),
      ].join(' · '),
    order: ['from', 'weekday', 'circular', 'until'],
    fields: {
      from: {
        label: 'From date',
        help: 'YYYY-MM-DD: any day of the first week (Monday to Sunday) with the new weekday',
      },
      weekday: { label: 'Weekday', optionLabels: weekdayLabels },
      circular: {
        label: 'Circular',
        help: 'The NSE circular with its number and date, and what it says',
      },
      until: {
        label: 'Until',
        help: 'YYYY-MM-DD: the last expiry the circular is known to cover; empty: until a later row',
      },
    },
  },
];

export const contentKindByKey = (key: string | undefined) => contentKinds.find((kind) => kind.key === key);
