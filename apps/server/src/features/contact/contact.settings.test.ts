import { describe, expect, it } from 'vitest';
import { featureSettings } from '../../../test/feature-settings.ts';
import { contactFeature } from './contact.feature.ts';

const { of: settingsOf, problemsOf, described } = featureSettings(contactFeature);

describe("the contact form's settings", () => {
  it('sends to the From address and allows 60 messages an hour by default, or what is set', () => {
    expect(settingsOf({})).toEqual({ contactTo: undefined, siteWidePerHour: 60 });
    expect(settingsOf({ CONTACT_TO: '' }).contactTo).toBeUndefined();
    expect(settingsOf({ CONTACT_TO: 'desk@hurryup.example', CONTACT_MESSAGES_PER_HOUR: '5' })).toEqual({
      contactTo: 'desk@hurryup.example',
      siteWidePerHour: 5,
    });
  });

  it('refuses a bad address and a bad hourly count, naming them', () => {
    const problems = problemsOf({ CONTACT_TO: 'not an address', CONTACT_MESSAGES_PER_HOUR: '0' });
    expect(problems).toContainEqual(
      'CONTACT_TO: CONTACT_TO must be one e-mail address, e.g. desk@example.in (got "not an address")',
    );
    expect(problems.some((problem) => problem.startsWith('CONTACT_MESSAGES_PER_HOUR: '))).toBe(true);
  });

  it('documents every setting where it is defined, none of them a secret', () => {
    const settings = described();
    expect(settings.map(({ name }) => name)).toEqual(['CONTACT_TO', 'CONTACT_MESSAGES_PER_HOUR']);
    expect(settings.filter(({ doc }) => !doc?.description)).toEqual([]);
    expect(settings.filter(({ secret }) => secret)).toEqual([]);
  });
});
