import { donateTexts, isAndroid } from '@hurryup/contracts/donate-rules';
import type { DonationPageInfo } from './page-data.ts';

/** The UPI link as PhonePe's own scheme, which opens PhonePe rather than the app chooser. */
const phonePeLink = (upiLink: string) => upiLink.replace(/^upi:\/\/pay/, 'phonepe://pay');

/** The QR code the server drew from the UPI link: dark modules on white, with a quiet zone of 4. */
function UpiQrCode({ qr, payeeName }: { qr: { size: number; path: string }; payeeName: string }) {
  const side = qr.size + 8;
  return (
    <svg
      className="donate__qr"
      viewBox={`-4 -4 ${side} ${side}`}
      width="220"
      height="220"
      role="img"
      aria-label={`QR code to pay ${payeeName} by UPI`}
      shapeRendering="crispEdges"
    >
      <rect x="-4" y="-4" width={side} height={side} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

/**
 * /donate (content-and-shell.md "Donation page"): PayPal, UPI, PhonePe (with the QR code and the UPI ID)
 * and Paytm, from the server's settings. PhonePe's payment intent works only on Android with the app; on
 * any other device the button says so and points to the QR code and the UPI ID.
 */
export function DonatePage({
  donation,
  siteName,
  failure,
}: {
  donation: DonationPageInfo | undefined;
  siteName: string;
  /** Why the payment details are missing, when they could not be loaded (not when they are not set up). */
  failure?: string | undefined;
}) {
  const upi = donation?.upi;
  function payWithPhonePe() {
    if (!upi) return;
    if (!isAndroid(navigator.userAgent)) {
      window.alert(donateTexts.phonePeAlert);
      return;
    }
    window.location.href = phonePeLink(upi.link);
  }
  return (
    <section className="page donate" aria-labelledby="donate-heading">
      <h1 id="donate-heading">{donateTexts.heading}</h1>
      <p className="page__lede">
        {siteName} is free to read and free of sign-ups. If it helped you, a small gift keeps it that way.
      </p>
      {failure ? (
        <p className="status status--error" role="alert">
          {failure}
        </p>
      ) : !donation ? (
        <p className="status">{donateTexts.notSetUp}</p>
      ) : (
        <>
          <ul className="donate__buttons">
            {donation.paypalUrl ? (
              <li>
                <a
                  className="button donate__button donate__button--paypal"
                  href={donation.paypalUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Donate with PayPal
                </a>
              </li>
            ) : null}
            {upi ? (
              <>
                <li>
                  <a className="button donate__button donate__button--upi" href={upi.link}>
                    Pay by UPI
                  </a>
                </li>
                <li>
                  <button
                    type="button"
                    className="button donate__button donate__button--phonepe"
                    onClick={payWithPhonePe}
                  >
                    Pay with PhonePe
                  </button>
                </li>
                <li>
                  <a className="button donate__button donate__button--paytm" href={upi.link}>
                    Pay with Paytm
                  </a>
                </li>
              </>
            ) : null}
          </ul>
          {upi ? (
            <figure className="donate__qr-block">
              <UpiQrCode qr={upi.qr} payeeName={upi.payeeName} />
              <figcaption>
                Scan with PhonePe or any UPI app, or pay to the UPI ID{' '}
                <strong className="donate__upi-id">{upi.id}</strong> ({upi.payeeName}).
              </figcaption>
            </figure>
          ) : null}
        </>
      )}
    </section>
  );
}
