/*
 * The Report link's words once it is pressed (shared/report-send.ts in the web app, loaded with the first
 * click, so the pages that carry the link, within a few hundred bytes of their JavaScript budget, carry only
 * the button). The confirmation is the server's answer (report-rules.ts).
 */
export const reportSendingText = 'Sending report...';
/** When no answer came, or one without the server's words. */
export const reportFailedText = 'The report could not be sent. Please try again.';
