import { describe, expect, it } from 'vitest';
import { compressFileProblem, levelPercent, readableSize, savingPercent } from './compress-rules.ts';

describe('the image compressor rules', () => {
  it('shows the level as a percentage', () => {
    expect(levelPercent(0.5)).toBe('50%');
    expect(levelPercent(0)).toBe('0%');
    expect(levelPercent(1)).toBe('100%');
    expect(levelPercent(0.07)).toBe('7%');
  });

  it('writes sizes for people', () => {
    expect(readableSize(512)).toBe('512 B');
    expect(readableSize(2048)).toBe('2.0 KB');
    expect(readableSize(3 * 1024 * 1024 + 512 * 1024)).toBe('3.50 MB');
  });

  it('gives the saving as a whole percentage, never below zero', () => {
    expect(savingPercent(1000, 250)).toBe(75);
    expect(savingPercent(1000, 1000)).toBe(0);
    expect(savingPercent(1000, 1200)).toBe(0);
    expect(savingPercent(0, 0)).toBe(0);
  });

  it("refuses what the library refuses, with the library's messages", () => {
    expect(compressFileProblem(undefined)).toBe('Please upload an image first.');
    expect(compressFileProblem('photo.jpg')).toBe('The file given is not an instance of Blob or File');
    expect(compressFileProblem(new Blob(['x'], { type: 'text/plain' }))).toBe(
      'The file given is not an image',
    );
    expect(compressFileProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeUndefined();
  });
});
