import type { RenderedHtml } from './rendered-html.ts';

/**
 * A body the server rendered from Markdown (post, blog, the console's preview): the one place a page sets
 * inner HTML, and only `RenderedHtml` (decision 0041). Its elements are styled by rendered-body.css.
 */
export function RenderedBody({ html, className }: { html: RenderedHtml; className?: string }) {
  return (
    <div
      className={className ? `rendered-body ${className}` : 'rendered-body'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: RenderedHtml is written by the server's renderer from a parsed tree, every text escaped
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
