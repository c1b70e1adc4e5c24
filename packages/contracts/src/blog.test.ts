import { describe, expect, it } from 'vitest';
import { blogInputSchema, compareBlogs } from './blog.ts';

describe('compareBlogs', () => {
  it('puts blogs with an order first, highest first, then the rest newest first', () => {
    const blogs = [
      { id: 1, createdAt: '2025-01-01T00:00:00.000Z' },
      { id: 2, createdAt: '2025-03-01T00:00:00.000Z', order: 1 },
      { id: 3, createdAt: '2025-06-01T00:00:00.000Z' },
      { id: 4, createdAt: '2024-01-01T00:00:00.000Z', order: 5 },
      { id: 5, createdAt: '2025-02-01T00:00:00.000Z', order: 0 },
    ];
    expect(blogs.sort(compareBlogs).map((b) => b.id)).toEqual([4, 2, 5, 3, 1]);
  });

  it('breaks ties by date, then by id', () => {
    const blogs = [
      { id: 1, createdAt: '2025-01-01T00:00:00.000Z', order: 2 },
      { id: 2, createdAt: '2025-01-02T00:00:00.000Z', order: 2 },
      { id: 3, createdAt: '2025-01-02T00:00:00.000Z', order: 2 },
    ];
    expect(blogs.sort(compareBlogs).map((b) => b.id)).toEqual([3, 2, 1]);
  });
});

describe('blogInputSchema', () => {
  const valid = { title: ' Hello ', content: 'Line one\nLine two', author: 'Asha', createdAt: '2025-02-28' };

  it('normalises the date and trims the title', () => {
    expect(blogInputSchema.parse(valid)).toEqual({
      title: 'Hello',
      content: 'Line one\nLine two',
      author: 'Asha',
      createdAt: '2025-02-28T00:00:00.000Z',
    });
  });

  it('rejects dates that do not exist and other bad values, per field', () => {
    const result = blogInputSchema.safeParse({
      ...valid,
      title: '',
      createdAt: '2025-02-30',
      order: 1.5,
      extra: 1,
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries(
      result.error!.issues.map((i) => [i.path.join('.') || i.code, i.message]),
    );
    expect(byField.title).toBe('Title is required.');
    expect(byField.createdAt).toBe('This date does not exist.');
    expect(byField.order).toBe('Order must be a whole number.');
    expect(result.error!.issues.some((i) => i.code === 'unrecognized_keys')).toBe(true);
  });
});

describe('dates', () => {
  it('refuses impossible times and dates before 1990 (years before 100 included)', () => {
    const base = { title: 'T', content: 'C', author: 'A' };
    expect(blogInputSchema.safeParse({ ...base, createdAt: '2025-01-01T25:61Z' }).success).toBe(false);
    expect(
      blogInputSchema.safeParse({ ...base, createdAt: '2025-01-01T23:59:59+05:30' }).data?.createdAt,
    ).toBe('2025-01-01T18:29:59.000Z');
    expect(blogInputSchema.safeParse({ ...base, createdAt: '0050-01-01' }).error?.issues[0]?.message).toBe(
      'The date must be between 1990-01-01 and tomorrow.',
    );
  });
});
