/** Structured data for search engines. `<` is escaped so the text cannot close the script element. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with '<' escaped; not executed (data block)
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
