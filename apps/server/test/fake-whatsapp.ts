import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeWhatsAppMessage {
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeWhatsApp {
  url: string;
  token: string;
  /** Every message request received, accepted or not. */
  requests: FakeWhatsAppMessage[];
  /** 'ok' answers like the Cloud API on success; 'error' with its 400 error body; 'garbage' with non-JSON. */
  mode: 'ok' | 'error' | 'garbage';
  close(): Promise<void>;
}

/**
 * A local server answering like the WhatsApp Business Cloud API (Graph API):
 * `POST /v{n}/{phone-number-id}/messages` with a bearer token and the JSON text-message body answers
 * `{ messaging_product: 'whatsapp', contacts: [{ input, wa_id }], messages: [{ id }] }`; a wrong token
 * answers 401 with Graph's OAuthException body, a malformed body 400.
 */
export async function startFakeWhatsApp(token = 'test-token'): Promise<FakeWhatsApp> {
  const requests: FakeWhatsAppMessage[] = [];
  let count = 0;
  const fake: FakeWhatsApp = { url: '', token, requests, mode: 'ok', close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const graphError = (status: number, message: string, type: string, code: number) =>
        answer(status, { error: { message, type, code, fbtrace_id: 'AbCdEf' } });
      if (req.method !== 'POST' || !/^\/v\d+\.\d+\/\d+\/messages$/.test(req.url ?? ''))
        return graphError(400, 'Unsupported post request.', 'GraphMethodException', 100);
      if (req.headers.authorization !== `Bearer ${token}`)
        return graphError(401, 'Invalid OAuth access token.', 'OAuthException', 190);
      const message = body as {
        messaging_product?: unknown;
        to?: unknown;
        type?: unknown;
        text?: { body?: unknown };
      };
      if (
        message?.messaging_product !== 'whatsapp' ||
        typeof message.to !== 'string' ||
        message.type !== 'text' ||
        typeof message.text?.body !== 'string'
      )
        return graphError(400, '(#100) Invalid parameter', 'OAuthException', 100);
      if (fake.mode === 'error')
        return graphError(
          400,
          '(#131030) Recipient phone number not in allowed list',
          'OAuthException',
          131030,
        );
      if (fake.mode === 'garbage') {
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<html>Bad gateway</html>');
      }
      count++;
      answer(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: message.to, wa_id: message.to }],
        messages: [{ id: `wamid.FAKE${count}` }],
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}
