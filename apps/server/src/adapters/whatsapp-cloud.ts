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
}

export class WhatsAppSendError extends Error {}

export interface WhatsAppSender {
  /** Sends one text message; resolves with the message id, rejects with WhatsAppSendError. */
  sendText(to: string, body: string): Promise<string>;
}

export function createWhatsAppCloudSender(options: WhatsAppCloudOptions): WhatsAppSender {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/v${options.apiVersion}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  return {
    async sendText(to, body) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ messaging_product: 'whatsapp', to, type: 'text', text: { body } }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new WhatsAppSendError(
          (error as Error).name === 'TimeoutError'
            ? `The WhatsApp Cloud API did not answer within ${options.timeoutMs} ms`
            : `The WhatsApp Cloud API could not be reached: ${(error as Error).message}`,
        );
      }
      const text = (await response.text()).slice(0, 64 * 1024);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (!response.ok) {
        const message = (json as { error?: { message?: unknown } } | undefined)?.error?.message;
        throw new WhatsAppSendError(
          `The WhatsApp Cloud API answered HTTP ${response.status}${typeof message === 'string' ? `: ${message.slice(0, 200)}` : ''}`,
        );
      }
      const id = (json as { messages?: { id?: unknown }[] } | undefined)?.messages?.[0]?.id;
      if (typeof id !== 'string')
        throw new WhatsAppSendError('The WhatsApp Cloud API answered without a message id');
      return id;
    },
  };
}
