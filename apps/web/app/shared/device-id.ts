const key = 'device_id';

/**
 * A random id kept in local storage under `device_id` (tools-and-trading.md section 3), sent with audio
 * requests. Throws when the browser has no secure random generator.
 */
export function deviceId(): string {
  const existing = safeStorage()?.getItem(key);
  if (existing) return existing;
  const id = randomUuid();
  safeStorage()?.setItem(key, id);
  return id;
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Private modes can refuse storage; the id then lasts for this page only.
    return undefined;
  }
}

/** A version 4 UUID from the browser's secure random source (randomUUID needs HTTPS; getRandomValues does not). */
function randomUuid(): string {
  if (typeof crypto === 'undefined') throw new Error('This browser cannot generate a secure device id.');
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  if (typeof crypto.getRandomValues !== 'function')
    throw new Error('This browser cannot generate a secure device id.');
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
