import { describe, expect, it } from 'vitest';
import { textFileName } from './text-extract-rules.ts';

describe('textFileName', () => {
  it('names the text file after the PDF', () => {
    expect(textFileName('Annual Report 2025.pdf')).toBe('Annual Report 2025.txt');
    expect(textFileName('notes.PDF')).toBe('notes.txt');
    expect(textFileName('समाचार.pdf')).toBe('समाचार.txt');
    expect(textFileName('scan')).toBe('scan.txt');
  });

  it('keeps only the last part of a path and drops quotes and control characters', () => {
    expect(textFileName('C:\\Users\\asha\\bill.pdf')).toBe('bill.txt');
    expect(textFileName('../../etc/"odd"\u0007name.pdf')).toBe('oddname.txt');
  });

  it("falls back to 'document.txt' for a name with nothing left", () => {
    expect(textFileName('')).toBe('document.txt');
    expect(textFileName('.pdf')).toBe('document.txt');
    expect(textFileName('  ')).toBe('document.txt');
  });
});
