import { RenderedBody } from '../../shared/RenderedBody.tsx';
import type { RenderedHtml } from '../../shared/rendered-html.ts';

/** A post's body, rendered on the server from its Markdown or its sections. */
export function PostBody({ html }: { html: RenderedHtml }) {
  return <RenderedBody html={html} className="post-body" />;
}
