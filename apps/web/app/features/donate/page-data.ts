/** The donation page's settings as the server gives them, with the QR code it drew from the UPI link. */
export interface DonationPageInfo {
  paypalUrl: string | undefined;
  upi:
    | {
        id: string;
        payeeName: string;
        /** `upi://pay?pa=…&pn=…&cu=INR`, what the UPI and Paytm buttons open. */
        link: string;
        /** The PhonePe QR code of that link: its side in modules and one SVG path of its dark modules. */
        qr: { size: number; path: string };
      }
    | undefined;
}

export interface DonatePageData {
  /** Undefined when neither UPI nor PayPal is set up. */
  donation(): DonationPageInfo | undefined;
}

declare module '../../load-context.ts' {
  interface PageData {
    donate: DonatePageData;
  }
}
