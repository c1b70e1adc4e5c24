import { z } from 'zod';
import { setting } from '../../shared/config.ts';

const unsetWhenEmpty = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * The donation page's settings (content-and-shell.md "Donation page"): the UPI address and payee name, and the
 * PayPal link. Each setting's row in the docs' settings table is written here.
 */
export const donateSettings = z
  .object({
    UPI_ID: setting(
      z.preprocess(
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
      {
        default: 'unset',
        description:
          'the UPI address donations go to (`name@bank`): the UPI, PhonePe (with a QR code the site draws) and Paytm buttons on `/donate`. Without it and `PAYPAL_URL` the page says donations are not set up yet',
      },
    ),
    PAYEE_NAME: setting(
      z.preprocess(
        unsetWhenEmpty,
        z.string().trim().max(80, 'PAYEE_NAME must be at most 80 characters').optional(),
      ),
      { default: '`SITE_NAME`', description: 'the payee name in the UPI link and beside the QR code' },
    ),
    PAYPAL_URL: setting(
      z.preprocess(
        unsetWhenEmpty,
        z
          .url('PAYPAL_URL must be an https address on paypal.com or paypal.me')
          .refine((url) => {
            const { protocol, hostname } = new URL(url);
            return protocol === 'https:' && /(^|\.)paypal\.(com|me)$/.test(hostname);
          }, 'PAYPAL_URL must be an https address on paypal.com or paypal.me')
          .optional(),
      ),
      {
        default: 'unset',
        description:
          'the PayPal donation link (`https://www.paypal.com/…` or `https://paypal.me/…`) for the PayPal button',
      },
    ),
  })
  .transform((env) => ({ upiId: env.UPI_ID, payeeName: env.PAYEE_NAME, paypalUrl: env.PAYPAL_URL }));

export type DonateSettings = z.output<typeof donateSettings>;
