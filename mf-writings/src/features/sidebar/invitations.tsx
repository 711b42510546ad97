import { useCallback, useEffect, useRef, useState } from 'react';
import {
  acceptInvitation,
  declineInvitation,
  type Invitation,
  listInvitations,
  messages,
  notifyDesktop,
  type WorkspaceClient,
  watchShares,
} from 'shared-kernel';
import { refreshFolders } from '../writings-store/index.ts';
import styles from './invitations.module.css';

/** The signed-in user's invitations, kept current by realtime (a share made or withdrawn). */
function useInvitations(client: WorkspaceClient, userId: string) {
  const [invitations, setInvitations] = useState<readonly Invitation[]>([]);
  // The shares seen so far (null before the first load, whose invitations are not news).
  const known = useRef<Set<string> | null>(null);
  const reload = useCallback(async () => {
    const next = await listInvitations({ client });
    // A folder or ideas category newly shared while the page is open: a desktop notification, when the
    // writer wants them.
    for (const invitation of next) {
      if (!known.current || known.current.has(invitation.shareId)) continue;
      notifyDesktop({
        title: messages.settings.notifications.shared(invitation.itemType),
        body: messages.sharing.invitedBy(
          invitation.ownerName ?? invitation.ownerEmail ?? '',
          invitation.categoryName,
          invitation.itemType,
        ),
      });
    }
    known.current = new Set([...(known.current ?? []), ...next.map((invitation) => invitation.shareId)]);
    setInvitations(next);
  }, [client]);
  useEffect(() => {
    reload().catch(() => {});
    return watchShares(client, `shared_with_user_id=eq.${userId}`, () => void reload().catch(() => {}));
  }, [client, userId, reload]);
  return { invitations, reload };
}

/**
 * Folders others shared with the user, waiting for Accept or Decline: a share gives no access until
 * accepted, so nobody can put a folder in someone's sidebar unasked. The inviter is named by their
 * account's e-mail, which they cannot edit.
 */
export function Invitations({ client, userId }: { client: WorkspaceClient; userId: string }) {
  const { invitations, reload } = useInvitations(client, userId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const answer = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      await reload();
      await refreshFolders();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.sharing.acceptFailed);
    } finally {
      setBusy(false);
    }
  };

  if (invitations.length === 0 && error === null) return null;
  return (
    <section className={styles.invitations} aria-label={messages.sharing.invitations}>
      <h2 className={styles.heading}>{messages.sharing.invitations}</h2>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <ul className={styles.list}>
        {invitations.map((invitation) => (
          <li
            key={invitation.shareId}
            className={styles.invitation}
            data-invitation-folder={invitation.categoryName}
          >
            <p className={styles.text}>
              {messages.sharing.invitedBy(
                invitation.ownerEmail ?? invitation.ownerName ?? '',
                invitation.categoryName,
                invitation.itemType,
              )}
            </p>
            <p className={styles.access}>
              {invitation.permission === 'write' ? messages.sharing.editAccess : messages.sharing.viewOnly}
            </p>
            <div className={styles.buttons}>
              <button
                type="button"
                className={styles.accept}
                disabled={busy}
                onClick={() => void answer(() => acceptInvitation({ client, shareId: invitation.shareId }))}
              >
                {messages.sharing.accept}
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => void answer(() => declineInvitation({ client, shareId: invitation.shareId }))}
              >
                {messages.sharing.decline}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
