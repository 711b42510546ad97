// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAMED_PALETTES } from './palettes.ts';
import { renderTokensCss } from './tokens-css.ts';

const tokensCss = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');

describe('tokens.css', () => {
  it('is the rendering of the palettes, fonts and shared tokens', async () => {
    await expect(renderTokensCss()).toMatchFileSnapshot('./tokens.css');
  });

  it('makes aurora the :root palette and has a block for every shipped palette', () => {
    expect(tokensCss).toMatch(/:root,\n\[data-palette="aurora"\] \{/);
    for (const name of NAMED_PALETTES) expect(tokensCss).toContain(`[data-palette="${name}"]`);
  });

  it('sets a gradient background for gradient palettes and none for the others', () => {
    const blockOf = (name: string) =>
      tokensCss.slice(tokensCss.indexOf(`[data-palette="${name}"]`)).split('}')[0];
    expect(blockOf('miami')).toMatch(/--gradient:\s+radial-gradient\([\s\S]*linear-gradient\(135deg/);
    expect(blockOf('nord')).toContain('--gradient: none;');
  });

  it('defines radii, spacing, fonts, shadows and layers once in :root', () => {
    for (const token of ['--radius-md', '--space-3', '--font-ui', '--shadow-md', '--z-modal']) {
      expect(tokensCss.split(`${token}:`)).toHaveLength(2);
    }
  });
});
