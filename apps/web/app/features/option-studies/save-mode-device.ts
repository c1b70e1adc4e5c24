/**
 * The device id the signal view's save mode sends: the same `device_id` entry of local storage as
 * shared/device-id.ts (tools-and-trading.md section 3), read and, on a first visit, written here.
 *
 * Why not import shared/device-id.ts: with a second importer, the bundler moves that module out of the post
 * page's chunk into a chunk of its own, and the extra request's overhead takes /post over its 100 KB budget
 * (decision 0019). The lead may fold this back into shared/device-id.ts once the post page has room.
 */
const key = 'device_id';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Private modes can refuse storage; the id then lasts for this page only.
    return undefined;
  }
}

/** The id this device already has, if any: a device without one cannot have saved anything. */
export function existingDeviceId(): string | undefined {
  return storage()?.getItem(key) ?? undefined;
}

/** The device's id, made and kept on first use. */
export function saveModeDeviceId(): string {
  const existing = existingDeviceId();
  if (existing) return existing;
  if (typeof crypto === 'undefined' || typeof crypto.getRandomValues !== 'function')
    throw new Error('This browser cannot generate a secure device id.');
  // A version 4 UUID from the secure random source (randomUUID needs HTTPS; getRandomValues does not).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  storage()?.setItem(key, id);
  return id;
}
