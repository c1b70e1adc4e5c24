import { createContext, useContext } from 'react';

/**
 * The site's stylesheet as the server inlines it: its text, and the nonce the page's policy allows it by
 * (none on a page of the page cache, whose policy names the stylesheet's hash instead).
 */
export interface InlineStyles {
  css: string;
  nonce?: string | undefined;
}

/** Given by the server's entry around the whole page; never in the browser. */
export const SiteStylesContext = createContext<InlineStyles | undefined>(undefined);

const elementId = 'site-styles';

/**
 * The whole stylesheet inline in the head, so a page paints as soon as its HTML arrives instead of
 * waiting for a stylesheet request (docs/decisions/0016-one-inlined-stylesheet.md). In the browser the
 * text is taken from the element the server sent, so hydration finds exactly what it renders (React writes a
 * style element's text as it is, escaping nothing but an end tag); during
 * development Vite injects the styles itself and there is no such element.
 *
 * In the browser it keeps the nonce the server gave that element: when the root's error boundary replaces
 * the page, React Router mounts the root layout anew and React creates this element again, which the page's
 * policy refuses without the nonce (the page would lose all its styles). A page of the page cache has none,
 * and its policy allows the same text again by its hash.
 */
export function SiteStyles() {
  const fromServer = useContext(SiteStylesContext);
  if (fromServer)
    return (
      <style id={elementId} nonce={fromServer.nonce}>
        {fromServer.css}
      </style>
    );
  const sent = typeof document === 'undefined' ? null : document.getElementById(elementId);
  if (!sent) return null;
  // The attribute reads as empty once the page has loaded (browsers hide a nonce from scripts); the
  // element's property keeps it. A new element made while this one is still in the page takes it over.
  return (
    <style id={elementId} nonce={(sent as HTMLStyleElement).nonce}>
      {sent.textContent}
    </style>
  );
}
