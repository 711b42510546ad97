import { type FormEvent, useState } from 'react';
import { messages, validateNewPassword, type WorkspaceClient } from 'shared-kernel';
import { navigate, ROUTES } from '../../routing/router.ts';
import { showToast } from '../toasts/index.ts';
import styles from './auth-form.module.css';

/**
 * Where the password-reset e-mail's link lands: the auth client has already taken the recovery session
 * from the URL; the writer picks a new password and goes on into the workspace.
 */
export function ResetPasswordPage({ client }: { client: WorkspaceClient }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validateNewPassword({ password, confirmation });
    if (!checked.ok) return setError(checked.error);
    setBusy(true);
    setError(null);
    const { error: updateError } = await client.auth.updateUser({ password: checked.value });
    setBusy(false);
    if (updateError) return setError(updateError.message);
    showToast('success', messages.password.updated);
    navigate(ROUTES.workspace, { replace: true });
  }

  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="reset-title">
        <h1 id="reset-title" className={styles.title}>
          Choose a new password
        </h1>
        <form className={styles.form} onSubmit={submit} noValidate>
          <label className={styles.field}>
            New password
            <input
              className={styles.input}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          <label className={styles.field}>
            Confirm new password
            <input
              className={styles.input}
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          </label>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <button className={styles.primary} type="submit" disabled={busy}>
            Update password
          </button>
        </form>
      </section>
    </main>
  );
}
