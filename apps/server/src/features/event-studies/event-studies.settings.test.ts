import { describe, expect, it } from 'vitest';
import { featureSettings } from '../../../test/feature-settings.ts';
import { loadConfig } from '../../shared/config.ts';
import { eventStudiesFeature } from './event-studies.feature.ts';

const { of: settingsOf, problemsOf, described, secretNames } = featureSettings(eventStudiesFeature);

describe("the Fed alert's WhatsApp settings", () => {
  it('sends nothing by default, and sends with all three of token, phone number id and recipient', () => {
    expect(settingsOf({})).toEqual({ whatsapp: undefined, sendsPerDay: 3 });
    expect(
      settingsOf({
        WHATSAPP_TOKEN: 'a-token',
        WHATSAPP_PHONE_NUMBER_ID: '1234567890',
        WHATSAPP_RECIPIENT: '919812345678',
        FED_ALERT_SENDS_PER_DAY: '2',
      }),
    ).toEqual({
      whatsapp: {
        token: 'a-token',
        phoneNumberId: '1234567890',
        recipient: '919812345678',
        baseUrl: 'https://graph.facebook.com',
        apiVersion: '21.0',
      },
      sendsPerDay: 2,
    });
  });

  it('refuses bad values and a partial set in plain words, never echoing the token', () => {
    const problems = problemsOf({
      WHATSAPP_RECIPIENT: '+91 98123 45678',
      WHATSAPP_API_VERSION: 'v21',
    });
    expect(problems).toContainEqual(
      'WHATSAPP_RECIPIENT: must be a phone number in international form, digits only (e.g. 919812345678) (got "+91 98123 45678")',
    );
    expect(problems).toContainEqual(
      'WHATSAPP_API_VERSION: must be a Graph API version such as 21.0 (got "v21")',
    );
    const partial = problemsOf({ WHATSAPP_TOKEN: 'very-secret-token' });
    expect(partial).toEqual([
      'environment: set WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_RECIPIENT together, or none of them',
    ]);
    expect(partial.join('\n')).not.toContain('very-secret-token');
  });

  it('marks the token as a secret: described as such, and never shown in effect', () => {
    expect(described().filter(({ doc }) => !doc?.description)).toEqual([]);
    expect(secretNames()).toEqual(['WHATSAPP_TOKEN']);
    // And only they are treated as secrets.
    expect(
      described()
        .filter(({ secret }) => secret)
        .map(({ name }) => name),
    ).toEqual(['WHATSAPP_TOKEN']);
    const shown = loadConfig(
      {
        WHATSAPP_TOKEN: 'very-secret-token',
        WHATSAPP_PHONE_NUMBER_ID: '1234567890',
        WHATSAPP_RECIPIENT: '919812345678',
      },
      [eventStudiesFeature],
    );
    expect(JSON.stringify(shown.settingsInEffect)).not.toContain('very-secret-token');
  });
});
