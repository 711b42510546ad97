import { type FormEvent, useState } from 'react';
import { messages, type WorkspaceClient } from 'shared-kernel';
import { formStyles } from '../../lib/controls/index.ts';
import { type AccountOutcome, changePassword } from './account-data.ts';
import { OutcomeLine } from './outcome-line.tsx';

const texts = messages.settings.account;

/** New password and its confirmation; the rules' texts and the service's message show under the form. */
export function PasswordForm({ client }: { client: WorkspaceClient }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [outcome, setOutcome] = useState<AccountOutcome | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await changePassword({ client, password, confirmation });
    setBusy(false);
    setOutcome(result);
    if (result.ok) {
      setPassword('');
      setConfirmation('');
    }
  }

  return (
    <form className={formStyles.section} onSubmit={submit} noValidate aria-label={texts.passwordHeading}>
      <h4 className={formStyles.sectionTitle}>{texts.passwordHeading}</h4>
      <label className={formStyles.field}>
        {texts.newPassword}
        <input
          className={formStyles.input}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </label>
      <label className={formStyles.field}>
        {texts.confirmPassword}
        <input
          className={formStyles.input}
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
      </label>
      <OutcomeLine outcome={outcome} />
      <div className={formStyles.actions}>
        <button className={`${formStyles.button} ${formStyles.primary}`} type="submit" disabled={busy}>
          {texts.updatePassword}
        </button>
      </div>
    </form>
  );
}
