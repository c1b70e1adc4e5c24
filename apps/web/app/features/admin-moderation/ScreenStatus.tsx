import type { CallProblem } from './admin-call.ts';

/** The sign-in path: the console's first page (issue 30 item 1). */
export const signInPath = '/admin';

/**
 * What a console screen says instead of (or above) its list: still loading, that the operator must sign
 * in (a call answered 401), or what failed.
 */
export function ScreenStatus({ loading, problem }: { loading: boolean; problem: CallProblem | undefined }) {
  if (problem?.signIn) {
    return (
      <div className="status status--error moderation__sign-in" role="alert">
        <p>You are not signed in, or your session has ended. Sign in to use the console.</p>
        <p>
          <a href={signInPath}>Sign in</a>
        </p>
      </div>
    );
  }
  if (problem) {
    return (
      <p className="status status--error" role="alert">
        {problem.text}
      </p>
    );
  }
  if (loading) {
    return (
      <p className="status" role="status">
        Loading...
      </p>
    );
  }
  return null;
}
