import type { ReportKind } from '@hurryup/contracts/report-rules';
import { useState } from 'react';
import type { ReportState } from './report-send.ts';

/**
 * The 'Report' link beside a comment and on a short link's preview (issue 30 item 5): it sends
 * `POST /api/reports` and shows the server's confirmation in words (or what went wrong). The page's HTML is
 * the same for every visitor, so cached pages stay cached; what sends it (report-send.ts), the call's
 * contract and zod load with the first click, so the page carries only this button.
 */
export function ReportLink({
  kind,
  target,
  what,
}: {
  kind: ReportKind;
  /** The comment's id or the short link's code. */
  target: number | string;
  /** What is reported, for the button's accessible name ('Report this comment'). */
  what: string;
}) {
  const [state, setState] = useState<ReportState>();
  return (
    <span className="report">
      {state?.sent ? null : (
        <button
          type="button"
          className="report__link"
          // Not disabled while sending: a disabled button would drop the keyboard focus.
          aria-disabled={state?.sending}
          onClick={() => {
            if (!state?.sending)
              void import('./report-send.ts').then((m) => m.sendReport(kind, target, setState));
          }}
        >
          Report<span className="visually-hidden"> {what}</span>
        </button>
      )}
      <span
        className={state?.failed ? 'report__status report__status--failed' : 'report__status'}
        role="status"
      >
        {state?.text}
      </span>
    </span>
  );
}
