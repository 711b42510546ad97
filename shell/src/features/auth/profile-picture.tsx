import type { User } from 'shared-kernel';
import styles from './user-menu.module.css';

function initial(user: User): string {
  const name = (user.user_metadata?.name as string | undefined) ?? user.email ?? '?';
  return name.trim().charAt(0).toUpperCase() || '?';
}

/** The face of the Profile button: the writer's avatar, or the initial of their name or e-mail. */
export function ProfilePicture({ user }: { user: User }) {
  const avatarUrl = user.user_metadata?.avatar_url as string | undefined;
  return avatarUrl ? (
    <img className={styles.avatar} src={avatarUrl} alt="" />
  ) : (
    <span className={styles.initial}>{initial(user)}</span>
  );
}
