import { describe, expect, it } from 'vitest';
import { featureSettings } from '../../../test/feature-settings.ts';
import { donateFeature } from './donate.feature.ts';

const { of: settingsOf, problemsOf, described } = featureSettings(donateFeature);

describe("the donation page's settings", () => {
  it('has no way to donate by default, blank being unset, and reads the UPI address, payee and PayPal link', () => {
    const none = { upiId: undefined, payeeName: undefined, paypalUrl: undefined };
    expect(settingsOf({})).toEqual(none);
    expect(settingsOf({ UPI_ID: ' ', PAYEE_NAME: '', PAYPAL_URL: '' })).toEqual(none);
    expect(
      settingsOf({
        UPI_ID: ' hurryup@okhdfcbank ',
        PAYEE_NAME: 'Hurry Up Desk',
        PAYPAL_URL: 'https://paypal.me/hurryup',
      }),
    ).toEqual({
      upiId: 'hurryup@okhdfcbank',
      payeeName: 'Hurry Up Desk',
      paypalUrl: 'https://paypal.me/hurryup',
    });
  });

  it('refuses a bad UPI address, a long payee name and a link off PayPal, in plain words', () => {
    const problems = problemsOf({
      UPI_ID: 'not a upi id',
      PAYEE_NAME: 'x'.repeat(81),
      PAYPAL_URL: 'https://paypal.example.org/give',
    });
    expect(problems).toContainEqual(
      'UPI_ID: UPI_ID must be a UPI address such as name@okhdfcbank (got "not a upi id")',
    );
    expect(problems.some((p) => p.startsWith('PAYEE_NAME: PAYEE_NAME must be at most 80 characters'))).toBe(
      true,
    );
    expect(problems).toContainEqual(
      'PAYPAL_URL: PAYPAL_URL must be an https address on paypal.com or paypal.me (got "https://paypal.example.org/give")',
    );
  });

  it('documents every setting where it is defined, none of them a secret', () => {
    const settings = described();
    expect(settings.map(({ name }) => name)).toEqual(['UPI_ID', 'PAYEE_NAME', 'PAYPAL_URL']);
    expect(settings.filter(({ doc }) => !doc?.description)).toEqual([]);
    expect(settings.filter(({ secret }) => secret)).toEqual([]);
  });
});
