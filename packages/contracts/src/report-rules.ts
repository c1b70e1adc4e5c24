/*
 * What pages need of visitor reports at first render, without zod (reports.ts has the schemas): the kinds
 * of item a visitor can report, the per-visitor limit and the words the Report link shows.
 */

/** What can be reported: a comment (by its id) or a short link (by its code). */
export const reportKinds = ['comment', 'short-link'] as const;
export type ReportKind = (typeof reportKinds)[number];

/** Reports a visitor may send in `reportsWindowMinutes` (the `reports.per-visitor` limit). */
export const reportsPerWindow = 10;
export const reportsWindowMinutes = 60;

export const reportMessages = {
  /** The visitor's confirmation, in words, once the report is stored. */
  sent: 'Thank you. The site’s team will look at your report.',
  tooMany: 'You have sent many reports in a short time. Please try again later.',
  commentNotFound: 'This comment no longer exists.',
  shortLinkNotFound: 'There is no short link with this code.',
  kind: 'kind must be "comment" or "short-link".',
  id: 'id must be the number of a comment.',
  code: 'code must be a short link’s code.',
} as const;

/** The two states of a reported item's reports: waiting for the operator, or closed by them. */
export const reportStatuses = ['open', 'closed'] as const;
export type ReportStatus = (typeof reportStatuses)[number];
