import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock.ts';
import type { ShortenerRepository, ShortLinkRow } from './shortener.repository.ts';
import {
  type ClickCounter,
  createShortenerService,
  notInMemory,
  unknownCodeMemoryMs,
} from './shortener.service.ts';

/** The service on a repository that counts its reads. */
function serviceWithCountedReads() {
  const clock = new ManualClock(Date.UTC(2026, 10, 28, 6));
  const reads: string[] = [];
  const rows = new Map<string, ShortLinkRow>();
  const repository = {
    async find(code: string) {
      reads.push(code);
      return rows.get(code);
    },
  } as unknown as ShortenerRepository;
  const service = createShortenerService({
    repository,
    clicks: { count() {}, unsaved: () => 0 } as unknown as ClickCounter,
    clock,
    limit: {} as never,
    baseUrl: 'https://site.example',
    revisions: { current: () => 1, latestOf: () => 0 } as never,
    changed: async () => {},
    reportCounts: async () => new Map(),
  });
  return { service, reads, clock, rows };
}

describe('where a short code leads', () => {
  it('is read once for many who ask at once (a dead link scanned, a hot link whose memory ended)', async () => {
    const { service, reads } = serviceWithCountedReads();
    // All asked before the first read answers.
    const asked = Array.from({ length: 50 }, () => service.destination('deadLink'));
    expect(await Promise.all(asked)).toEqual(Array(50).fill(undefined));
    expect(reads).toEqual(['deadLink']);
  });

  it('is known from memory, without a read, only while memory can say so', async () => {
    const { service, reads, clock, rows } = serviceWithCountedReads();
    expect(service.destinationInMemory('someLink')).toBe(notInMemory);
    expect(await service.destination('someLink')).toBeUndefined();
    // Unknown, and remembered so for a second.
    expect(service.destinationInMemory('someLink')).toBeUndefined();
    clock.advance(unknownCodeMemoryMs);
    expect(service.destinationInMemory('someLink')).toBe(notInMemory);
    rows.set('someLink', {
      code: 'someLink',
      long_url: 'https://example.com/some',
      created_at: '2026-11-28T06:00:00Z',
      clicks: 0,
      disabled_at: null,
      deleted: 0,
    } as ShortLinkRow);
    expect(await service.destination('someLink')).toBe('https://example.com/some');
    expect(service.destinationInMemory('someLink')).toBe('https://example.com/some');
    expect(reads).toEqual(['someLink', 'someLink']);
  });
});
