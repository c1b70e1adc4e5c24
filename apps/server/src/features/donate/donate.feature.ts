import { upiPayLink } from '@hurryup/contracts/donate-rules';
import type { DonatePageData, DonationPageInfo } from '@hurryup/web/features/donate/page-data';
import { z } from 'zod';
import { defineFeature } from '../../shared/feature.ts';
import { qrCodePath } from './upi-qr-code.ts';

const unsetWhenEmpty = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const donateSettings = z
  .object({
    UPI_ID: z.preprocess(
      unsetWhenEmpty,
      z
        .string()
        .trim()
        .regex(
          /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,63}$/,
          'UPI_ID must be a UPI address such as name@okhdfcbank',
        )
        .optional(),
    ),
    PAYEE_NAME: z.preprocess(
      unsetWhenEmpty,
      z.string().trim().max(80, 'PAYEE_NAME must be at most 80 characters').optional(),
    ),
    PAYPAL_URL: z.preprocess(
      unsetWhenEmpty,
      z
        .url('PAYPAL_URL must be an https address on paypal.com or paypal.me')
        .refine((url) => {
          const { protocol, hostname } = new URL(url);
          return protocol === 'https:' && /(^|\.)paypal\.(com|me)$/.test(hostname);
        }, 'PAYPAL_URL must be an https address on paypal.com or paypal.me')
        .optional(),
    ),
  })
  .transform((env) => ({ upiId: env.UPI_ID, payeeName: env.PAYEE_NAME, paypalUrl: env.PAYPAL_URL }));

/**
 * The donation page's settings (content-and-shell.md "Donation page"): `UPI_ID` and `PAYEE_NAME` drive the
 * UPI, PhonePe and Paytm buttons and the QR code (drawn here from the UPI link, so no image file can fall out
 * of step with the settings), `PAYPAL_URL` the PayPal button. With none set the page says donations are not
 * set up yet.
 */
export const donateFeature = defineFeature({
  name: 'donate',
  settings: donateSettings,
  async plugin(_app, { config, site, settings }) {
    const upiId = settings.upiId;
    const payeeName = settings.payeeName ?? config.siteName;
    const upi = upiId
      ? {
          id: upiId,
          payeeName,
          link: upiPayLink({ upiId, payeeName }),
          qr: qrCodePath(upiPayLink({ upiId, payeeName })),
        }
      : undefined;
    const donation: DonationPageInfo | undefined =
      upi || settings.paypalUrl ? { upi, paypalUrl: settings.paypalUrl } : undefined;
    site.providePageData('donate', { donation: () => donation } satisfies DonatePageData);
  },
});
