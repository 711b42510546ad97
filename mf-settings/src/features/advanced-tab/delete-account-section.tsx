import { type FormEvent, useState } from 'react';
import { ConfirmDialog, messages, type WorkspaceClient } from 'shared-kernel';
import { formStyles } from '../../lib/controls/index.ts';
import { deleteMyAccount } from './delete-account.ts';

const texts = messages.settings.advanced;

/**
 * Delete account: the password, then a last question; the server removes everything and the page goes
 * to /login (the shell follows the sign-out).
 */
export function DeleteAccountSection({ client }: { client: WorkspaceClient }) {
  const [password, setPassword] = useState('');
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function request(event: FormEvent) {
    event.preventDefault();
    if (password === '') return setError(texts.passwordRequired);
    setError(null);
    setAsking(true);
  }
  async function remove() {
    setBusy(true);
    const outcome = await deleteMyAccount({ client, password });
    setBusy(false);
    if (!outcome.ok) setError(outcome.error);
  }

  return (
    <form
      className={formStyles.section}
      onSubmit={request}
      noValidate
      aria-labelledby="settings-delete-account"
    >
      <h4 className={formStyles.sectionTitle} id="settings-delete-account">
        {texts.deleteAccount}
      </h4>
      <p className={formStyles.hint}>{texts.deleteAccountHint}</p>
      <label className={formStyles.field}>
        {texts.deleteAccountPassword}
        <input
          className={formStyles.input}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      {error && (
        <p className={formStyles.error} role="alert">
          {error}
        </p>
      )}
      <div className={formStyles.actions}>
        <button type="submit" className={`${formStyles.button} ${formStyles.danger}`} disabled={busy}>
          {texts.deleteAccount}
        </button>
      </div>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={texts.deleteAccountConfirm}
        irreversible
        confirmLabel={texts.deleteAccount}
        onConfirm={() => void remove()}
      />
    </form>
  );
}
