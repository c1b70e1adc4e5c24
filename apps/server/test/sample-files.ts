/** Small files whose bytes are of a known type, for upload tests (their names say nothing). */
export const sampleFiles: Record<string, Buffer> = {
  // A 1×1 PNG.
  'image/png': Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  'image/jpeg': Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'),
    Buffer.from([0xff, 0xd9]),
  ]),
  'application/pdf': Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  ),
  'text/plain': Buffer.from('Plain notes, ताज़ा हिंदी text, and a second line.\n', 'utf8'),
};

/** `sample` grown to `size` bytes (its signature first, then filler of the same kind). */
export function sampleOfSize(type: string, size: number): Buffer {
  const sample = sampleFiles[type]!;
  if (size <= sample.length) return sample.subarray(0, size);
  return Buffer.concat([sample, Buffer.alloc(size - sample.length, type === 'text/plain' ? 'a' : 0x20)]);
}
