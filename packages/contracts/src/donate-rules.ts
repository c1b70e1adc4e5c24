/*
 * The donation page's rules, free of zod: the UPI payment link the UPI and Paytm buttons open and the
 * PhonePe QR code encodes, and the alert for devices that are not Android (content-and-shell.md
 * "Donation page").
 */

export interface DonationSettings {
  upiId: string;
  payeeName: string;
  paypalUrl: string | undefined;
}

/** `upi://pay` with the payee's address, name and currency (the UPI deep-link specification's fields). */
export function upiPayLink(settings: { upiId: string; payeeName: string }): string {
  const query = new URLSearchParams({ pa: settings.upiId, pn: settings.payeeName, cu: 'INR' });
  // UPI apps read %20 for spaces (URLSearchParams writes '+') and expect the address's '@' as it is.
  return `upi://pay?${query.toString().replace(/\+/g, '%20').replace(/%40/g, '@')}`;
}

export const donateTexts = {
  heading: 'Donate',
  notSetUp: 'Donations are not set up yet. Please check back soon.',
  /** When the page's data could not be had (decisions.md section 2: a page the specification gives no text). */
  loadFailed: 'The payment details could not be loaded. Please try again.',
  phonePeAlert:
    'PhonePe UPI payments are only supported on Android devices with the PhonePe app installed. Please scan the QR code or pay to the UPI ID shown instead.',
} as const;

/** PhonePe's UPI intent opens only on Android (the user agent says so). */
export const isAndroid = (userAgent: string) => /\bAndroid\b/i.test(userAgent);
