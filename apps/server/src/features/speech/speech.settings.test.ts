import { describe, expect, it } from 'vitest';
import { featureSettings } from '../../../test/feature-settings.ts';
import { speechFeature } from './speech.feature.ts';

const { of: settingsOf, problemsOf, described } = featureSettings(speechFeature);

describe("speech's settings", () => {
  it('keeps 512 MB of audio and allows 60 new texts a device and 300 a visitor an hour by default', () => {
    const defaults = { storeMaxBytes: 512 * 1024 * 1024, perDeviceHourly: 60, perVisitorHourly: 300 };
    expect(settingsOf({})).toEqual(defaults);
    expect(settingsOf({ SPEECH_STORE_MAX_MB: '', SPEECH_PER_DEVICE_HOURLY: '' })).toEqual(defaults);
    expect(
      settingsOf({ SPEECH_STORE_MAX_MB: '2', SPEECH_PER_DEVICE_HOURLY: '3', SPEECH_PER_VISITOR_HOURLY: '4' }),
    ).toEqual({ storeMaxBytes: 2 * 1024 * 1024, perDeviceHourly: 3, perVisitorHourly: 4 });
  });

  it('refuses sizes and counts that are not whole numbers in range, in plain words', () => {
    expect(
      problemsOf({
        SPEECH_STORE_MAX_MB: '0',
        SPEECH_PER_DEVICE_HOURLY: 'many',
        SPEECH_PER_VISITOR_HOURLY: '1.5',
      }),
    ).toEqual([
      'SPEECH_STORE_MAX_MB: SPEECH_STORE_MAX_MB must be at least 1 (got "0")',
      'SPEECH_PER_DEVICE_HOURLY: SPEECH_PER_DEVICE_HOURLY must be a whole number of requests an hour, e.g. 60 (got "many")',
      'SPEECH_PER_VISITOR_HOURLY: SPEECH_PER_VISITOR_HOURLY must be a whole number of requests an hour, e.g. 300 (got "1.5")',
    ]);
  });

  it('documents every setting where it is defined, none of them a secret', () => {
    const settings = described();
    expect(settings.map(({ name }) => name)).toEqual([
      'SPEECH_STORE_MAX_MB',
      'SPEECH_PER_DEVICE_HOURLY',
      'SPEECH_PER_VISITOR_HOURLY',
    ]);
    expect(settings.filter(({ doc }) => !doc?.description)).toEqual([]);
    expect(settings.filter(({ secret }) => secret)).toEqual([]);
  });
});
