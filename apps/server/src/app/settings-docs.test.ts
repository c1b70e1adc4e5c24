import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describedSettings } from '../shared/config.ts';
import { features } from './features.ts';
import { settingsTable, withSettingsTable } from './settings-docs.ts';
import { loadSiteConfig } from './site-config.ts';

const operations = path.resolve(import.meta.dirname, '../../../../docs/operations.md');

describe("docs/operations.md's settings table", () => {
  it('is current: generated from the schemas of the site and every feature (npm run docs:settings)', () => {
    const document = fs.readFileSync(operations, 'utf8');
    expect(withSettingsTable(document), 'run npm run docs:settings').toBe(document);
  });

  it('has a row for every setting, each under the feature that defines it', () => {
    const table = settingsTable();
    const described = describedSettings(features);
    expect(described.length).toBeGreaterThan(60);
    for (const { name, owner } of described)
      expect(table, name).toMatch(new RegExp(`^\\| \`${name}\` \\|.*\\| ${owner} \\|$`, 'm'));
    // Feeds live with the feature that reads them, backups with theirs.
    expect(table).toMatch(/^\| `NEWS_FEED_URLS` \|.*\| market-news \|$/m);
    expect(table).toMatch(/^\| `BACKUP_KEEP` \| `7` \|.*\| backup \|$/m);
  });

  it('marks every secret, in the table and for redaction', () => {
    const secrets = describedSettings(features)
      .filter(({ secret }) => secret)
      .map(({ name }) => name)
      .sort();
    expect(secrets).toEqual(
      [
        'ADMIN_TOKEN',
        'DATABASE_URL',
        'GOOGLE_TRANSLATE_API_KEY',
        'LIBRETRANSLATE_API_KEY',
        'METRICS_TOKEN',
        'REDIS_URL',
        'SMTP_URL',
        'WHATSAPP_TOKEN',
        'YOUTUBE_API_KEY',
      ].sort(),
    );
    expect(settingsTable()).toMatch(
      /^\| `SMTP_URL` \|.*; \*\*a secret\*\*: never logged or shown \| site \|$/m,
    );
  });

  it('shows settings in effect without secrets, nor the password of any URL', () => {
    const config = loadSiteConfig({
      SMTP_URL: 'smtp://desk:hunter2-secret@mail.example.in:587',
      LIBRETRANSLATE_URL: 'https://me:another-secret@translate.example.in',
      GOOGLE_TRANSLATE_API_KEY: 'AIzaGoogleSecretKey0123456789',
      SITE_NAME: 'Shown Site',
    });
    const shown = JSON.stringify(config.settingsInEffect);
    expect(shown).not.toContain('hunter2-secret');
    expect(shown).not.toContain('another-secret');
    expect(shown).not.toContain('AIzaGoogleSecretKey0123456789');
    const row = (name: string) => config.settingsInEffect.find((setting) => setting.name === name);
    expect(row('LIBRETRANSLATE_URL')).toMatchObject({
      owner: 'translation',
      value: 'https://***@translate.example.in',
    });
    expect(row('GOOGLE_TRANSLATE_API_KEY')).toMatchObject({ state: 'set', value: null, secret: true });
    expect(row('SITE_NAME')).toMatchObject({ value: 'Shown Site' });
  });
});
