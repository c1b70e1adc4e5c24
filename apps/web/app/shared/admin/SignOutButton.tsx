import { useState } from 'react';
import { callApiLazily } from '../lazy-api-client.ts';

/** Ends the console session (on the server, for every process) and returns to the sign-in form. */
export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  async function signOut() {
    setBusy(true);
    setProblem(undefined);
    try {
      await callApiLazily(() => import('@hurryup/contracts/operators').then((c) => c.signOut));
      // A whole new page: nothing of the session stays in memory.
      window.location.assign('/admin');
    } catch (error) {
      setBusy(false);
      setProblem(error instanceof Error ? error.message : 'Could not sign out. Please try again.');
    }
  }
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={busy}
        onClick={signOut}
      >
        Sign out
      </button>
      {problem ? (
        <p className="admin-field__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
