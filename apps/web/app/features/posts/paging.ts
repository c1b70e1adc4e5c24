/** Forum page size (content-and-shell.md section 9). */
export const forumPageSize = 10;

/** The page to show for a requested page number: always between 1 and the last page. */
export function pageInfo(requested: string | null, total: number, pageSize = forumPageSize) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const asked = requested && /^\d+$/.test(requested) ? Number(requested) : 1;
  const page = Math.min(Math.max(asked, 1), pages);
  return { page, pages, offset: (page - 1) * pageSize, limit: pageSize };
}
