import { describe, expect, it } from 'vitest';
import { contrastFailures, customColorValue } from './custom-palette-rules.ts';

describe('custom palette rules', () => {
  it('finds nothing to warn about in readable colours', () => {
    expect(
      contrastFailures(
        { bg: '#ffffff', surface: '#ffffff', text: '#111111', 'text-muted': '#444444', accent: '#1d4ed8' },
        false,
      ),
    ).toEqual([]);
  });

  it('warns when the text fails WCAG AA on the background, with its ratio', () => {
    const failures = contrastFailures({ bg: '#ffffff', surface: '#ffffff', text: '#bbbbbb' }, false);
    expect(failures.map((failure) => failure.token)).toContain('text');
    const text = failures.find((failure) => failure.token === 'text');
    expect(text?.ratio).toBeLessThan(4.5);
    expect(text?.ratio).toBeGreaterThan(1.5);
  });

  it('shows the base colour for a token the writer has not chosen, and ignores non-hex values', () => {
    expect(customColorValue({ text: '#123456' }, 'text')).toBe('#123456');
    expect(customColorValue({ text: 'red;background:url(x)' }, 'text')).toMatch(/^#[0-9a-f]{6}$/i);
  });
});
