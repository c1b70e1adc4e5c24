/** What the contact page reads from the server: the address its email link shows (none when unset). */
export interface ContactPageData {
  publicEmail(): string | undefined;
}

declare module '../../load-context.ts' {
  interface PageData {
    contact: ContactPageData;
  }
}
