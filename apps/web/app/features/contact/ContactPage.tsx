import { contactTexts } from '@hurryup/contracts/contact-rules';
import { ContactForm } from './ContactForm.tsx';

/** /contact (content-and-shell.md "Contact screen"): heading, subtitle, invitation, email link and form. */
export function ContactPage({ email }: { email: string | undefined }) {
  return (
    <section className="page contact" aria-labelledby="contact-heading">
      <h1 id="contact-heading">{contactTexts.heading}</h1>
      <p className="contact__subtitle">{contactTexts.subtitle}</p>
      <p>{contactTexts.invite}</p>
      {email ? (
        <p>
          Email us at <a href={`mailto:${email}`}>{email}</a>, or write to us here.
        </p>
      ) : (
        <p>Write to us here and we will answer by email.</p>
      )}
      <ContactForm />
    </section>
  );
}
