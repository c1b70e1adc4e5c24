import {
  type ContactFieldErrors,
  contactFieldErrors,
  contactMessageMaxLength,
  contactMessages,
  contactTexts,
} from '@hurryup/contracts/contact-rules';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../shared/api-error.ts';
import { callApiLazily } from '../../shared/lazy-api-client.ts';

type Status = { kind: 'sent' | 'failed'; text: string } | undefined;

/**
 * What a refused send says: the server's field messages stay by their fields; a limit reached says so in
 * the server's words; anything else (no answer, a 5xx, a timeout) is the specification's failure text.
 */
function refusal(error: unknown): { fields?: ContactFieldErrors; status?: Status } {
  if (error instanceof ApiError && error.status === 400 && error.fields) {
    const { email, message } = error.fields;
    if (email || message) return { fields: { email, message } };
  }
  if (error instanceof ApiError && error.status === 429)
    return { status: { kind: 'failed', text: error.message } };
  return { status: { kind: 'failed', text: contactMessages.failed } };
}

/**
 * The contact form (content-and-shell.md sections 4 and 5): checked here with the exact messages, sent
 * only when every check passes, then 'Email sent successfully!' (both fields cleared, errors removed) or
 * 'Failed to send email. Please try again.'. The server checks again and stores the message before it
 * answers; no mail provider's key is ever in this page.
 */
export function ContactForm() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [status, setStatus] = useState<Status>(undefined);
  const [sending, setSending] = useState(false);
  const honeypot = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const found = contactFieldErrors({ email, message });
    setErrors(found);
    setStatus(undefined);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await callApiLazily(() => import('@hurryup/contracts/contact').then((c) => c.sendContactMessage), {
        body: { email: email.trim(), message, website: honeypot.current?.value ?? '' },
      });
      setEmail('');
      setMessage('');
      setErrors({});
      setStatus({ kind: 'sent', text: contactMessages.sent });
    } catch (error) {
      const { fields, status: failed } = refusal(error);
      if (fields) setErrors(fields);
      setStatus(failed);
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="contact-form" onSubmit={submit} noValidate>
      <div className="contact-form__field">
        <label htmlFor="contact-email">{contactTexts.emailLabel}</label>
        <input
          id="contact-email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'contact-email-error' : undefined}
        />
        {errors.email ? (
          <p id="contact-email-error" className="contact-form__error">
            {errors.email}
          </p>
        ) : null}
      </div>
      <div className="contact-form__field">
        <label htmlFor="contact-message">{contactTexts.messageLabel}</label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          maxLength={contactMessageMaxLength}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={`contact-message-count${errors.message ? ' contact-message-error' : ''}`}
        />
        <p id="contact-message-count" className="contact-form__count">
          {message.length} / {contactMessageMaxLength}
        </p>
        {errors.message ? (
          <p id="contact-message-error" className="contact-form__error">
            {errors.message}
          </p>
        ) : null}
      </div>
      {/* People never see this field; robots that fill in every field do. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          ref={honeypot}
        />
      </div>
      <button type="submit" className="button" disabled={sending}>
        {sending ? contactTexts.sending : contactTexts.submit}
      </button>
      <p
        className={`contact-form__status${status ? ` contact-form__status--${status.kind}` : ''}`}
        role="status"
      >
        {status?.text}
      </p>
    </form>
  );
}
