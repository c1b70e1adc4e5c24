import { reportFailedText, reportSendingText } from '@hurryup/contracts/report-link-texts';
import type { ReportKind } from '@hurryup/contracts/report-rules';
import type { ApiError } from './api-error.ts';
import { callApiLazily } from './lazy-api-client.ts';

/** What the Report link says once pressed. */
export interface ReportState {
  text: string;
  sending?: boolean;
  sent?: boolean;
  failed?: boolean;
}

/**
 * The Report link beside a comment (features/comments/CommentList.tsx) and on a short link's preview
 * (features/shortener/ShortLinkPreview.tsx) is a button in each page's own code, whose first press loads this
 * module: a shared component would be a chunk of its own, and the image page is within a few hundred bytes of
 * its JavaScript budget (the chunk's imports cost more than the button).
 *
 * Sends a visitor's report (`POST /api/reports`), telling the link what to say meanwhile and then: the
 * server's confirmation, its message (a limit, an item gone), or a plain failure. Loaded with the first click.
 */
export async function sendReport(
  kind: ReportKind,
  target: number | string,
  say: (state: ReportState) => void,
): Promise<void> {
  // One report at a time per item: a second press while it is on its way does nothing.
  const key = `${kind}:${target}`;
  if (sending.has(key)) return;
  sending.add(key);
  say({ text: reportSendingText, sending: true });
  try {
    const answer = await callApiLazily(
      () => import('@hurryup/contracts/reports').then((contract) => contract.sendReport),
      { body: kind === 'comment' ? { kind, id: Number(target) } : { kind, code: String(target) } },
    );
    say({ text: answer.message, sent: true });
  } catch (error) {
    // Read by shape, not instanceof: status 0 is the client's own failure (no answer); no code, no error body.
    const { message, status = 0, code } = (error ?? {}) as Partial<ApiError>;
    say({ text: status > 0 && code && message ? message : reportFailedText, failed: true });
  } finally {
    sending.delete(key);
  }
}
const sending = new Set<string>();
