/** What a page says while a client-side navigation waits for its data (content-and-shell.md section 2). */
const loadingTexts: [RegExp, string][] = [
  [/^\/blog\/?$/, 'Loading blogs...'],
  [/^\/userforum\/?$/, 'Loading posts...'],
  [/^\/post(\/|$)/, 'Loading post...'],
  [/^\/(devbit|infopic)(\/|$)/, 'Loading images...'],
  [/^\/webstories\/?$/, 'Loading videos...'],
  [/^\/webstory\//, 'Loading web story...'],
  [/^\/daylow\/?$/, 'Loading stock data...'],
  [/^\/tradingViewData\/?$/, 'Loading trading data...'],
  [/^\/volat\/?$/, 'Loading...'],
  [/^\/breakout\/?$/, 'Loading alerts...'],
  [/^\/stocks\/?$/, 'Loading news...'],
  [/^\/trendingNow\/?$/, 'Loading trends...'],
  [/^\/captions\/?$/, 'Loading video titles...'],
];

export function loadingTextFor(pathname: string): string | undefined {
  return loadingTexts.find(([pattern]) => pattern.test(pathname))?.[1];
}
