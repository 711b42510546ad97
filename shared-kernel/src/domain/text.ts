/**
 * The first `max` characters of a text. Counts code points, so an emoji or other astral character
 * is never cut in half.
 */
export function cutText(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : characters.slice(0, max).join('');
}

/** A text on one line: every whitespace run (line breaks included) becomes one space, none at the ends. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

const WHITESPACE = /\s/;

/**
 * A one-line preview of at most `max` characters: whitespace runs (line breaks included) become one
 * space, and a cut text ends with an ellipsis inside the budget. The text is any sequence of characters
 * (a string, or one made as it is read): only as much of it is read as the preview shows, so the preview
 * of a 100,000-word writing costs what a short one does.
 */
export function previewText(text: Iterable<string>, max: number): string {
  const kept: string[] = [];
  let space = false;
  for (const character of text) {
    if (WHITESPACE.test(character)) {
      space = kept.length > 0;
      continue;
    }
    if (space) kept.push(' ');
    space = false;
    kept.push(character);
    if (kept.length > max)
      return `${kept
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
  }
  return kept.join('');
}

/**
 * What a text says past its title, on one line: a writing's text and an idea's open with the words their
 * title is made of, which a list, a search result or a cited note already shows above it. The whole text
 * when it does not open with the title; empty when the title says it all.
 */
export function textPastTitle(text: string, title: string): string {
  const line = oneLine(text);
  const heading = oneLine(title);
  const rest = line.slice(heading.length);
  // The title whole, as words: 'Harbour' does not open 'Harbours are busy'.
  const opens =
    heading !== '' && line.toLowerCase().startsWith(heading.toLowerCase()) && /^(\s|$)/.test(rest);
  return opens ? rest.trim() : line;
}
