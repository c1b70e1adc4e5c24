/**
 * HTML that @hurryup/markdown wrote on the server from a parsed tree (escaped text, a fixed list of elements,
 * checked addresses; decision 0041): the one kind of text a page may set as inner HTML. The renderer itself
 * never ships to the browser: pages get this from their loaders.
 */
export type RenderedHtml = string & { readonly __safeHtml: true };
