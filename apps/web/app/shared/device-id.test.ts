import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceId } from './device-id.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('deviceId', () => {
  it('creates a UUID once and keeps it under device_id', () => {
    const id = deviceId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(localStorage.getItem('device_id')).toBe(id);
    expect(deviceId()).toBe(id);
  });

  it('uses getRandomValues where randomUUID is missing (plain HTTP)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array) => a.fill(0xab) });
    expect(deviceId()).toBe('abababab-abab-4bab-abab-abababababab');
  });

  it('fails without a secure random source', () => {
    vi.stubGlobal('crypto', {});
    expect(() => deviceId()).toThrow('This browser cannot generate a secure device id.');
  });
});
