import { useId } from 'react';
import { messages, updatePreferences, usePreferences } from 'shared-kernel';
import { formStyles } from '../../lib/controls/index.ts';
import styles from './appearance-tab.module.css';
import { CUSTOM_COLOR_TOKENS, contrastFailures, customColorValue } from './custom-palette-rules.ts';

const texts = messages.settings.appearance;
const TOKEN_LABELS: Record<string, string> = {
  ...texts.customColors,
  'accent-contrast': 'Text on the accent',
};

/** The custom palette's colours, with a warning for each text colour that fails WCAG AA. */
export function CustomPaletteEditor() {
  const id = useId();
  const { customPalette: custom, gradient } = usePreferences();
  const failures = contrastFailures(custom, gradient);
  return (
    <fieldset className={styles.customEditor}>
      <legend className={styles.groupTitle}>{texts.custom}</legend>
      <div className={styles.colorInputs}>
        {CUSTOM_COLOR_TOKENS.map((token) => (
          <span key={token} className={styles.colorInput}>
            <input
              id={`${id}-${token}`}
              type="color"
              value={customColorValue(custom, token)}
              onChange={(event) =>
                updatePreferences((current) => ({
                  palette: 'custom',
                  customPalette: { ...current.customPalette, [token]: event.target.value },
                }))
              }
            />
            <label htmlFor={`${id}-${token}`}>{texts.customColors[token]}</label>
          </span>
        ))}
      </div>
      {failures.map((failure) => (
        <p key={failure.token} className={formStyles.error} role="alert">
          {texts.contrastWarning({
            label: TOKEN_LABELS[failure.token] ?? failure.token,
            ratio: failure.ratio,
          })}
        </p>
      ))}
    </fieldset>
  );
}
