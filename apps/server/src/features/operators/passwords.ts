import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Operators' passwords, hashed with scrypt (memory-hard: N = 2^15, r = 8 takes 32 MiB and about 0.1 s a
 * hash, OWASP's minimum for scrypt), a 16-byte random salt each, kept with their parameters so they can be
 * raised later without breaking stored hashes.
 */
const current = { N: 2 ** 15, r: 8, p: 1 };
const keyLength = 32;

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }) {
  const settings: ScryptOptions = {
    ...options,
    maxmem: 128 * options.N * options.r * options.p + 16 * 1024 ** 2,
  };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyLength, settings, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, current);
  return ['scrypt', current.N, current.r, current.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const given = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return given.length === expected.length && timingSafeEqual(given, expected);
}

let unknown: Promise<string> | undefined;

/** Checked against when no operator has the email, so a wrong email costs as long as a wrong password. */
export function unknownOperatorHash(): Promise<string> {
  unknown ??= hashPassword(randomBytes(16).toString('hex'));
  return unknown;
}
