import { type AreaProps, getSupabaseClient, messages } from 'shared-kernel';
import { formStyles } from '../../lib/controls/index.ts';
import styles from './account-tab.module.css';
import { AvatarPicker } from './avatar-picker.tsx';
import { DisplayNameForm } from './display-name-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { SessionActions } from './session-actions.tsx';
import { useAuthUser } from './use-auth-user.ts';

const texts = messages.settings.account;

function initialOf(name: string, email: string): string {
  return (name || email).trim().charAt(0).toUpperCase() || '?';
}

/** Account: e-mail (read-only), avatar or initial, display name, password, reset e-mail, sign out. */
export function AccountTab({ bus, backend, user: areaUser }: AreaProps) {
  const client = getSupabaseClient(backend);
  const user = useAuthUser(client);
  const email = user?.email ?? areaUser?.email ?? '';
  const name = (user?.user_metadata?.name as string | undefined) ?? '';
  const avatarUrl = user?.user_metadata?.avatar_url as string | undefined;

  return (
    <div className={formStyles.tab}>
      <section className={`${formStyles.section} ${styles.identity}`}>
        <AvatarPicker
          client={client}
          userId={user?.id ?? areaUser?.id}
          avatarUrl={avatarUrl}
          initial={initialOf(name, email)}
        />
        <div className={styles.fields}>
          <label className={formStyles.field}>
            {texts.email}
            <input className={formStyles.input} type="email" value={email} readOnly />
          </label>
          <DisplayNameForm client={client} name={name} />
        </div>
      </section>
      <PasswordForm client={client} />
      <SessionActions client={client} bus={bus} email={email} />
    </div>
  );
}
