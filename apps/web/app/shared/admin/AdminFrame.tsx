import type { ReactNode } from 'react';
import { NavLink, useRouteLoaderData } from 'react-router';
import adminStylesUrl from './admin.css?url';
import { adminScreens } from './admin-paths.ts';
import { type AdminSessionData, adminLayoutId } from './admin-session.ts';
import { SignInForm } from './SignInForm.tsx';
import { SignOutButton } from './SignOutButton.tsx';

/**
 * The frame of every operator console screen: the console's stylesheet (linked from here only, so no public
 * page carries it), who is signed in with 'Sign out', the console's navigation and the screen's heading.
 * A visitor who is not signed in gets the sign-in form instead of the screen; with the admin API switched
 * off (no ADMIN_TOKEN) the console says so. The session comes from the console's layout route
 * (routes/admin-layout.tsx), which every console route sits under.
 */
export function AdminFrame({
  title,
  actions,
  children,
}: {
  title: string;
  /** Buttons or links beside the heading ('New post'). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const session = useRouteLoaderData<AdminSessionData>(adminLayoutId);
  const styles = <link rel="stylesheet" href={adminStylesUrl} precedence="default" />;
  if (session && !session.enabled) {
    return (
      <div className="admin">
        {styles}
        <div className="admin-sign-in">
          <h1>The console is switched off</h1>
          <p>
            The admin API is off on this server: set <code>ADMIN_TOKEN</code> and restart it to use the
            console (docs/operations.md, "Operators").
          </p>
        </div>
      </div>
    );
  }
  if (session && !session.operator) {
    return (
      <div className="admin">
        {styles}
        <SignInForm />
      </div>
    );
  }
  return (
    <div className="admin">
      {styles}
      <div className="admin-bar">
        <a className="admin-bar__name" href="/admin">
          Console
        </a>
        {session?.operator ? (
          <>
            <span className="admin-bar__who">
              Signed in as <strong>{session.operator.email}</strong>
            </span>
            <SignOutButton />
          </>
        ) : null}
      </div>
      <div className="admin-layout">
        <nav className="admin-nav" aria-label="Console">
          <ul>
            {adminScreens.map((screen) => (
              <li key={screen.path}>
                <NavLink to={screen.path} end={screen.path === '/admin'} prefetch="none">
                  {screen.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-screen">
          <div className="admin-screen__head">
            <h1>{title}</h1>
            {actions}
          </div>
          {children}
        </div>
      </div>
    </div>
  );
}
