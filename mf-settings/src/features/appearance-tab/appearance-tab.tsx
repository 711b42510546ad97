import {
  messages,
  pickRandomFontStack,
  UI_FONTS,
  type UiFont,
  updatePreferences,
  usePreferences,
} from 'shared-kernel';
import { formStyles, RadioField, SwitchField } from '../../lib/controls/index.ts';
import styles from './appearance-tab.module.css';
import { CustomPaletteEditor } from './custom-palette-editor.tsx';
import { PaletteSwatches } from './palette-swatches.tsx';

const texts = messages.settings.appearance;
const FONT_OPTIONS = UI_FONTS.map((font) => ({ value: font, label: texts.fonts[font] }));

/**
 * Appearance: palette swatches (core, editor, gradient, custom), the gradient background and the UI
 * font. Each change goes to the kernel's preferences: the shell applies it to every area at once through
 * the design tokens, it is kept on this device (and follows the writer through their account).
 */
export function AppearanceTab() {
  const { palette, gradient, uiFont } = usePreferences();
  return (
    <div className={formStyles.tab}>
      <section className={formStyles.section}>
        <PaletteSwatches />
        {palette === 'custom' && <CustomPaletteEditor />}
        <SwitchField
          label={texts.gradient}
          checked={gradient}
          onCheckedChange={(checked) => updatePreferences({ gradient: checked })}
        />
      </section>
      <section className={formStyles.section}>
        <RadioField<UiFont>
          label={texts.font}
          value={uiFont}
          options={FONT_OPTIONS}
          onValueChange={(font) =>
            updatePreferences(
              font === 'random' ? { uiFont: font, randomFontStack: pickRandomFontStack() } : { uiFont: font },
            )
          }
        />
        {uiFont === 'random' && (
          <div className={formStyles.actions}>
            <button
              type="button"
              className={formStyles.button}
              onClick={() => updatePreferences({ randomFontStack: pickRandomFontStack() })}
            >
              {texts.shuffleFont}
            </button>
          </div>
        )}
        <figure className={styles.preview} aria-label={texts.preview}>
          {texts.previewText}
        </figure>
      </section>
    </div>
  );
}
