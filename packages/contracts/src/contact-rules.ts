/*
 * The contact form's rules and exact messages (content-and-shell.md sections 5, 8 and 9), applied by the
 * page before sending and again by the server: free of zod, so the page carries none.
 */

export const contactMessageMaxLength = 500;

export const contactMessages = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email format.',
  notesEmpty: 'Notes cannot be empty.',
  notesTooLong: `Notes cannot exceed ${contactMessageMaxLength} characters.`,
  sent: 'Email sent successfully!',
  failed: 'Failed to send email. Please try again.',
  /** Our own refusals: a filled hidden field and a flood of messages. */
  honeypot: 'Your message could not be accepted.',
  tooMany: 'You have sent several messages in a short time. Please wait a while and try again.',
  tooManyForEveryone:
    'We are receiving an unusual number of messages right now. Please try again in an hour, or write to us by email.',
} as const;

/**
 * A simple address (content-and-shell.md section 5): local part, @, a dotted domain and a final part of 2 to 4
 * characters. The domain may be internationalised (`a@exämple.com`, `a@मेरा.भारत`, or its ASCII form
 * `a@xn--exmple-cua.com`, `a@example.xn--h2brj9c`): its parts are letters, marks, digits and hyphens of any
 * script. No space, comma, angle bracket, quote or line break anywhere, so one address is all it can hold
 * and nothing can be added to a mail header through it.
 */
export const contactEmailPattern =
  /^[A-Za-z0-9._%+-]+@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)*\.(?:[\p{L}\p{M}]{2,4}|xn--[a-z0-9-]{2,59})$/iu;

/** Messages per visitor (client address) in `contactWindowMinutes` before 429. */
export const contactMessagesPerWindow = 5;
export const contactWindowMinutes = 10;

export type ContactFieldErrors = Partial<Record<'email' | 'message', string>>;

/** The section 5 checks, in the page and on the server; an empty object when the form may be sent. */
export function contactFieldErrors(form: { email: string; message: string }): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  const email = form.email.trim();
  if (email === '') errors.email = contactMessages.emailRequired;
  else if (!contactEmailPattern.test(email)) errors.email = contactMessages.emailInvalid;
  const message = form.message.trim();
  if (message === '') errors.message = contactMessages.notesEmpty;
  else if (form.message.length > contactMessageMaxLength) errors.message = contactMessages.notesTooLong;
  return errors;
}

/** The contact email link the page shows (content-and-shell.md "Contact screen"). */
export const contactTexts = {
  heading: 'Contact Us',
  subtitle: 'Have a question?',
  invite:
    'Ask us anything about the site, an offer or a tool, or tell us what to add next. We read every message and answer by email.',
  emailLabel: 'Email Address*',
  messageLabel: 'Message*',
  submit: 'Submit',
  sending: 'Sending...',
} as const;
