import { upiPayLink } from '@hurryup/contracts/donate-rules';
import type { DonatePageData, DonationPageInfo } from '@hurryup/web/features/donate/page-data';
import { defineFeature } from '../../shared/feature.ts';
import { donateSettings } from './donate.settings.ts';
import { qrCodePath } from './upi-qr-code.ts';

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
