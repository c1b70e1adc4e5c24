/**
 * Ad placements (decisions.md section 7): a banner (160×300 from 768 px wide, 300×300 below) and an inline
 * unit (300×250) between sections. The setting ADS_SLOTS names a slot id per placement.
 */
export const adPlacements = ['banner', 'inline'] as const;
export type AdPlacement = (typeof adPlacements)[number];
