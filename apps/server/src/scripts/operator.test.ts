import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConfiguredDatabase } from '../db/database.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OperatorTables } from '../features/operators/operators.tables.ts';
import { verifyPassword } from '../features/operators/passwords.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hurryup-operators-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run operator:<command>` as the site would (the script itself), to its exit. */
function operator(args: string[], env: Record<string, string> = {}, input?: string) {
  return spawnSync(process.execPath, ['apps/server/src/scripts/operator.ts', ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    ...(input === undefined ? {} : { input }),
  });
}

async function storedHash(email: string) {
  const database = openConfiguredDatabase({ dataDir });
  try {
    const row = await tablesOf<OperatorTables>(database.db)
      .selectFrom('operators')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirst();
    return row?.password_hash;
  } finally {
    await database.close();
  }
}

describe('npm run operator:add|list|remove', () => {
  it('adds an operator with the password from OPERATOR_PASSWORD, hashed with scrypt', async () => {
    const added = operator(['add', 'Desk@HurryUp.example'], { OPERATOR_PASSWORD: 'a long passphrase' });
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toContain('Added operator desk@hurryup.example.');
    const hash = await storedHash('desk@hurryup.example');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(hash).not.toContain('a long passphrase');
    expect(await verifyPassword('a long passphrase', hash!)).toBe(true);
    expect(await verifyPassword('a long passphrasE', hash!)).toBe(false);
  });

  it('refuses a password under 12 characters, a bad email and a taken email, with a message', () => {
    const short = operator(['add', 'short@hurryup.example'], { OPERATOR_PASSWORD: 'elevenchars' });
    expect(short.status).toBe(1);
    expect(short.stderr.trim()).toBe('A password needs at least 12 characters.');
    const bad = operator(['add', 'not-an-email'], { OPERATOR_PASSWORD: 'a long passphrase' });
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim()).toBe('"not-an-email" is not an email address.');
    const taken = operator(['add', 'desk@hurryup.example'], { OPERATOR_PASSWORD: 'another passphrase' });
    expect(taken.status).toBe(1);
    expect(taken.stderr.trim()).toBe('An operator with the email desk@hurryup.example exists already.');
  });

  it('reads the password from the input when OPERATOR_PASSWORD is unset', async () => {
    const added = operator(['add', 'night@hurryup.example'], {}, 'typed passphrase 1\n');
    expect(added.status, added.stderr).toBe(0);
    expect(await verifyPassword('typed passphrase 1', (await storedHash('night@hurryup.example'))!)).toBe(
      true,
    );
    const none = operator(['add', 'empty@hurryup.example'], {}, '');
    expect(none.status).toBe(1);
    expect(none.stderr.trim()).toBe('No password was given (set OPERATOR_PASSWORD or type it).');
  });

  it('lists and removes operators', () => {
    const list = operator(['list']);
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(
      /^desk@hurryup\.example\tadded \S+\t0 session\(s\)\nnight@hurryup\.example\t/,
    );
    const removed = operator(['remove', 'desk@hurryup.example']);
    expect(removed.status).toBe(0);
    expect(removed.stdout).toContain('Removed operator desk@hurryup.example');
    const again = operator(['remove', 'desk@hurryup.example']);
    expect(again.status).toBe(1);
    expect(again.stderr.trim()).toBe('There is no operator with the email desk@hurryup.example.');
    expect(operator(['list']).stdout).not.toContain('desk@');
    const usage = operator(['remove']);
    expect(usage.status).toBe(1);
    expect(usage.stderr).toContain('npm run operator:add -- <email>');
  });
});
