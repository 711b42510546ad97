import { ideaTitle, messages } from 'shared-kernel/domain';
import { describe, expect, it } from 'vitest';
import { notesOnlyAnswer } from './notes-only.ts';

describe('notesOnlyAnswer', () => {
  it('quotes what a writing says past its title, once', () => {
    const answer = notesOnlyAnswer([
      {
        n: 1,
        kind: 'writing',
        title: 'Tide tables',
        excerpt: 'Tide tables\n\nHigh water at six, low at noon.',
      },
    ]);
    expect(answer).toContain('**Tide tables** [1]\n\n> High water at six, low at noon.');
    expect(answer.match(/Tide tables/g)).toHaveLength(1);
  });

  it('cites an idea its title says whole without a quote under it', () => {
    const answer = notesOnlyAnswer([
      {
        n: 2,
        kind: 'idea',
        title: 'A story told by the lighthouse',
        excerpt: 'A story told by the lighthouse',
      },
    ]);
    expect(answer).toBe(
      [
        messages.chat.notesOnlyIntro,
        '**A story told by the lighthouse** [2]',
        messages.chat.notesOnlyHint,
      ].join('\n\n'),
    );
  });

  it("quotes an idea longer than its title whole, under 'An idea', not under its title cut mid-word", () => {
    const content =
      'The harbour master keeps a ledger of every boat that never came back,\nand of who waited';
    const answer = notesOnlyAnswer([{ n: 4, kind: 'idea', title: ideaTitle(content), excerpt: content }]);
    expect(answer).toBe(
      [
        messages.chat.notesOnlyIntro,
        `**${messages.chat.notesOnlyIdea}** [4]\n\n> The harbour master keeps a ledger of every boat that never came back, and of who waited`,
        messages.chat.notesOnlyHint,
      ].join('\n\n'),
    );
  });

  it('quotes an excerpt that does not open with the title whole', () => {
    const answer = notesOnlyAnswer([
      { n: 3, kind: 'web', title: 'Harbour news', excerpt: 'The ferry  runs\nlate on Sundays.' },
    ]);
    expect(answer).toContain('**Harbour news** [3]\n\n> The ferry runs late on Sundays.');
  });

  it('says so when no note matched', () => {
    expect(notesOnlyAnswer([])).toBe(messages.chat.notesOnlyNothing);
  });
});
