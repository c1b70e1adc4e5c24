import { describe, expect, it } from 'vitest';
import { contactFieldErrors } from './contact-rules.ts';

const emailError = (email: string) => contactFieldErrors({ email, message: 'Hi' }).email;

describe('the contact e-mail check', () => {
  it.each([
    'asha.k+news@mail.example.in',
    'a@exämple.com',
    'a@münchen.de',
    'asha@मेरा.भारत',
    'a@例え.テスト',
    'a@xn--exmple-cua.com',
    'a@example.xn--h2brj9c',
    'A.B@Example.IN',
  ])('accepts %s (internationalised domain names included)', (email) => {
    expect(emailError(email)).toBeUndefined();
  });

  it.each([
    'asha',
    'asha@',
    'asha@example',
    'asha@example.c',
    'asha@example.comma',
    'a b@example.in',
    'a@exa mple.in',
    'a@example.in\r\nBcc: victim@example.in',
    'a@example.in\nBcc: victim@example.in',
    'a@example.in,b@example.in',
    'a@example.in, b@example.in',
    'a@example.in;b@example.in',
    '"Asha" <a@example.in>',
    '<a@example.in>',
    'a@b@example.in',
    'a@example..in',
    'a@.example.in',
  ])('refuses %j', (email) => {
    expect(emailError(email)).toBe('Invalid email format.');
  });
});
