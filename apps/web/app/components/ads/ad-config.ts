/**
 * Ad placements. Their sizes are fixed in CSS (app.css, `.ad-slot--*`): the banner is 160×300, or 300×300 on
 * mobile (window width under 768 px), as content-and-shell.md section 9 and tools-and-trading.md section 9
 * say. The space is reserved whether or not an ad arrives, so the page never moves.
 */
export type AdPlacementName = 'banner' | 'inline';
