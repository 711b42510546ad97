import { type FormEvent, useState } from 'react';
import { messages, type WorkspaceClient } from 'shared-kernel';
import { navigate, ROUTES } from '../../routing/router.ts';
import { markWelcome } from '../loading/index.ts';
import styles from './auth-form.module.css';

type Mode = 'sign-in' | 'sign-up';
type Feedback = { kind: 'error' | 'notice'; text: string } | null;

/** Where the password-reset e-mail's link lands. */
export function resetPasswordUrl(): string {
  return `${window.location.origin}${ROUTES.resetPassword}`;
}

/** Sign in, create an account, or ask for a password-reset e-mail. */
export function LoginPage({ client }: { client: WorkspaceClient }) {
  const [mode, setMode] = useState<Mode>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFeedback(null);
    const credentials = { email: email.trim(), password };
    const { data, error } =
      mode === 'sign-in'
        ? await client.auth.signInWithPassword(credentials)
        : await client.auth.signUp({
            ...credentials,
            options: { emailRedirectTo: `${window.location.origin}${ROUTES.workspace}` },
          });
    setBusy(false);
    if (error) return setFeedback({ kind: 'error', text: error.message });
    if (data.session) {
      markWelcome();
      return navigate(ROUTES.workspace, { replace: true });
    }
    setFeedback({ kind: 'notice', text: 'Check your e-mail to confirm your account.' });
  }

  async function sendReset() {
    const address = email.trim();
    if (!address) return setFeedback({ kind: 'error', text: messages.resetEmail.noEmail });
    setBusy(true);
    const { error } = await client.auth.resetPasswordForEmail(address, { redirectTo: resetPasswordUrl() });
    setBusy(false);
    setFeedback(
      error ? { kind: 'error', text: error.message } : { kind: 'notice', text: messages.resetEmail.sent },
    );
  }

  const signingIn = mode === 'sign-in';
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="login-title">
        <h1 id="login-title" className={styles.title}>
          {signingIn ? 'Sign in' : 'Create your account'}
        </h1>
        <p className={styles.subtitle}>Your ideas, your writings, and an assistant that knows them.</p>
        <form className={styles.form} onSubmit={submit}>
          <label className={styles.field}>
            Email
            <input
              className={styles.input}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </label>
          <label className={styles.field}>
            Password
            <input
              className={styles.input}
              type="password"
              autoComplete={signingIn ? 'current-password' : 'new-password'}
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          {feedback && (
            <p
              className={feedback.kind === 'error' ? styles.error : styles.notice}
              role={feedback.kind === 'error' ? 'alert' : 'status'}
            >
              {feedback.text}
            </p>
          )}
          <button className={styles.primary} type="submit" disabled={busy}>
            {signingIn ? 'Sign in' : 'Create account'}
          </button>
        </form>
        <div className={styles.links}>
          <button
            type="button"
            className={styles.link}
            onClick={() => {
              setMode(signingIn ? 'sign-up' : 'sign-in');
              setFeedback(null);
            }}
          >
            {signingIn ? 'Create an account' : 'I have an account'}
          </button>
          {signingIn && (
            <button type="button" className={styles.link} onClick={sendReset} disabled={busy}>
              Forgot password?
            </button>
          )}
        </div>
      </section>
    </main>
  );
}
