/**
 * The console's kinds of content by name: what every console page may show without loading the kinds'
 * forms (content-kinds.ts has the rest of each kind). To add a kind: a line here, an entry there.
 */
export interface ContentKindName {
  /** The path segment: /admin/content/<key>. */
  key: string;
  /** 'Posts' */
  label: string;
  /** 'post', as in 'New post', 'Delete this post?' */
  singular: string;
  /** One line for the list of kinds. */
  note: string;
  /** The name its writes have in the activity log (its content kind on the server), when not `key`. */
  activityKind?: string;
}

export const contentKindNames: readonly ContentKindName[] = [
  { key: 'posts', label: 'Posts', singular: 'post', note: 'The user forum: English and Hindi bodies' },
  { key: 'blogs', label: 'Blog', singular: 'blog post', note: 'Articles on /blog' },
  { key: 'images', label: 'Images', singular: 'image', note: 'The picture gallery', activityKind: 'gallery' },
  { key: 'videos', label: 'Videos', singular: 'video', note: 'Video links with their thumbnails' },
  {
    key: 'webstories',
    label: 'Web stories',
    singular: 'web story',
    note: 'Stories of pages, each with a picture',
  },
  {
    key: 'devbit',
    label: 'DevBit images',
    singular: 'DevBit image',
    note: 'Developer tips, one picture each',
  },
  { key: 'offers', label: 'Offers', singular: 'offer', note: 'Deals on /offers' },
  { key: 'movers', label: 'Movers', singular: 'mover', note: 'Movers and shakers' },
  { key: 'referrals', label: 'Referrals', singular: 'referral', note: 'Referral codes and bonuses' },
  {
    key: 'news-items',
    label: 'Daily news',
    singular: 'news item',
    note: 'The home page’s news, shown until their date',
  },
  { key: 'holidays', label: 'Holidays', singular: 'holiday', note: 'The holiday calendar' },
  { key: 'rains', label: 'Rains', singular: 'rain record', note: 'Rain records on the home page' },
  {
    key: 'quiz-questions',
    label: 'Quiz questions',
    singular: 'quiz question',
    note: 'The Java test bank',
    activityKind: 'quiz',
  },
  {
    key: 'market-events',
    label: 'Market events',
    singular: 'market event',
    note: 'Market holidays, RBI, Fed and budget dates for the trading tools',
    activityKind: 'market',
  },
  {
    key: 'nifty-lot-sizes',
    label: 'NIFTY lot sizes',
    singular: 'lot-size row',
    note: 'NSE’s NIFTY lot of each period, with the circular it comes from',
  },
  {
    key: 'nifty-expiry-weekdays',
    label: 'NIFTY expiry weekdays',
    singular: 'expiry-weekday row',
    note: 'The weekday NIFTY options expire on, from each NSE circular',
  },
];

export const contentKindName = (key: string | undefined) => contentKindNames.find((kind) => kind.key === key);

/** The console's kind whose writes the activity log names `activityKind`. */
export const contentKindOfActivity = (activityKind: string) =>
  contentKindNames.find((kind) => (kind.activityKind ?? kind.key) === activityKind);
