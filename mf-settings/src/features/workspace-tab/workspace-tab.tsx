import { messages, SHORTCUTS, shortcutKeys, updatePreferences, usePreferences } from 'shared-kernel';
import { formStyles, SwitchField } from '../../lib/controls/index.ts';
import styles from './workspace-tab.module.css';

const texts = messages.settings.workspace;

/** Workspace: compact mode, sound effects, and the keyboard shortcuts with this platform's keys. */
export function WorkspaceTab() {
  const { compactMode, soundEffects } = usePreferences();
  return (
    <div className={formStyles.tab}>
      <section className={formStyles.section}>
        <SwitchField
          label={texts.compactMode}
          hint={texts.compactModeHint}
          checked={compactMode}
          onCheckedChange={(checked) => updatePreferences({ compactMode: checked })}
        />
        <SwitchField
          label={texts.soundEffects}
          hint={texts.soundEffectsHint}
          checked={soundEffects}
          onCheckedChange={(checked) => updatePreferences({ soundEffects: checked })}
        />
      </section>
      <section className={formStyles.section} aria-labelledby="settings-shortcuts">
        <h4 className={formStyles.sectionTitle} id="settings-shortcuts">
          {texts.shortcuts}
        </h4>
        <dl className={styles.shortcuts}>
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.action} className={styles.shortcut}>
              <dt>{shortcut.action}</dt>
              <dd>
                {shortcutKeys(shortcut).map((key) => (
                  <kbd key={key} className={styles.key}>
                    {key}
                  </kbd>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
