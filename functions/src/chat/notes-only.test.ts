import { ideaTitle, messages } from 'shared-kernel/domain';
import { describe, expect, it } from 'vitest';
import { notesOnlyAnswer, quotedSources } from './notes-only.ts';

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

  it('quotes an idea longer than its title whole, under its title: its first 60 characters', () => {
    const content =
      'The harbour master keeps a ledger of every boat that never came back,\nand of who waited';
    const title = ideaTitle(content);
    const answer = notesOnlyAnswer([{ n: 4, kind: 'idea', title, excerpt: content }]);
    expect(title).toBe('The harbour master keeps a ledger of every boat that never c');
    expect(answer).toBe(
      [
        messages.chat.notesOnlyIntro,
        `**${title}** [4]\n\n> The harbour master keeps a ledger of every boat that never came back, and of who waited`,
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

  describe("keeps the writer's text literal", () => {
    /** What CommonMark reads an escaped text as: each backslash escape as the mark it escapes. */
    const unescaped = (markdown: string) => markdown.replace(/\\([!-/:-@[-`{-~])/g, '$1');
    /** Markdown syntax outside an escape: `[`, `]`, `(`, `!`, `*`, `_`, `<`, `` ` `` not preceded by `\`. */
    // What opens a link, an image, emphasis, raw HTML or code (`!` and `(` are plain once `[` `]` are escaped).
    const bareSyntax = /(^|[^\\])[[\]*_<`]/;
    const idea =
      'Zephyr plot: [zephyr link](javascript:window.__zz=1) and ![zephyr img](http://127.0.0.1:9/track.png) <img src=x onerror="window.__zz2=1"> **zephyr bold**';
    const writing = 'My Harbor Novel\n\nLink test: [click';

    it('escapes every Markdown mark in a quoted idea and a quoted writing, so the quote reads as typed', () => {
      const answer = notesOnlyAnswer([
        { n: 1, kind: 'idea', title: ideaTitle(idea), excerpt: idea },
        { n: 2, kind: 'writing', title: 'My Harbor Novel', excerpt: writing },
      ]);
      const quotes = answer.split('\n\n').filter((block) => block.startsWith('> '));
      expect(quotes).toHaveLength(2);
      expect(unescaped(quotes[0] ?? '')).toBe(`> ${idea}`);
      expect(unescaped(quotes[1] ?? '')).toBe('> Link test: [click');
      for (const quote of quotes) expect(quote.slice(2)).not.toMatch(bareSyntax);
    });

    it("escapes a title's marks instead of dropping them", () => {
      const answer = notesOnlyAnswer([
        { n: 3, kind: 'writing', title: 'Novels & <b>Epics</b> [draft]', excerpt: 'x' },
      ]);
      expect(answer).toContain('**Novels & \\<b>Epics\\</b> \\[draft\\]** [3]');
    });
  });
});

describe('quotedSources', () => {
  const open = {
    n: 1,
    kind: 'document' as const,
    id: 'ferry',
    title: 'Ferry crossing',
    excerpt: 'The ferry leaves at seven.',
  };
  const found = {
    n: 2,
    kind: 'writing' as const,
    id: 'keeper',
    title: 'Lighthouse keeper',
    excerpt: 'Storms come from the west.',
  };
  const passage = (id: string) => ({ source: 'writing' as const, id, title: null, excerpt: '' });

  it('leaves out the open document the question did not find, keeping the numbers', () => {
    expect(quotedSources([open, found], [passage('keeper')])).toEqual([found]);
  });

  it('quotes the open document when the question found it, or when it is all there is', () => {
    expect(quotedSources([open, found], [passage('ferry'), passage('keeper')])).toEqual([open, found]);
    expect(quotedSources([open], [])).toEqual([open]);
  });
});
