/** An SVG document as an address an `<img>` or a download link can use (no script runs from it). */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The file name of a short link's QR code download. */
export const qrFileName = (code: string) => `qr-${code}.svg`;
