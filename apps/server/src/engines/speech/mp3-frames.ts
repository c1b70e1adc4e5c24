/**
 * Reads the frame headers of an MP3 (MPEG-1, 2 and 2.5 Layer III) from its first byte to its last, so a
 * file that does not parse end to end is caught before it is stored or served. An ID3v2 tag at the start is
 * skipped; an ID3v1 tag at the end is allowed.
 */

const bitratesKbps = {
  // MPEG-1 Layer III
  1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  // MPEG-2 and 2.5 Layer III
  2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
} as const;
const sampleRates = {
  3: [44_100, 48_000, 32_000], // MPEG-1
  2: [22_050, 24_000, 16_000], // MPEG-2
  0: [11_025, 12_000, 8_000], // MPEG-2.5
} as const;

export interface Mp3Summary {
  frames: number;
  sampleRate: number;
  /** Whole frames' playing time. */
  durationMs: number;
  bytes: number;
}

export class Mp3FormatError extends Error {}

export function readMp3Frames(bytes: Uint8Array): Mp3Summary {
  let at = 0;
  if (bytes.length >= 10 && bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) {
    // ID3v2: a 10-byte header, then a syncsafe size.
    const size =
      ((bytes[6]! & 0x7f) << 21) |
      ((bytes[7]! & 0x7f) << 14) |
      ((bytes[8]! & 0x7f) << 7) |
      (bytes[9]! & 0x7f);
    at = 10 + size;
  }
  let end = bytes.length;
  if (
    end - at >= 128 &&
    bytes[end - 128] === 0x54 &&
    bytes[end - 127] === 0x41 &&
    bytes[end - 126] === 0x47
  ) {
    end -= 128;
  }
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  while (at < end) {
    if (end - at < 4) throw new Mp3FormatError(`${end - at} stray bytes at offset ${at}`);
    const b1 = bytes[at + 1]!;
    const b2 = bytes[at + 2]!;
    if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Mp3FormatError(`no frame sync at offset ${at}`);
    const version = (b1 >> 3) & 0x03; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const layer = (b1 >> 1) & 0x03; // 1 = Layer III
    if (version === 1) throw new Mp3FormatError(`reserved MPEG version at offset ${at}`);
    if (layer !== 1) throw new Mp3FormatError(`not Layer III at offset ${at}`);
    const bitrateIndex = b2 >> 4;
    const rateIndex = (b2 >> 2) & 0x03;
    const padding = (b2 >> 1) & 0x01;
    if (bitrateIndex === 0 || bitrateIndex === 15) throw new Mp3FormatError(`bad bitrate at offset ${at}`);
    if (rateIndex === 3) throw new Mp3FormatError(`bad sample rate at offset ${at}`);
    const mpeg1 = version === 3;
    const kbps = bitratesKbps[mpeg1 ? 1 : 2][bitrateIndex]!;
    const rate = sampleRates[version as 3 | 2 | 0][rateIndex]!;
    if (sampleRate && rate !== sampleRate) throw new Mp3FormatError(`sample rate changes at offset ${at}`);
    sampleRate = rate;
    const samplesPerFrame = mpeg1 ? 1152 : 576;
    const length = Math.floor(((samplesPerFrame / 8) * kbps * 1000) / rate) + padding;
    if (at + length > end) throw new Mp3FormatError(`frame at offset ${at} runs past the end`);
    at += length;
    frames += 1;
    samples += samplesPerFrame;
  }
  if (frames === 0) throw new Mp3FormatError('no MP3 frames');
  return { frames, sampleRate, durationMs: Math.round((samples / sampleRate) * 1000), bytes: bytes.length };
}
