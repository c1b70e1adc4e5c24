import { type ReportKind, reportMessages, reportTexts } from '@hurryup/contracts/report-rules';
import { useState } from 'react';
import type { ApiError } from './api-error.ts';
import { callApiLazily } from './lazy-api-client.ts';

/** What a failed report says: the server's message when it sent one (limit, gone), else a plain failure. */
function reportFailureText(error: unknown): string {
  // Read by shape, not instanceof: the page then does not carry the class.
  const { message, status = 0, code } = (error ?? {}) as Partial<ApiError>;
  return status > 0 && code && message ? message : reportMessages.failed;
}

/**
 * The 'Report' link beside a comment and on a short link's preview (issue 30 item 5): it sends
 * `POST /api/reports` and says in words that the report was sent. The page's HTML is the same for every
 * visitor (cached pages stay cached); the call and its contract load with the first click.
 */
export function ReportLink({
  kind,
  target,
  label,
}: {
  kind: ReportKind;
  /** The comment's id or the short link's code. */
  target: number | string;
  /** The button's accessible name, which says what is reported. */
  label: string;
}) {
  const [state, setState] = useState<
    { is: 'idle' } | { is: 'sending' } | { is: 'sent' } | { is: 'failed'; text: string }
  >({ is: 'idle' });
  async function report() {
    if (state.is === 'sending' || state.is === 'sent') return;
    setState({ is: 'sending' });
    try {
      await callApiLazily(
        () => import('@hurryup/contracts/reports').then((contract) => contract.sendReport),
        {
          body:
            kind === 'comment'
              ? { kind: 'comment', id: Number(target) }
              : { kind: 'short-link', code: String(target) },
        },
      );
      setState({ is: 'sent' });
    } catch (error) {
      setState({ is: 'failed', text: reportFailureText(error) });
    }
  }
  return (
    <span className="report">
      {state.is === 'sent' ? null : (
        <button
          type="button"
          className="report__link"
          aria-label={label}
          // Not disabled while sending: a disabled button would drop the keyboard focus.
          aria-disabled={state.is === 'sending'}
          onClick={() => void report()}
        >
          {state.is === 'sending' ? reportTexts.sending : reportTexts.link}
        </button>
      )}
      <span className="report__status" role="status">
        {state.is === 'sent' ? reportMessages.sent : state.is === 'failed' ? state.text : ''}
      </span>
    </span>
  );
}
