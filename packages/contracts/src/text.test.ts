import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDateInputSchema } from './dates.ts';
import { wholeNumberText } from './numbers.ts';
import { sitePathOrUrlSchema } from './site-path.ts';
import { cleanText, isBlankText, requiredText } from './text.ts';

describe('cleanText', () => {
  it('refuses NUL and lone surrogates, keeps real characters', () => {
    const text = cleanText();
    expect(text.safeParse('a\0b').success).toBe(false);
    expect(text.safeParse('a\ud800b').success).toBe(false);
    expect(text.safeParse('\udc00').success).toBe(false);
    expect(text.parse('हिंदी 😀 \ufffd')).toBe('हिंदी 😀 \ufffd');
  });
});

describe('requiredText', () => {
  const title = requiredText('Title is required.', { length: 10, message: 'Too long.' });
  it('counts invisible characters as blank', () => {
    for (const blank of ['', '   ', '\u200b\u200e\u202e', '\u3164', '\u2800', '\ufeff\u00a0', '\u2028']) {
      expect(isBlankText(blank), JSON.stringify(blank)).toBe(true);
      expect(title.safeParse(blank).error?.issues[0]?.message).toBe('Title is required.');
    }
  });
  it('accepts visible text, invisible characters included', () => {
    expect(title.parse(' a\u200bb ')).toBe('a\u200bb');
    expect(isBlankText('क')).toBe(false);
  });
});

describe('isoDateInputSchema', () => {
  it('takes dates from 1990-01-01 to one day after now', () => {
    expect(isoDateInputSchema.parse('1990-01-01')).toBe('1990-01-01T00:00:00.000Z');
    expect(isoDateInputSchema.parse(new Date().toISOString().slice(0, 10))).toMatch(/^\d{4}/);
    for (const bad of ['0000-01-01', '1989-12-31', '9999-12-31', '2025-02-30']) {
      expect(isoDateInputSchema.safeParse(bad).success, bad).toBe(false);
    }
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect(isoDateInputSchema.safeParse(inTwoDays).error?.issues[0]?.message).toBe(
      'The date must be between 1990-01-01 and tomorrow.',
    );
  });
});

describe('sitePathOrUrlSchema', () => {
  it('takes a site path or an http(s) URL only', () => {
    for (const good of ['/content/images/a.png', '/', 'https://cdn.example/a.png', 'http://x.example']) {
      expect(sitePathOrUrlSchema.safeParse(good).success, good).toBe(true);
    }
    for (const bad of [
      '//evil.example/a.png',
      '/\\evil.example/a.png',
      '/a\\b.png',
      'javascript:alert(1)',
      'https:///evil',
      'a.png',
      '/a b.png',
      '/a\u0007.png',
    ]) {
      expect(sitePathOrUrlSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('wholeNumberText', () => {
  it('takes plain decimal digits only', () => {
    const id = wholeNumberText('id', { min: 1 });
    expect(id.parse('31')).toBe(31);
    for (const bad of ['0x1f', '  1', '1e3', '+1', '-1', '1.0', '', '0', '99999999999']) {
      expect(id.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('requiredText in a form', () => {
  const form = z
    .object({
      title: requiredText('Title is required.', { length: 10, message: 'Too long.' }),
      body: z.string(),
    })
    .refine((value) => value.body !== '', { message: 'A body is required.', path: ['body'] });

  it('says an empty value is required once, and lets the form say its other problems too', () => {
    const result = form.safeParse({ title: '', body: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Title is required.',
      'A body is required.',
    ]);
  });

  it('says it of text that only looks empty', () => {
    expect(form.safeParse({ title: '\u200b', body: 'x' }).error?.issues.map((i) => i.message)).toEqual([
      'Title is required.',
    ]);
  });
});
