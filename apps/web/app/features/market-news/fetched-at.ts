/** When a feed was last fetched, in India time, e.g. '20 Nov 2026, 4:05 pm IST'. */
export function formatFetchedAt(iso: string): string {
  const text = new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));
  return `${text} IST`;
}
