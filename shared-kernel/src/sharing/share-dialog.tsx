import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { messages } from '../domain/messages.ts';
import { type FolderPermission, nonBlank } from '../domain/validation.ts';
import { DialogFrame } from '../primitives/dialogs.tsx';
import type { WorkspaceClient } from '../supabase/client.ts';
import { Avatar } from './shared-avatars.tsx';
import styles from './sharing.module.css';
import {
  type Collaborator,
  listCollaborators,
  removeShare,
  shareCategory,
  updateSharePermission,
  watchShares,
} from './sharing-data.ts';

const texts = {
  title: 'Share',
  email: 'E-mail',
  read: 'Read',
  write: 'Write',
  remove: 'Remove',
  close: 'Close',
};

const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/**
 * The collaborators of category `categoryId` (`null` while loading), live: a collaborator accepting (no
 * longer 'Pending'), leaving, or a change from another tab shows while the dialog is open.
 */
function useCollaborators(
  client: WorkspaceClient,
  categoryId: string,
): [readonly Collaborator[] | null, () => Promise<void>] {
  const [collaborators, setCollaborators] = useState<readonly Collaborator[] | null>(null);
  const reload = useCallback(async () => {
    setCollaborators(await listCollaborators({ client, categoryId }));
  }, [client, categoryId]);
  useEffect(() => {
    reload().catch(() => setCollaborators([]));
    return watchShares(client, `category_id=eq.${categoryId}`, () => void reload().catch(() => {}));
  }, [client, categoryId, reload]);
  return [collaborators, reload];
}

/**
 * The share dialog of a category (a writings folder or an ideas category): share by e-mail with read or
 * write access, change a collaborator's permission, remove them. The list follows the shares live (an
 * invitation accepted is no longer 'Pending'). Every failure shows the spec's text.
 */
export function ShareDialog({
  client,
  userId,
  category,
  onClose,
  onChange,
}: {
  client: WorkspaceClient;
  userId: string;
  category: { readonly id: string; readonly name: string };
  onClose: () => void;
  /** After a share was added, changed or removed. */
  onChange?: () => void;
}) {
  const [collaborators, reload] = useCollaborators(client, category.id);
  const [email, setEmail] = useState('');
  const [permission, setPermission] = useState<FolderPermission>('read');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      await reload();
      onChange?.();
      return true;
    } catch (failure) {
      setError(errorText(failure, fallback));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const share = async (event: FormEvent) => {
    event.preventDefault();
    const shared = await run(
      () => shareCategory({ client, userId, categoryId: category.id, email, permission }),
      messages.sharing.shareFailed,
    );
    if (shared) setEmail('');
  };

  return (
    // Radix Dialog: focus trapped, Escape and Close dismiss it, focus returns to the Share button.
    <DialogFrame
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${texts.title} ${category.name}`}
      heading={`${texts.title} “${category.name}”`}
      closeLabel={texts.close}
    >
      <div className={styles.body}>
        <form className={styles.form} onSubmit={(event) => void share(event)}>
          <input
            type="email"
            aria-label={texts.email}
            placeholder="name@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <select
            aria-label="Permission"
            value={permission}
            onChange={(event) => setPermission(event.target.value === 'write' ? 'write' : 'read')}
          >
            <option value="read">{texts.read}</option>
            <option value="write">{texts.write}</option>
          </select>
          <button type="submit" disabled={busy || nonBlank(email) === null}>
            {texts.title}
          </button>
        </form>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        {collaborators?.length === 0 && <p className={styles.empty}>{messages.sharing.noCollaborators}</p>}
        <ul className={styles.collaborators}>
          {collaborators?.map((collaborator) => (
            <li key={collaborator.shareId} className={styles.collaborator}>
              <Avatar user={collaborator} />
              <span className={styles.who}>{collaborator.email ?? collaborator.name}</span>
              {/* Invited, not accepted: the share gives no access yet. */}
              {collaborator.pending && <span className={styles.pending}>{messages.sharing.pending}</span>}
              <select
                aria-label={`Permission of ${collaborator.email ?? ''}`}
                value={collaborator.permission}
                disabled={busy}
                onChange={(event) =>
                  void run(
                    () =>
                      updateSharePermission({
                        client,
                        shareId: collaborator.shareId,
                        permission: event.target.value === 'write' ? 'write' : 'read',
                      }),
                    messages.sharing.updatePermissionFailed,
                  )
                }
              >
                <option value="read">{texts.read}</option>
                <option value="write">{texts.write}</option>
              </select>
              <button
                type="button"
                disabled={busy}
                aria-label={`${texts.remove} ${collaborator.email ?? ''}`}
                onClick={() =>
                  void run(
                    () => removeShare({ client, shareId: collaborator.shareId }),
                    messages.sharing.removeShareFailed,
                  )
                }
              >
                {texts.remove}
              </button>
            </li>
          ))}
        </ul>
      </div>
    </DialogFrame>
  );
}
