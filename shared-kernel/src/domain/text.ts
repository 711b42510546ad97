/**
 * The first `max` characters of a text. Counts code points, so an emoji or other astral character
 * is never cut in half.
 */
export function cutText(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : characters.slice(0, max).join('');
}

/**
 * A one-line preview of at most `max` characters: whitespace runs (line breaks included) become one
 * space, and a cut text ends with an ellipsis inside the budget.
 */
export function previewText(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (Array.from(line).length <= max) return line;
  return `${cutText(line, max - 1).trimEnd()}…`;
}
