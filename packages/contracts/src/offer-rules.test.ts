import { describe, expect, it } from 'vitest';
import { contactFieldErrors, contactMessages } from './contact-rules.ts';
import { upiPayLink } from './donate-rules.ts';
import {
  discountLabel,
  indiaDate,
  isOfferCurrent,
  rupeePrice,
  secondsUntilIndiaMidnight,
} from './offer-rules.ts';

describe('the discount label (content-and-shell.md section 5)', () => {
  it.each([
    [{ discount: 60, flag: 'Off', price: 549 }, '₹60 OFF'],
    [{ discount: 50, flag: 'Cashback', price: '' }, '₹50 Cashback'],
    [{ discount: 12, flag: '%', price: 'From 99' }, '12% OFF'],
    [{ discount: 20, flag: '', price: 349 }, '20% OFF'],
    [{ discount: 20, flag: '', price: '349' }, '20% OFF'],
    [{ discount: 20, flag: '', price: 'From 32' }, ''],
    [{ discount: 20, flag: '', price: '' }, ''],
    [{ discount: 0, flag: 'Off', price: 10 }, ''],
    [{ discount: 0, flag: '', price: 10 }, ''],
  ] as const)('%o gives %j', (offer, label) => {
    expect(discountLabel(offer)).toBe(label);
  });

  it('puts one rupee sign before a price and shows nothing for none', () => {
    expect(rupeePrice(549)).toBe('₹549');
    expect(rupeePrice('From 32')).toBe('From ₹32');
    expect(rupeePrice('Free')).toBe('Free');
    expect(rupeePrice('₹99')).toBe('₹99');
    expect(rupeePrice('')).toBe('');
    expect(rupeePrice(' ')).toBe('');
  });
});

describe('India dates and the expiry rule', () => {
  // 2026-11-24 00:00 in India is 2026-11-23 18:30 UTC.
  const indiaMidnight = Date.UTC(2026, 10, 23, 18, 30);

  it('turns the date at India midnight, not UTC midnight', () => {
    expect(indiaDate(indiaMidnight - 1)).toBe('2026-11-23');
    expect(indiaDate(indiaMidnight)).toBe('2026-11-24');
    expect(indiaDate(Date.UTC(2026, 10, 24, 23, 59))).toBe('2026-11-25');
  });

  it('counts the seconds to the next India midnight', () => {
    expect(secondsUntilIndiaMidnight(indiaMidnight)).toBe(86_400);
    expect(secondsUntilIndiaMidnight(indiaMidnight - 1000)).toBe(1);
    expect(secondsUntilIndiaMidnight(indiaMidnight - 1)).toBe(1);
    expect(secondsUntilIndiaMidnight(new Date(indiaMidnight + 3600_000))).toBe(82_800);
  });

  it('shows an offer through its validity date and hides it the day after; undated ones always', () => {
    expect(isOfferCurrent('2026-11-24', '2026-11-24')).toBe(true);
    expect(isOfferCurrent('2026-11-23', '2026-11-24')).toBe(false);
    expect(isOfferCurrent('2027-01-01', '2026-11-24')).toBe(true);
    expect(isOfferCurrent(null, '2026-11-24')).toBe(true);
    expect(isOfferCurrent(undefined, '2099-01-01')).toBe(true);
  });
});

describe('the contact form rules (section 5)', () => {
  it('gives the exact messages', () => {
    expect(contactFieldErrors({ email: '', message: '' })).toEqual({
      email: contactMessages.emailRequired,
      message: contactMessages.notesEmpty,
    });
    expect(contactFieldErrors({ email: '  ', message: '   \n ' })).toEqual({
      email: 'Email is required.',
      message: 'Notes cannot be empty.',
    });
    for (const bad of [
      'asha',
      'asha@',
      'asha@example',
      'asha@example.c',
      'asha@example.comma',
      'a b@example.in',
    ])
      expect(contactFieldErrors({ email: bad, message: 'Hi' }).email).toBe('Invalid email format.');
    expect(contactFieldErrors({ email: 'asha.k+news@mail.example.in', message: 'x'.repeat(500) })).toEqual(
      {},
    );
    expect(contactFieldErrors({ email: 'asha@example.in', message: 'x'.repeat(501) })).toEqual({
      message: 'Notes cannot exceed 500 characters.',
    });
  });
});

describe('the UPI payment link', () => {
  it('carries the payee, the name and the currency, escaped', () => {
    expect(upiPayLink({ upiId: 'hurryup@okhdfcbank', payeeName: 'Hurry Up & Co' })).toBe(
      'upi://pay?pa=hurryup@okhdfcbank&pn=Hurry%20Up%20%26%20Co&cu=INR',
    );
  });
});
