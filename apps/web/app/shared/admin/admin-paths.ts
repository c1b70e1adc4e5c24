/**
 * The operator console's screens, in the order its navigation lists them. Every console page links to these;
 * one list so a screen is never missing from the menu. Console pages are never cached, never indexed, and
 * their JavaScript never loads on a public page.
 */
export const adminScreens = [
  { path: '/admin', label: 'Overview' },
  { path: '/admin/content', label: 'Content' },
  { path: '/admin/comments', label: 'Comments' },
  { path: '/admin/reports', label: 'Reports' },
  { path: '/admin/short-links', label: 'Short links' },
  { path: '/admin/inbox', label: 'Inbox' },
  { path: '/admin/status', label: 'Status' },
  { path: '/admin/activity', label: 'Activity' },
] as const;
