import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../../shared/config.ts';
import { donateFeature } from './donate.feature.ts';
import { qrCodePath } from './upi-qr-code.ts';

describe('the donation settings', () => {
  it('give the page a UPI link with payee, name and currency, and its QR code', async () => {
    const t = await createTestApp({
      UPI_ID: 'hurryup@okhdfcbank',
      PAYEE_NAME: 'Hurry Up',
      PAYPAL_URL: 'https://www.paypal.com/donate/?hosted_button_id=ABC123',
    });
    try {
      const donation = t.app.site.pageData.donate.donation();
      expect(donation).toEqual({
        paypalUrl: 'https://www.paypal.com/donate/?hosted_button_id=ABC123',
        upi: {
          id: 'hurryup@okhdfcbank',
          payeeName: 'Hurry Up',
          link: 'upi://pay?pa=hurryup@okhdfcbank&pn=Hurry%20Up&cu=INR',
          qr: qrCodePath('upi://pay?pa=hurryup@okhdfcbank&pn=Hurry%20Up&cu=INR'),
        },
      });
    } finally {
      await t.close();
    }
  });

  it('leave the page without buttons when none is set', async () => {
    const t = await createTestApp({ UPI_ID: '', PAYPAL_URL: '' });
    try {
      expect(t.app.site.pageData.donate.donation()).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('refuse values that would make dead buttons, naming the setting', () => {
    for (const [env, name] of [
      [{ UPI_ID: 'not a upi id' }, 'UPI_ID'],
      [{ PAYPAL_URL: 'https://evil.example/paypal.com' }, 'PAYPAL_URL'],
      [{ PAYPAL_URL: 'http://www.paypal.com/donate' }, 'PAYPAL_URL'],
    ] as const) {
      expect(() => loadConfig({ NODE_ENV: 'test', ...env }, [donateFeature])).toThrow(name);
    }
  });
});

describe('the QR code of the UPI link', () => {
  it('is a version 4 symbol (33 modules: 53 bytes at level M) with its three finder patterns where they belong', () => {
    const { size, path } = qrCodePath('upi://pay?pa=hurryup@okhdfcbank&pn=Hurry%20Up&cu=INR');
    expect(size).toBe(33);
    // Each finder pattern's top row is a run of 7 dark modules: top left, top right, bottom left.
    expect(path).toContain('M0 0h7v1h-7z');
    expect(path).toContain(`M${size - 7} 0h7v1h-7z`);
    expect(path).toContain(`M0 ${size - 7}h7v1h-7z`);
    expect(path).not.toMatch(/[^-0-9 Mhvz.]/);
  });
});
