import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { User } from '@supabase/supabase-js';
import { type EventBus, messages, type WorkspaceClient } from 'shared-kernel';
import { toast } from 'sonner';
import styles from './user-menu.module.css';

function initial(user: User): string {
  const name = (user.user_metadata?.name as string | undefined) ?? user.email ?? '?';
  return name.trim().charAt(0).toUpperCase() || '?';
}

/**
 * The signed-in writer's menu (the Profile button): their avatar or initial, Settings, and Sign out.
 * Signing out lands on /login (the session listener moves the page there, in every tab).
 */
export function UserMenu({ user, client, bus }: { user: User; client: WorkspaceClient; bus: EventBus }) {
  const avatarUrl = user.user_metadata?.avatar_url as string | undefined;
  async function signOut() {
    const { error } = await client.auth.signOut();
    if (error) toast.error(messages.auth.signOutFailed);
    else toast.success(messages.auth.signedOut);
  }
  return (
    // Not modal: a modal menu that opens a dialog leaves `pointer-events: none` on the body after both close
    // (https://github.com/radix-ui/primitives/issues/1241).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.trigger} aria-label="Profile">
        {avatarUrl ? (
          <img className={styles.avatar} src={avatarUrl} alt="" />
        ) : (
          <span className={styles.initial}>{initial(user)}</span>
        )}
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
          <DropdownMenu.Item className={styles.item} onSelect={signOut}>
            {messages.settings.signOut}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
