import { describe, expect, it } from 'vitest';
import { previewText, textPastTitle } from './text.ts';

describe('textPastTitle', () => {
  it('leaves out the title the text opens with, whatever its case and spacing', () => {
    expect(textPastTitle('Tide tables\n\nHigh water at six.', 'Tide  Tables')).toBe('High water at six.');
  });

  it('is empty when the title says it all', () => {
    expect(textPastTitle('Boats lean on the mud', 'Boats lean on the mud')).toBe('');
  });

  it('keeps the whole text when it opens with the title only as part of a word', () => {
    expect(textPastTitle('Harbours are busy in May.', 'Harbour')).toBe('Harbours are busy in May.');
  });

  it('keeps the whole text, on one line, when it opens otherwise or there is no title', () => {
    expect(textPastTitle('The ferry\nruns late.', 'Harbour news')).toBe('The ferry runs late.');
    expect(textPastTitle('The ferry runs late.', '')).toBe('The ferry runs late.');
  });
});

describe('previewText', () => {
  it('puts the text on one line, each whitespace run one space, none at the ends', () => {
    expect(previewText('  Tide\n\ntables \t at six.  ', 40)).toBe('Tide tables at six.');
  });

  it('keeps a text of the budget whole, and cuts a longer one with an ellipsis inside the budget', () => {
    expect(previewText('abcde', 5)).toBe('abcde');
    expect(previewText('abcdef', 5)).toBe('abcd…');
    // The cut drops the space it ends on: 'ab…', not 'ab …'.
    expect(previewText('ab cdef', 4)).toBe('ab…');
  });

  it('counts characters, so an emoji is never cut in half', () => {
    expect(previewText('🌊🌊🌊', 3)).toBe('🌊🌊🌊');
    expect(previewText('🌊🌊🌊🌊', 3)).toBe('🌊🌊…');
  });

  it('reads a text made as it is read only as far as the preview shows', () => {
    function* endless() {
      for (;;) yield* 'a few words ';
    }
    expect(previewText(endless(), 12)).toBe('a few words…');
  });
});
