/**
 * Fixed sizes per placement (content-and-shell.md section 9; tools-and-trading.md section 9):
 * the banner is 160×300, or 300×300 on mobile (window width under 768 px). The space is reserved
 * in CSS, so an ad arriving late (or never) does not move the page.
 */
export const adSizes = {
  banner: { desktop: { width: 160, height: 300 }, mobile: { width: 300, height: 300 } },
  inline: { desktop: { width: 300, height: 250 }, mobile: { width: 300, height: 250 } },
} as const;

export type AdPlacementName = keyof typeof adSizes;

export const mobileBreakpointPx = 768;
