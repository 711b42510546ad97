import { useRef, useState } from 'react';
import { messages, type WorkspaceClient } from 'shared-kernel';
import { formStyles } from '../../lib/controls/index.ts';
import { type AccountOutcome, uploadAvatar } from './account-data.ts';
import styles from './account-tab.module.css';
import { OutcomeLine } from './outcome-line.tsx';

const texts = messages.settings.account;

/** The writer's avatar, or the initial of their name or e-mail, with a button to upload a new picture. */
export function AvatarPicker({
  client,
  userId,
  avatarUrl,
  initial,
}: {
  client: WorkspaceClient;
  userId: string | undefined;
  avatarUrl: string | undefined;
  initial: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<AccountOutcome | null>(null);
  const [busy, setBusy] = useState(false);

  async function picked(file: File | undefined) {
    if (!file || !userId) return;
    setBusy(true);
    setOutcome(await uploadAvatar({ client, userId, file }));
    setBusy(false);
  }

  return (
    <div className={styles.avatarColumn}>
      {avatarUrl ? (
        <img className={styles.avatar} src={avatarUrl} alt="" />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {initial}
        </span>
      )}
      <button
        type="button"
        className={formStyles.button}
        disabled={busy || !userId}
        onClick={() => input.current?.click()}
      >
        {texts.changeAvatar}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label={texts.changeAvatar}
        onChange={(event) => {
          void picked(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <OutcomeLine outcome={outcome} />
    </div>
  );
}
