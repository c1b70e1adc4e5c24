import type { Referral } from '@hurryup/contracts/offers';
import { CopyCode } from './CopyCode.tsx';
import { DealCardHead, DealLink } from './DealCardHead.tsx';
import { DealsAside } from './DealsAside.tsx';

/** /refer: referral programmes with their bonus, code or link, and terms (decisions.md section 1). */
export function ReferralsPage({ referrals, error }: { referrals: Referral[]; error?: string | undefined }) {
  return (
    <section className="page deals" aria-labelledby="refer-heading">
      <h1 id="refer-heading">Refer &amp; Earn</h1>
      <p className="page__lede">
        Sign up through these links or codes and you and the person who shared them both earn a bonus.
      </p>
      {error ? (
        <p className="status status--error" role="alert">
          {error}
        </p>
      ) : referrals.length === 0 ? (
        <p className="status">No referral programmes right now. Please check back soon.</p>
      ) : (
        <ul className="deal-grid">
          {referrals.map((referral, i) => (
            <li key={referral.id} className="deal-card">
              <DealCardHead
                link={referral.link}
                title={referral.app}
                image={{
                  url: referral.imageUrl,
                  alt: referral.alt,
                  width: referral.width,
                  height: referral.height,
                }}
                eager={i < 2}
              />
              <p className="deal-card__saving">{referral.bonus}</p>
              <p className="deal-card__text">{referral.terms}</p>
              <div className="deal-card__side">
                {referral.code ? (
                  <>
                    <p className="deal-card__code">
                      Code: <code>{referral.code}</code>
                    </p>
                    <CopyCode code={referral.code} />
                  </>
                ) : (
                  <>
                    <p className="deal-card__code">No code needed: sign up through the link.</p>
                    <DealLink link={referral.link} label="Sign up" />
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <DealsAside current="/refer" />
    </section>
  );
}
