import { describe, expect, it } from 'vitest';
import { mergeTexts, mergeWords, type WritingText } from './merge-texts.ts';

const paragraph = (...texts: (string | { text: string; marks: { type: string }[] })[]) => ({
  type: 'paragraph',
  content: texts.map((text) =>
    typeof text === 'string' ? { type: 'text', text } : { type: 'text', ...text },
  ),
});
const writing = (title: string, ...paragraphs: ReturnType<typeof paragraph>[]): WritingText => ({
  title,
  content: {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: title }] },
      ...paragraphs,
    ],
  },
});
const bold = (text: string) => ({ text, marks: [{ type: 'bold' }] });

describe('mergeTexts', () => {
  it('keeps the paragraphs both writers added at the end, theirs first', () => {
    const base = writing('Harbour', paragraph('The boats came in.'));
    const mine = writing('Harbour', paragraph('The boats came in.'), paragraph('Gulls followed.'));
    const theirs = writing('Harbour', paragraph('The boats came in.'), paragraph('Rain at dusk.'));

    expect(mergeTexts(base, mine, theirs)).toEqual(
      writing(
        'Harbour',
        paragraph('The boats came in.'),
        paragraph('Rain at dusk.'),
        paragraph('Gulls followed.'),
      ),
    );
  });

  it('keeps once what both added at one place when one addition holds the other', () => {
    const base = writing('Log', paragraph('Day one.'));
    const mine = writing('Log', paragraph('Day one.'), paragraph('typed online'), paragraph('typed offline'));
    const theirs = writing('Log', paragraph('Day one.'), paragraph('typed online'));

    expect(mergeTexts(base, mine, theirs)).toEqual(mine);
  });

  it('goes on merging as both keep typing: each round takes the last text sent as its base', () => {
    const start = writing('Harbour', paragraph('The boats came in.'));
    const firstMine = writing('Harbour', paragraph('The boats came in.'), paragraph('Gulls'));
    const theirs = writing('Harbour', paragraph('The boats came in.'), paragraph('Rain'));
    const server = mergeTexts(start, firstMine, theirs);
    const nextMine = writing('Harbour', paragraph('The boats came in.'), paragraph('Gulls followed.'));
    const theirsAgain = writing('Harbour', paragraph('The boats came in.'), paragraph('Rain at dusk.'));
    const afterMine = server && mergeTexts(firstMine, nextMine, server);
    // Their next save, made from their own last text, meets the server's merged one.
    const afterTheirs = afterMine && mergeTexts(theirs, theirsAgain, afterMine);

    expect(afterTheirs).toEqual(
      writing(
        'Harbour',
        paragraph('The boats came in.'),
        paragraph('Rain at dusk.'),
        paragraph('Gulls followed.'),
      ),
    );
  });

  it('takes changes of different paragraphs, and of different words of one paragraph', () => {
    const base = writing('Log', paragraph('Day one was calm.'), paragraph('Day two was wild.'));
    const mine = writing('Log', paragraph('Day one was very calm.'), paragraph('Day two was wild.'));
    const theirs = writing('Log', paragraph('Day one was calm!'), paragraph('Day two was wilder.'));

    expect(mergeTexts(base, mine, theirs)).toEqual(
      writing('Log', paragraph('Day one was very calm!'), paragraph('Day two was wilder.')),
    );
  });

  it('merges a paragraph split in two (Enter) with a word changed in it, and one added below a changed one', () => {
    const base = writing('Log', paragraph('Day one was calm. Day two was wild.'), paragraph('End.'));
    const split = writing(
      'Log',
      paragraph('Day one was calm.'),
      paragraph('Day two was wild.'),
      paragraph('End.'),
    );
    const changed = writing('Log', paragraph('Day one was calm. Day two was wilder.'), paragraph('The end.'));

    expect(mergeTexts(base, split, changed)).toEqual(
      writing('Log', paragraph('Day one was calm.'), paragraph('Day two was wilder.'), paragraph('The end.')),
    );
    const added = writing(
      'Log',
      paragraph('Day one was calm. Day two was wild!'),
      paragraph('Day three.'),
      paragraph('End.'),
    );
    expect(mergeTexts(base, added, changed)).toEqual(
      writing(
        'Log',
        paragraph('Day one was calm. Day two was wilder!'),
        paragraph('Day three.'),
        paragraph('The end.'),
      ),
    );
  });

  it('keeps marks: a bold word stays bold around a word typed beside it', () => {
    const base = writing('Note', paragraph('A ', bold('bold'), ' claim.'));
    const mine = writing('Note', paragraph('A ', bold('bold'), ' new claim.'));
    const theirs = writing('Note', paragraph('So a ', bold('bold'), ' claim.'));

    expect(mergeTexts(base, mine, theirs)).toEqual(
      writing('Note', paragraph('So a ', bold('bold'), ' new claim.')),
    );
  });

  it('merges a retitled writing with an edit of its text', () => {
    const base = writing('Draft', paragraph('One.'));
    const mine = { ...writing('Draft', paragraph('One. Two.')) };
    const theirs = { title: 'Final', content: writing('Draft', paragraph('One.')).content };

    expect(mergeTexts(base, mine, theirs)).toEqual({ title: 'Final', content: mine.content });
  });

  it('sees the same document in another key order (as the database gives it back) as unchanged', () => {
    const base = writing('Log', paragraph('Calm.'));
    const reordered = JSON.parse(JSON.stringify(base.content), (_key, value) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).reverse())
        : value,
    );
    const mine = writing('Log', paragraph('Calm. Then rain.'));

    expect(mergeTexts(base, mine, { title: 'Log', content: reordered })).toEqual(mine);
  });

  it('does not merge when both changed the same words, or one deleted a paragraph the other changed', () => {
    const base = writing('Log', paragraph('The sea was grey.'), paragraph('We left.'));

    expect(
      mergeTexts(
        base,
        writing('Log', paragraph('The sea was green.'), paragraph('We left.')),
        writing('Log', paragraph('The sea was blue.'), paragraph('We left.')),
      ),
    ).toBeNull();
    expect(
      mergeTexts(
        base,
        writing('Log', paragraph('The sea was grey.'), paragraph('We left at noon.')),
        writing('Log', paragraph('The sea was grey.')),
      ),
    ).toBeNull();
  });

  it('does not merge two different titles', () => {
    const base = writing('Draft', paragraph('One.'));

    expect(mergeTexts(base, { ...base, title: 'Mine' }, { ...base, title: 'Theirs' })).toBeNull();
  });
});

describe('mergeWords (an idea’s text)', () => {
  const base = 'Tide line\nGulls over the weir';

  it('keeps the changes of both when they changed different words or lines', () => {
    expect(mergeWords(base, 'Tide line at dawn\nGulls over the weir', 'Tide line\nTerns over the weir')).toBe(
      'Tide line at dawn\nTerns over the weir',
    );
  });

  it('keeps both additions at one place, theirs first, and one addition that holds the other once', () => {
    expect(mergeWords('Tide line', 'Tide line at dawn', 'Tide line at dusk')).toBe(
      'Tide line at dusk at dawn',
    );
    expect(mergeWords('Tide line', 'Tide line at dawn, grey', 'Tide line at dawn')).toBe(
      'Tide line at dawn, grey',
    );
  });

  it('does not merge where both changed the same word', () => {
    expect(mergeWords('Tide line', 'Tide shore', 'Tide mark')).toBeNull();
  });
});
