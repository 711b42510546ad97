import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import type { User } from 'shared-kernel';
import {
  ConfirmDialog,
  type EventBus,
  messages,
  touchTargetClass,
  unsyncedChanges,
  unsyncedSignOutText,
  type WorkspaceClient,
} from 'shared-kernel';
import { showToast } from '../toasts/index.ts';
import { ProfilePicture } from './profile-picture.tsx';
import styles from './user-menu.module.css';

/**
 * The Profile menu (Radix): the writer's e-mail, Settings, Take a break and Sign out. Signing out lands
 * on /login (the session listener moves the page there, in every tab). Mounted open: it is loaded by
 * the first press of the Profile button.
 */
export function ProfileMenu({ user, client, bus }: { user: User; client: WorkspaceClient; bus: EventBus }) {
  // The count of changes that would stay behind, while the writer is asked whether to sign out anyway.
  const [unsyncedAsked, setUnsyncedAsked] = useState(0);
  function requestSignOut() {
    const unsynced = unsyncedChanges();
    if (unsynced > 0) setUnsyncedAsked(unsynced);
    else void signOut();
  }
  async function signOut() {
    const { error } = await client.auth.signOut();
    if (error) showToast('error', messages.auth.signOutFailed);
    else showToast('success', messages.auth.signedOut);
  }
  return (
    <>
      {/* Not modal: a modal menu that opens a dialog leaves `pointer-events: none` on the body after both close
      (https://github.com/radix-ui/primitives/issues/1241). */}
      <DropdownMenu.Root modal={false} defaultOpen>
        <DropdownMenu.Trigger className={`${styles.trigger} ${touchTargetClass}`} aria-label="Profile">
          <ProfilePicture user={user} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.menu} side="top" align="start" sideOffset={6}>
            <DropdownMenu.Label className={styles.email}>{user.email}</DropdownMenu.Label>
            <DropdownMenu.Item className={styles.item} onSelect={() => bus.emit({ type: 'settings.open' })}>
              Settings
            </DropdownMenu.Item>
            <DropdownMenu.Item className={styles.item} onSelect={() => bus.emit({ type: 'break.start' })}>
              Take a break
            </DropdownMenu.Item>
            <DropdownMenu.Separator className={styles.separator} />
            <DropdownMenu.Item className={styles.item} onSelect={requestSignOut}>
              {messages.settings.signOut}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={unsyncedAsked > 0}
        onOpenChange={(open) => !open && setUnsyncedAsked(0)}
        title={unsyncedSignOutText(unsyncedAsked)}
        confirmLabel={messages.settings.signOut}
        onConfirm={() => void signOut()}
      />
    </>
  );
}
