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

/**
 * A one-line preview of at most `max` characters: whitespace runs (line breaks included) become one
 * space, and a cut text ends with an ellipsis inside the budget.
 */
export function previewText(text: string, max: number): string {
  const line = oneLine(text);
  if (Array.from(line).length <= max) return line;
  return `${cutText(line, max - 1).trimEnd()}…`;
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
