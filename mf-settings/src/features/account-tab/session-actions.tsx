import { useState } from 'react';
import {
  ConfirmDialog,
  type EventBus,
  messages,
  unsyncedChanges,
  unsyncedSignOutText,
  type WorkspaceClient,
} from 'shared-kernel';
import { formStyles } from '../../lib/controls/index.ts';
import { type AccountOutcome, sendResetEmail, signOut } from './account-data.ts';
import { OutcomeLine } from './outcome-line.tsx';

const texts = messages.settings;

/**
 * Send Reset Email and Sign Out. Signing out asks first while changes wait to sync (as the Profile menu
 * does); once signed out the shell moves the page to /login and shows 'Signed out successfully'.
 */
export function SessionActions({
  client,
  bus,
  email,
}: {
  client: WorkspaceClient;
  bus: EventBus;
  email: string | null | undefined;
}) {
  const [resetOutcome, setResetOutcome] = useState<AccountOutcome | null>(null);
  const [signOutOutcome, setSignOutOutcome] = useState<AccountOutcome | null>(null);
  const [unsyncedAsked, setUnsyncedAsked] = useState(0);
  const [busy, setBusy] = useState(false);

  async function reset() {
    setBusy(true);
    setResetOutcome(await sendResetEmail({ client, email, origin: window.location.origin }));
    setBusy(false);
  }
  async function confirmSignOut() {
    const outcome = await signOut({ client });
    if (outcome.ok) bus.emit({ type: 'toast.show', tone: 'success', text: outcome.text });
    else setSignOutOutcome(outcome);
  }
  function requestSignOut() {
    const unsynced = unsyncedChanges();
    if (unsynced > 0) setUnsyncedAsked(unsynced);
    else void confirmSignOut();
  }

  return (
    <>
      <section className={formStyles.section} aria-label={texts.sendResetEmail}>
        <p className={formStyles.hint}>{texts.account.resetHint}</p>
        <div className={formStyles.actions}>
          <button className={formStyles.button} type="button" onClick={reset} disabled={busy}>
            {texts.sendResetEmail}
          </button>
        </div>
        <OutcomeLine outcome={resetOutcome} />
      </section>
      <section className={formStyles.section} aria-label={texts.account.signOutHeading}>
        <div className={formStyles.actions}>
          <button
            className={`${formStyles.button} ${formStyles.danger}`}
            type="button"
            onClick={requestSignOut}
          >
            {texts.signOut}
          </button>
        </div>
        <OutcomeLine outcome={signOutOutcome} />
      </section>
      <ConfirmDialog
        open={unsyncedAsked > 0}
        onOpenChange={(open) => !open && setUnsyncedAsked(0)}
        title={unsyncedSignOutText(unsyncedAsked)}
        confirmLabel={texts.signOut}
        onConfirm={() => void confirmSignOut()}
      />
    </>
  );
}
