import {
  AUTO_SAVE_INTERVAL_SECONDS,
  messages,
  TAB_SIZES,
  updatePreferences,
  usePreferences,
} from 'shared-kernel';
import { formStyles, RadioField, SliderField, SwitchField } from '../../lib/controls/index.ts';

const texts = messages.settings.editor;
type TabSizeChoice = `${(typeof TAB_SIZES)[number]}`;
const TAB_SIZE_OPTIONS = TAB_SIZES.map((size) => ({ value: `${size}` as TabSizeChoice, label: `${size}` }));

/**
 * Editor: auto-save and its interval (the longest it waits while the writer keeps typing), spell check, focus mode, line numbers and tab
 * size of code blocks. The writings editor reads each one from the kernel's preferences and applies it at
 * once.
 */
export function EditorTab() {
  const preferences = usePreferences();
  return (
    <div className={formStyles.tab}>
      <section className={formStyles.section}>
        <SwitchField
          label={texts.autoSave}
          hint={preferences.autoSave ? texts.autoSaveOnHint : texts.autoSaveOffHint}
          checked={preferences.autoSave}
          onCheckedChange={(autoSave) => updatePreferences({ autoSave })}
        />
        <SliderField
          label={texts.interval}
          value={preferences.autoSaveIntervalSeconds}
          min={AUTO_SAVE_INTERVAL_SECONDS.min}
          max={AUTO_SAVE_INTERVAL_SECONDS.max}
          step={AUTO_SAVE_INTERVAL_SECONDS.step}
          format={texts.intervalSeconds}
          disabled={!preferences.autoSave}
          onValueChange={(autoSaveIntervalSeconds) => updatePreferences({ autoSaveIntervalSeconds })}
        />
      </section>
      <section className={formStyles.section}>
        <SwitchField
          label={texts.spellCheck}
          checked={preferences.spellCheck}
          onCheckedChange={(spellCheck) => updatePreferences({ spellCheck })}
        />
        <SwitchField
          label={texts.focusMode}
          hint={texts.focusModeHint}
          checked={preferences.focusMode}
          onCheckedChange={(focusMode) => updatePreferences({ focusMode })}
        />
        <SwitchField
          label={texts.lineNumbers}
          checked={preferences.lineNumbers}
          onCheckedChange={(lineNumbers) => updatePreferences({ lineNumbers })}
        />
        <RadioField<TabSizeChoice>
          label={texts.tabSize}
          value={`${preferences.tabSize}` as TabSizeChoice}
          options={TAB_SIZE_OPTIONS}
          onValueChange={(size) => updatePreferences({ tabSize: Number(size) as (typeof TAB_SIZES)[number] })}
        />
      </section>
    </div>
  );
}
