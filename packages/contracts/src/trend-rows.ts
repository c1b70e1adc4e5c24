/* The Trending Now page's rows-per-page choice, free of zod so the page carries it without the schemas. */

/** How many trending items the text holds: the page's rows-per-page choice (decisions.md section 1). */
export const trendRowsOptions = [20, 30, 50] as const;
export type TrendRows = (typeof trendRowsOptions)[number];
export const trendRowsDefault: TrendRows = 20;
