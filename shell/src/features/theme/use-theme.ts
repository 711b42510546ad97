import { useEffect } from 'react';
import {
  applyPalette,
  applyUiFont,
  pickRandomFontStack,
  updatePreferences,
  usePreferences,
} from 'shared-kernel';

/**
 * Applies the saved palette and UI font to the page, and again whenever they change (in the settings
 * dialog, or in another tab). The 'random' font keeps the stack it picked until the font is changed.
 */
export function useTheme(): void {
  const { palette, customPalette, gradient, uiFont, randomFontStack, compactMode } = usePreferences();
  useEffect(() => {
    // Compact mode (Workspace settings): denser spacing tokens in every area (base.css).
    document.documentElement.dataset.density = compactMode ? 'compact' : 'comfortable';
  }, [compactMode]);
  useEffect(() => {
    const root = document.documentElement;
    applyPalette(root, palette, { colors: customPalette, gradient });
    root.dataset.gradient = gradient ? 'on' : 'off';
  }, [palette, customPalette, gradient]);
  useEffect(() => {
    if (uiFont === 'random' && !randomFontStack) {
      updatePreferences({ randomFontStack: pickRandomFontStack() });
      return;
    }
    applyUiFont(document.documentElement, uiFont, randomFontStack);
  }, [uiFont, randomFontStack]);
}
