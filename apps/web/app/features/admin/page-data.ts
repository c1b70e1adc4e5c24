/** What the console's pages read on the server: who is signed in, from the request's session cookie. */
export interface AdminPageData {
  /** Whether the admin API is on (ADMIN_TOKEN is set): without it the console cannot work. */
  enabled: boolean;
  /** The signed-in operator of the request's `Cookie` header, or null (none, ended, or the operator removed). */
  session(cookieHeader: string | null): Promise<{ email: string } | null>;
}

declare module '../../load-context.ts' {
  interface PageData {
    admin: AdminPageData;
  }
}
