const key = 'device_id';

/**
 * A random id kept in local storage under `device_id` (tools-and-trading.md section 3), sent with audio
 * requests. Throws when the browser has no secure random generator.
 */
export function deviceId(): string {
  const existing = safeStorage()?.getItem(key);
  if (existing) return existing;
  if (typeof crypto === 'undefined' || typeof crypto.randomUUID !== 'function') {
    throw new Error('This browser cannot generate a secure device id.');
  }
  const id = crypto.randomUUID();
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
