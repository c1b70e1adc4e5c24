import type { Transporter } from 'nodemailer';

export interface SmtpMailOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://user:pass@host:465` (TLS). */
  url: string;
  /** The From header, e.g. `Hurry Up <no-reply@example.in>`; also the envelope sender. */
  from: string;
  /** How long to wait for the TCP (and TLS) connection. */
  connectionTimeoutMs?: number;
  /** How long to wait for the server's greeting once connected. */
  greetingTimeoutMs?: number;
  /** Silence after which a connection is given up, at any stage. */
  socketTimeoutMs?: number;
}

/** One message to one recipient (the outbox's `TransportMessage`). */
export interface SmtpMessage {
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  /** Stable for every try of one message: becomes the Message-ID's local part. */
  key: string;
}

/**
 * Why a message was not delivered. `permanent` is true only when the server refused this message itself
 * for good (a 5xx answer to its recipient or its content): retrying cannot help. A refused login or sender,
 * a timeout or a refused connection is the server's problem and is not permanent, even with a 5xx code.
 */
export class SmtpDeliveryError extends Error {
  readonly permanent: boolean;
  readonly code: string | undefined;
  constructor(message: string, options: { permanent: boolean; code: string | undefined; cause: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'SmtpDeliveryError';
    this.permanent = options.permanent;
    this.code = options.code;
  }
}

export interface SmtpMail {
  send(message: SmtpMessage): Promise<void>;
  /** Where it sends, without credentials (for logs). */
  readonly describe: string;
  close(): void;
}

interface NodemailerError {
  message?: string;
  code?: string;
  command?: string;
  responseCode?: number;
}

/** The part after `@` of the From address: Message-IDs are made in the sender's domain. */
function senderDomain(from: string): string {
  return /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * Delivers through one SMTP server with nodemailer, one connection per message (mail is rare here; a pool
 * would hold idle connections). Timeouts are short so that a dead or silent server fails a try in seconds,
 * not the library's minutes.
 */
export function createSmtpMail(options: SmtpMailOptions): SmtpMail {
  const url = new URL(options.url);
  // nodemailer loads with the first message, not at start: most processes never send one (about 5 MB).
  let transporter: Promise<Transporter> | undefined;
  const transport = () => {
    transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: options.url,
        connectionTimeout: options.connectionTimeoutMs ?? 10_000,
        greetingTimeout: options.greetingTimeoutMs ?? 10_000,
        socketTimeout: options.socketTimeoutMs ?? 30_000,
        // Messages are plain text written by the site: nothing may make nodemailer read files or URLs.
        disableFileAccess: true,
        disableUrlAccess: true,
      }),
    );
    return transporter;
  };
  const domain = senderDomain(options.from);
  return {
    describe: `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`,
    async send(message) {
      try {
        await (await transport()).sendMail({
          from: options.from,
          to: message.to,
          ...(message.replyTo ? { replyTo: message.replyTo } : {}),
          subject: message.subject,
          text: message.text,
          messageId: `<${message.key}@${domain}>`,
        });
      } catch (error) {
        const { message: text, code, command, responseCode } = error as NodemailerError;
        const refusedThisMessage =
          (command === 'RCPT TO' || command === 'DATA') &&
          typeof responseCode === 'number' &&
          responseCode >= 500 &&
          responseCode < 600;
        throw new SmtpDeliveryError(text ?? String(error), {
          permanent: refusedThisMessage,
          code,
          cause: error,
        });
      }
    },
    close() {
      void transporter?.then((open) => open.close());
    },
  };
}
