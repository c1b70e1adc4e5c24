import { describe, expect, it } from 'vitest';
import { pageInfo } from './paging.ts';

describe('pageInfo', () => {
  it('counts pages of 10 and clamps the requested page', () => {
    expect(pageInfo(null, 28)).toEqual({ page: 1, pages: 3, offset: 0, limit: 10 });
    expect(pageInfo('3', 28)).toEqual({ page: 3, pages: 3, offset: 20, limit: 10 });
    expect(pageInfo('9', 28).page).toBe(3);
    expect(pageInfo('0', 28).page).toBe(1);
    expect(pageInfo('abc', 28).page).toBe(1);
    expect(pageInfo('-2', 28).page).toBe(1);
    expect(pageInfo('2', 20)).toMatchObject({ page: 2, pages: 2 });
    expect(pageInfo('1', 0)).toEqual({ page: 1, pages: 1, offset: 0, limit: 10 });
  });
});
