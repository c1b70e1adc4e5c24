import { describe, expect, it } from 'vitest';
import { featureSettings } from '../../../test/feature-settings.ts';
import { dictionaryFeature } from './dictionary.feature.ts';

const { of: settingsOf, problemsOf, described } = featureSettings(dictionaryFeature);

describe("the dictionary's settings", () => {
  it('answers from WordNet by default, or prefers the hosted dictionary given', () => {
    expect(settingsOf({})).toEqual({ apiUrl: undefined, apiTimeoutMs: 5000 });
    expect(settingsOf({ DICTIONARY_API_URL: '', DICTIONARY_API_TIMEOUT_MS: '' })).toEqual({
      apiUrl: undefined,
      apiTimeoutMs: 5000,
    });
    expect(
      settingsOf({ DICTIONARY_API_URL: 'https://api.dictionaryapi.dev', DICTIONARY_API_TIMEOUT_MS: '300' }),
    ).toEqual({ apiUrl: 'https://api.dictionaryapi.dev', apiTimeoutMs: 300 });
  });

  it('refuses an address that is not http(s) and a time limit out of range, in plain words', () => {
    expect(problemsOf({ DICTIONARY_API_URL: 'ftp://example.org', DICTIONARY_API_TIMEOUT_MS: '50' })).toEqual([
      'DICTIONARY_API_URL: DICTIONARY_API_URL must be an http(s) address, e.g. https://api.dictionaryapi.dev (got "ftp://example.org")',
      'DICTIONARY_API_TIMEOUT_MS: DICTIONARY_API_TIMEOUT_MS must be at least 100 (got "50")',
    ]);
    expect(problemsOf({ DICTIONARY_API_TIMEOUT_MS: '60001' })).toEqual([
      'DICTIONARY_API_TIMEOUT_MS: DICTIONARY_API_TIMEOUT_MS must be at most 60000 (got "60001")',
    ]);
  });

  it('documents every setting where it is defined, none of them a secret', () => {
    const settings = described();
    expect(settings.map(({ name }) => name)).toEqual(['DICTIONARY_API_URL', 'DICTIONARY_API_TIMEOUT_MS']);
    expect(settings.filter(({ doc }) => !doc?.description)).toEqual([]);
    expect(settings.filter(({ secret }) => secret)).toEqual([]);
  });
});
