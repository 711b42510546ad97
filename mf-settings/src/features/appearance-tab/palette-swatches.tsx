import * as RadioGroup from '@radix-ui/react-radio-group';
import {
  customPalette,
  gradientCss,
  messages,
  PALETTE_GROUPS,
  PALETTES,
  type Palette,
  type PaletteName,
  updatePreferences,
  usePreferences,
} from 'shared-kernel';
import styles from './appearance-tab.module.css';

const texts = messages.settings.appearance;
const GROUPS = [
  ['core', PALETTE_GROUPS.core],
  ['editor', PALETTE_GROUPS.editor],
  ['gradient', PALETTE_GROUPS.gradient],
  ['custom', ['custom']],
] as const;

function capitalised(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A swatch paints the palette itself: its background (or gradient), a surface, a line of text, the accent. */
function Swatch({ palette }: { palette: Palette }) {
  const { colors } = palette;
  return (
    <span
      className={styles.swatchFace}
      style={{ background: palette.gradient ? gradientCss(palette.gradient) : colors.bg }}
      aria-hidden="true"
    >
      <span className={styles.swatchSurface} style={{ background: colors.surface, color: colors.text }}>
        Aa
      </span>
      <span className={styles.swatchAccent} style={{ background: colors.accent }} />
    </span>
  );
}

/** Every palette of the spec as swatches in one radio group; choosing one applies it at once everywhere. */
export function PaletteSwatches() {
  const { palette, customPalette: custom, gradient } = usePreferences();
  const paletteOf = (name: PaletteName) =>
    name === 'custom' ? customPalette({ colors: custom, gradient }) : PALETTES[name];
  return (
    <RadioGroup.Root
      className={styles.groups}
      value={palette}
      aria-label={texts.palette}
      onValueChange={(value) => updatePreferences({ palette: value as PaletteName })}
    >
      {GROUPS.map(([group, names]) => (
        <fieldset key={group} className={styles.group}>
          <legend className={styles.groupTitle}>{texts.groups[group]}</legend>
          <div className={styles.swatches}>
            {names.map((name) => (
              <RadioGroup.Item
                key={name}
                value={name}
                className={styles.swatch}
                aria-label={capitalised(name)}
              >
                <Swatch palette={paletteOf(name)} />
                <span className={styles.swatchName}>{capitalised(name)}</span>
              </RadioGroup.Item>
            ))}
          </div>
        </fieldset>
      ))}
    </RadioGroup.Root>
  );
}
