import type { User } from '@supabase/supabase-js';
import { lazy, Suspense, useState } from 'react';
import type { EventBus, WorkspaceClient } from 'shared-kernel';
import { ProfilePicture } from './profile-picture.tsx';
import styles from './user-menu.module.css';

// Fetched on the first press of the Profile button rather than with the page: Radix's menu, positioning
// and focus machinery is about 20 KB gzip of the first load (ARCHITECTURE.md, initial JS budget).
const ProfileMenu = lazy(() =>
  import('./profile-menu.tsx').then((module) => ({ default: module.ProfileMenu })),
);

/**
 * The signed-in writer's menu (the Profile button, with their avatar or initial): Settings, Take a break
 * and Sign out. Until its first press it is the button alone.
 */
export function UserMenu({ user, client, bus }: { user: User; client: WorkspaceClient; bus: EventBus }) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <button
      type="button"
      className={styles.trigger}
      aria-label="Profile"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => setWanted(true)}
    >
      <ProfilePicture user={user} />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <ProfileMenu user={user} client={client} bus={bus} />
    </Suspense>
  );
}
