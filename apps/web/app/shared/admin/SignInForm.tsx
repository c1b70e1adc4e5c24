import { type FormEvent, useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '../api-error.ts';
import { callApiLazily } from '../lazy-api-client.ts';

/**
 * The console's sign-in: 'Email', 'Password', 'Sign in'. The server sets the session cookie; the console's
 * data is then loaded again, now signed in. A wrong email or password, a locked-out email (429) and a
 * network failure are said in words beside the form.
 */
export function SignInForm() {
  const id = useId();
  const revalidator = useRevalidator();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    setFields({});
    try {
      await callApiLazily(() => import('@hurryup/contracts/operators').then((c) => c.signIn), {
        body: { email, password },
      });
      setPassword('');
      await revalidator.revalidate();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setFields(error.fields);
      setProblem(error instanceof Error ? error.message : 'Could not sign in. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'email' | 'password') => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby': fields[name] ? `${id}-${name}-problem` : undefined,
  });
  return (
    <div className="admin-sign-in">
      <h1>Sign in to the console</h1>
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="admin-field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            {...field('email')}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {fields.email ? (
            <p className="admin-field__problem" id={`${id}-email-problem`}>
              {fields.email}
            </p>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            {...field('password')}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {fields.password ? (
            <p className="admin-field__problem" id={`${id}-password-problem`}>
              {fields.password}
            </p>
          ) : null}
        </div>
        {problem && Object.keys(fields).length === 0 ? (
          <p className="status status--error" role="alert">
            {problem}
          </p>
        ) : null}
        <div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </div>
      </form>
    </div>
  );
}
