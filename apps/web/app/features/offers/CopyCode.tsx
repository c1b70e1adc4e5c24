import { useState } from 'react';

/**
 * 'Copy code': puts a referral code on the clipboard and says so ('Code copied'), or, where the browser
 * refuses, asks the visitor to copy it by hand. The code stays on the card as text either way.
 */
export function CopyCode({ code }: { code: string }) {
  const [said, setSaid] = useState('');
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setSaid('Code copied');
    } catch {
      setSaid('Copy the code above by hand');
    }
  }
  return (
    <>
      <button type="button" className="button button--small deal-card__go" onClick={() => void copy()}>
        Copy code
      </button>
      <span className="deal-card__copied" role="status">
        {said}
      </span>
    </>
  );
}
