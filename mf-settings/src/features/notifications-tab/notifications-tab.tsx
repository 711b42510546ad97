import { useState } from 'react';
import { messages, updatePreferences, usePreferences } from 'shared-kernel';
import { formStyles, SwitchField } from '../../lib/controls/index.ts';

const texts = messages.settings.notifications;

/**
 * Turns desktop notifications on only once the browser allows them (asking for permission then); a
 * refusal leaves the switch off and says where to change it.
 */
async function enableDesktop(): Promise<boolean> {
  const NotificationApi = globalThis.Notification;
  if (!NotificationApi) return false;
  if (NotificationApi.permission === 'granted') return true;
  if (NotificationApi.permission === 'denied') return false;
  return (await NotificationApi.requestPermission()) === 'granted';
}

/** Notifications: desktop (the editor timer's end, a folder or ideas category shared with the writer), e-mail, mentions, updates. */
export function NotificationsTab() {
  const preferences = usePreferences();
  const [denied, setDenied] = useState(false);

  async function setDesktop(checked: boolean) {
    if (!checked) return updatePreferences({ desktopNotifications: false });
    const allowed = await enableDesktop().catch(() => false);
    setDenied(!allowed);
    updatePreferences({ desktopNotifications: allowed });
  }

  return (
    <div className={formStyles.tab}>
      <section className={formStyles.section}>
        <SwitchField
          label={texts.desktop}
          hint={texts.desktopHint}
          checked={preferences.desktopNotifications}
          onCheckedChange={(checked) => void setDesktop(checked)}
        />
        {denied && (
          <p className={formStyles.error} role="alert">
            {texts.desktopDenied}
          </p>
        )}
        <SwitchField
          label={texts.email}
          checked={preferences.emailNotifications}
          onCheckedChange={(checked) => updatePreferences({ emailNotifications: checked })}
        />
        <SwitchField
          label={texts.mentions}
          checked={preferences.mentionNotifications}
          onCheckedChange={(checked) => updatePreferences({ mentionNotifications: checked })}
        />
        <SwitchField
          label={texts.updates}
          checked={preferences.updateNotifications}
          onCheckedChange={(checked) => updatePreferences({ updateNotifications: checked })}
        />
      </section>
    </div>
  );
}
