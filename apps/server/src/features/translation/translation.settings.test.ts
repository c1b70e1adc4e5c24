import { describe, expect, it } from 'vitest';
import { featureSettings } from '../../../test/feature-settings.ts';
import { loadConfig } from '../../shared/config.ts';
import { translationFeature } from './translation.feature.ts';

const { of: settingsOf, problemsOf, described, secretNames } = featureSettings(translationFeature);

describe("translation's settings", () => {
  it('tries MyMemory by default, whatever NODE_ENV says, and reads the services named in order', () => {
    expect(settingsOf({})).toEqual({
      services: ['mymemory'],
      myMemory: { baseUrl: 'https://api.mymemory.translated.net', email: undefined },
      libreTranslate: { baseUrl: undefined, apiKey: undefined, maxChars: 5000 },
      google: { baseUrl: 'https://translation.googleapis.com', apiKey: undefined },
      timeoutMs: 10_000,
      deadlineMs: 45_000,
      requestsPerMinute: 120,
      visitorRequestsPerMinute: 60,
    });
    expect(settingsOf({ NODE_ENV: 'test' }).services).toEqual(['mymemory']);
    expect(settingsOf({ TRANSLATION_SERVICES: 'none' }).services).toEqual([]);
    const chosen = settingsOf({
      TRANSLATION_SERVICES: 'Google, libretranslate',
      LIBRETRANSLATE_URL: 'http://127.0.0.1:5000',
      LIBRETRANSLATE_API_KEY: 'libre-key',
      GOOGLE_TRANSLATE_API_KEY: 'google-key',
      TRANSLATION_TIMEOUT_MS: '2000',
    });
    expect(chosen.services).toEqual(['google', 'libretranslate']);
    expect(chosen.libreTranslate).toMatchObject({ baseUrl: 'http://127.0.0.1:5000', apiKey: 'libre-key' });
    expect(chosen.google.apiKey).toBe('google-key');
    expect(chosen.timeoutMs).toBe(2000);
  });

  it('refuses bad values in plain words, never echoing a key', () => {
    const problems = problemsOf({
      TRANSLATION_SERVICES: 'mymemory,deepl',
      MYMEMORY_URL: 'mymemory',
      TRANSLATION_DEADLINE_MS: '50',
      TRANSLATION_REQUESTS_PER_MINUTE: '0',
    });
    expect(problems).toContainEqual(
      'TRANSLATION_SERVICES.1: TRANSLATION_SERVICES lists services among mymemory, libretranslate, google (or none) (got "mymemory,deepl")',
    );
    expect(problems).toContainEqual(
      'MYMEMORY_URL: MYMEMORY_URL must be an absolute http(s) URL (got "mymemory")',
    );
    expect(problems).toContainEqual(
      'TRANSLATION_DEADLINE_MS: TRANSLATION_DEADLINE_MS must be at least 100 (got "50")',
    );
    expect(problems).toContainEqual(
      'TRANSLATION_REQUESTS_PER_MINUTE: TRANSLATION_REQUESTS_PER_MINUTE must be at least 1 (got "0")',
    );
    expect(
      problemsOf({ TRANSLATION_SERVICES: 'libretranslate,google', LIBRETRANSLATE_API_KEY: 'libre-secret' }),
    ).toEqual([
      'LIBRETRANSLATE_URL: LIBRETRANSLATE_URL is required when TRANSLATION_SERVICES lists libretranslate',
      'GOOGLE_TRANSLATE_API_KEY: GOOGLE_TRANSLATE_API_KEY is required when TRANSLATION_SERVICES lists google',
    ]);
  });

  it('marks both API keys as secrets: described as such, and never shown in effect', () => {
    expect(described().filter(({ doc }) => !doc?.description)).toEqual([]);
    expect(secretNames()).toEqual(['LIBRETRANSLATE_API_KEY', 'GOOGLE_TRANSLATE_API_KEY']);
    // And only they are treated as secrets.
    expect(
      described()
        .filter(({ secret }) => secret)
        .map(({ name }) => name),
    ).toEqual(['LIBRETRANSLATE_API_KEY', 'GOOGLE_TRANSLATE_API_KEY']);
    const shown = loadConfig(
      { LIBRETRANSLATE_API_KEY: 'libre-secret', GOOGLE_TRANSLATE_API_KEY: 'google-secret' },
      [translationFeature],
    ).settingsInEffect;
    expect(JSON.stringify(shown)).not.toMatch(/libre-secret|google-secret/);
  });
});
