/**
 * The analytics tag (Google Analytics 4), rendered into the head only when ANALYTICS_ID is set.
 * The inline bootstrap carries the page's CSP nonce; 'strict-dynamic' then trusts the tag it loads.
 */
export function AnalyticsTag({ id, nonce }: { id: string | undefined; nonce: string | undefined }) {
  if (!id) return null;
  const bootstrap = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${JSON.stringify(id)});`;
  return (
    <>
      <script
        async
        nonce={nonce}
        src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`}
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: fixed bootstrap; the id is validated at start and JSON-encoded */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: bootstrap }} />
    </>
  );
}
