import type { User } from 'shared-kernel';
import { type EventBus, touchTargetClass, useOnDemand, type WorkspaceClient } from 'shared-kernel';
import { ProfilePicture } from './profile-picture.tsx';
import styles from './user-menu.module.css';

// Fetched on the first press of the Profile button rather than with the page: Radix's menu, positioning
// and focus machinery is about 20 KB gzip of the first load (docs/architecture.md, Budgets).
const loadProfileMenu = () => import('./profile-menu.tsx').then((module) => module.ProfileMenu);

/**
 * The signed-in writer's menu (the Profile button, with their avatar or initial): Settings, Take a break
 * and Sign out. Until its first press it is the button alone; the menu then opens once it has arrived.
 */
export function UserMenu({ user, client, bus }: { user: User; client: WorkspaceClient; bus: EventBus }) {
  const [ProfileMenu, requestProfileMenu] = useOnDemand(loadProfileMenu);
  if (ProfileMenu) return <ProfileMenu user={user} client={client} bus={bus} />;
  return (
    <button
      type="button"
      className={`${styles.trigger} ${touchTargetClass}`}
      aria-label="Profile"
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={requestProfileMenu}
    >
      <ProfilePicture user={user} />
    </button>
  );
}
