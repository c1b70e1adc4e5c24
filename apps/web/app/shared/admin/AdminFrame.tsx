import type { ReactNode } from 'react';
import { adminScreens } from './admin-paths.ts';

/**
 * The frame of every operator console screen: the console's navigation and the screen's heading.
 * (The session check and 'Sign out' join it with the sign-in work.)
 */
export function AdminFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="admin-frame">
      <nav className="admin-frame__nav" aria-label="Console">
        <ul>
          {adminScreens.map((screen) => (
            <li key={screen.path}>
              <a href={screen.path}>{screen.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="admin-frame__main" id="main">
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
