import { describe, expect, it } from 'vitest';
import { textPastTitle } from './text.ts';

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
