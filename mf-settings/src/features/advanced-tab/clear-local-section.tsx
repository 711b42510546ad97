import { useState } from 'react';
import { ConfirmDialog, messages, unsyncedChanges } from 'shared-kernel';
import { formStyles } from '../../lib/controls/index.ts';
import { clearLocalData } from './local-data.ts';

const texts = messages.settings.advanced;

/** Clear this device's data: asks first, refuses while changes wait to sync, then reloads the page. */
export function ClearLocalSection() {
  const [asking, setAsking] = useState(false);
  const [refused, setRefused] = useState(0);

  function request() {
    const waiting = unsyncedChanges();
    setRefused(waiting);
    if (waiting === 0) setAsking(true);
  }
  async function clear() {
    const outcome = await clearLocalData();
    if (!outcome.cleared) return setRefused(outcome.unsynced);
    window.location.reload();
  }

  return (
    <section className={formStyles.section} aria-labelledby="settings-clear-local">
      <h4 className={formStyles.sectionTitle} id="settings-clear-local">
        {texts.clearLocal}
      </h4>
      <p className={formStyles.hint}>{texts.clearLocalHint}</p>
      <div className={formStyles.actions}>
        <button type="button" className={formStyles.button} onClick={request}>
          {texts.clearLocal}
        </button>
      </div>
      {refused > 0 && (
        <p className={formStyles.error} role="alert">
          {texts.clearRefused(refused)}
        </p>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={texts.clearLocalConfirm}
        confirmLabel={texts.clearLocal}
        onConfirm={() => void clear()}
      />
    </section>
  );
}
