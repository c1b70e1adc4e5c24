/**
 * What the contact page reads from the server: the address its email link shows, where messages go
 * (CONTACT_TO, else the From address of MAIL_FROM).
 */
export interface ContactPageData {
  publicEmail(): string | undefined;
}

declare module '../../load-context.ts' {
  interface PageData {
    contact: ContactPageData;
  }
}
