import { OutgoingHttpError, type OutgoingTimers, request } from './outgoing-http.ts';

/**
 * Text messages through the WhatsApp Business Cloud API (Meta Graph API):
 * `POST {baseUrl}/v{version}/{phone-number-id}/messages` with `Authorization: Bearer {token}` and the JSON
 * body `{ messaging_product: 'whatsapp', to, type: 'text', text: { body } }`; a success answers 200 with
 * `{ messages: [{ id }] }`. Error messages never include the token.
 */
export interface WhatsAppCloudOptions {
  baseUrl: string;
  apiVersion: string;
  token: string;
  phoneNumberId: string;
  timeoutMs: number;
  /**
   * Whether the configured base URL may be loopback or private (a local fake in tests). By default it is
   * reached as the operator configured it (no redirect is followed); `false` refuses non-public addresses.
   */
  allowPrivateAddresses?: boolean;
  timers?: OutgoingTimers;
}

export class WhatsAppSendError extends Error {}

export interface WhatsAppSender {
  /** Sends one text message; resolves with the message id, rejects with WhatsAppSendError. */
  sendText(to: string, body: string): Promise<string>;
}

/** The most a Cloud API answer may be: a success or an error is well under 1 KB of JSON. */
const answerMaxBytes = 64 * 1024;

export function createWhatsAppCloudSender(options: WhatsAppCloudOptions): WhatsAppSender {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v${options.apiVersion}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    async sendText(to, body) {
      let answer: Awaited<ReturnType<typeof request>>;
      try {
        answer = await request({
          service: 'The WhatsApp Cloud API',
          url,
          method: 'POST',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ messaging_product: 'whatsapp', to, type: 'text', text: { body } }),
          timeoutMs: options.timeoutMs,
          // Read while it streams, never past the cap (an answer is never read whole and then cut).
          maxBytes: answerMaxBytes,
          bodyOfErrors: true,
          allowPrivateAddresses: options.allowPrivateAddresses ?? true,
          ...(options.timers ? { timers: options.timers } : {}),
        });
      } catch (error) {
        throw new WhatsAppSendError(
          error instanceof OutgoingHttpError && error.kind === 'timeout'
            ? `The WhatsApp Cloud API did not answer within ${options.timeoutMs} ms`
            : `The WhatsApp Cloud API could not be reached: ${(error as Error).message}`,
        );
      }
      let json: unknown;
      try {
        json = JSON.parse(new TextDecoder().decode(answer.body));
      } catch {
        json = undefined;
      }
      if (answer.status < 200 || answer.status > 299) {
        const message = (json as { error?: { message?: unknown } } | undefined)?.error?.message;
        throw new WhatsAppSendError(
          `The WhatsApp Cloud API answered HTTP ${answer.status}${typeof message === 'string' ? `: ${message.slice(0, 200)}` : ''}`,
        );
      }
      const id = (json as { messages?: { id?: unknown }[] } | undefined)?.messages?.[0]?.id;
      if (typeof id !== 'string')
        throw new WhatsAppSendError('The WhatsApp Cloud API answered without a message id');
      return id;
    },
  };
}
