import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      publicBaseUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      adminToken: undefined,
      siteName: 'Hurry Up',
      logLevel: 'info',
      ads: { clientId: undefined, slots: {} },
      analyticsId: undefined,
      idleTimeoutMs: 30_000,
      requestTimeoutMs: 300_000,
      adminFailureLimit: 10,
      adminRateLimit: 300,
    });
  });

  it('refuses timeouts and admin limits that would switch the protection off', () => {
    const problems = problemsOf({
      IDLE_TIMEOUT_MS: '0',
      REQUEST_TIMEOUT_MS: 'soon',
      ADMIN_FAILURE_LIMIT: '0',
      ADMIN_RATE_LIMIT: '-5',
    });
    expect(problems.map((p) => p.split(':')[0])).toEqual([
      'IDLE_TIMEOUT_MS',
      'REQUEST_TIMEOUT_MS',
      'ADMIN_FAILURE_LIMIT',
      'ADMIN_RATE_LIMIT',
    ]);
  });

  it('derives the public URL from the port and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://hurryup.example.in/' }).publicBaseUrl).toBe(
      'https://hurryup.example.in',
    );
  });

  it('names each bad variable and the value it got', () => {
    const problems = problemsOf({ PORT: 'eighty', LOG_LEVEL: 'loud', PUBLIC_BASE_URL: 'ftp://x' });
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith('PORT:'))).toContain('"eighty"');
    expect(problems.find((p) => p.startsWith('LOG_LEVEL:'))).toContain('"loud"');
    expect(problems.find((p) => p.startsWith('PUBLIC_BASE_URL:'))).toContain('absolute http(s) URL');
  });

  it('never echoes secrets in its messages', () => {
    const problems = problemsOf({ ADMIN_TOKEN: 'short-secret', DATABASE_URL: 'mysql://user:pw@host/db' });
    expect(problems.join('\n')).not.toContain('short-secret');
    expect(problems.join('\n')).not.toContain('pw@host');
    expect(problems.find((p) => p.startsWith('ADMIN_TOKEN:'))).toContain('at least 16 characters');
    expect(problems.find((p) => p.startsWith('DATABASE_URL:'))).toContain('postgres://');
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', ADMIN_TOKEN: '', ANALYTICS_ID: '' })).toMatchObject({
      databaseUrl: undefined,
      adminToken: undefined,
      analyticsId: undefined,
    });
  });

  it('reads ad slots per placement', () => {
    const config = loadConfig({ ADS_CLIENT_ID: 'ca-pub-1234567890', ADS_SLOTS: 'banner=111,inline=222' });
    expect(config.ads).toEqual({ clientId: 'ca-pub-1234567890', slots: { banner: '111', inline: '222' } });
    expect(problemsOf({ ADS_SLOTS: 'sidebar=1' })[0]).toMatch(/^ADS_SLOTS:/);
  });

  it('refuses private and loopback addresses for outgoing calls unless explicitly allowed', () => {
    expect(loadConfig({}).outgoing.allowPrivateAddresses).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).outgoing.allowPrivateAddresses).toBe(false);
    expect(loadConfig({ OUTGOING_ALLOW_PRIVATE_ADDRESSES: 'true' }).outgoing.allowPrivateAddresses).toBe(
      true,
    );
    expect(() => loadConfig({ OUTGOING_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toThrow(
      /OUTGOING_ALLOW_PRIVATE_ADDRESSES/,
    );
  });
});
