import { type FormEvent, useEffect, useState } from 'react';
import { messages, type WorkspaceClient } from 'shared-kernel';
import { formStyles } from '../../lib/controls/index.ts';
import { type AccountOutcome, updateDisplayName } from './account-data.ts';
import { OutcomeLine } from './outcome-line.tsx';

const texts = messages.settings.account;

/** The writer's name as collaborators see it. */
export function DisplayNameForm({ client, name }: { client: WorkspaceClient; name: string }) {
  const [value, setValue] = useState(name);
  const [outcome, setOutcome] = useState<AccountOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(name), [name]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setOutcome(await updateDisplayName({ client, name: value }));
    setBusy(false);
  }

  return (
    <form className={formStyles.actions} onSubmit={submit} noValidate>
      <label className={formStyles.field} style={{ flex: 1 }}>
        {texts.displayName}
        <input
          className={formStyles.input}
          autoComplete="name"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      <button className={formStyles.button} type="submit" disabled={busy} style={{ alignSelf: 'flex-end' }}>
        {texts.saveName}
      </button>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}
