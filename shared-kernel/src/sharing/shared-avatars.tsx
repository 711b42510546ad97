import styles from './sharing.module.css';
import type { Collaborator } from './sharing-data.ts';

/** The avatars shown at most before the rest are counted as '+N'. */
export const AVATARS_SHOWN = 3;

type AvatarUser = Pick<Collaborator, 'userId' | 'email' | 'name' | 'avatarUrl'>;

function initial(user: AvatarUser): string {
  return (user.name ?? user.email ?? '?').trim().charAt(0).toUpperCase() || '?';
}

/** A user's picture, or the initial of their name or e-mail. */
export function Avatar({ user }: { user: AvatarUser }) {
  const url = user.avatarUrl;
  const label = user.name ?? user.email ?? '';
  return url ? (
    <img className={styles.avatar} src={url} alt={label} title={label} />
  ) : (
    <span className={styles.avatar} title={label} role="img" aria-label={label}>
      {initial(user)}
    </span>
  );
}

/** Up to three avatars of the people something is shared with, then '+N' for the others. */
export function SharedAvatars({ users }: { users: readonly AvatarUser[] }) {
  const hidden = users.length - AVATARS_SHOWN;
  return (
    <span className={styles.avatars}>
      {users.slice(0, AVATARS_SHOWN).map((user) => (
        <Avatar key={user.userId} user={user} />
      ))}
      {hidden > 0 && <span className={styles.more}>+{hidden}</span>}
    </span>
  );
}
