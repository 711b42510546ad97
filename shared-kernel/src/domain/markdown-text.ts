// Writing text into Markdown so that it stays text: whatever a writer (or a stored document) holds,
// the exported file renders it as typed and never as links, images, raw HTML or other markup.

/**
 * Characters that start inline markup anywhere in a line (CommonMark, and GitHub's strikethrough and tables): `\`
 * escapes, `` ` `` code, `*` `_` emphasis, `[` `]` links and images (so `!` and `(` after them are
 * plain), `<` raw HTML and autolinks, `~` strikethrough, `|` table cells, and `&` when it reads as an
 * entity (`&lt;`).
 */
const INLINE_SYNTAX = /[\\`*_[\]<~|]|&(?=#?[a-z0-9]+;)/gi;
const WORD = /[\p{L}\p{N}]/u;

/** Text with its inline syntax backslash-escaped; `_` inside a word (snake_case) is never emphasis. */
export function escapeText(text: string): string {
  return text.replace(INLINE_SYNTAX, (char: string, offset: number, whole: string) =>
    char === '_' && WORD.test(whole[offset - 1] ?? '') && WORD.test(whole[offset + 1] ?? '')
      ? char
      : `\\${char}`,
  );
}

/**
 * What turns a line into a block other than a paragraph line: `#` heading, `>` quote, `-` `+` bullet,
 * `1.` `1)` numbered item, a `---` or `===` line (thematic break, setext heading). Each escapes its
 * marker; `*` and `_` lines are escaped by {@link escapeText} already.
 */
const BLOCK_STARTS = [
  /^( {0,3})([#>])/,
  /^( {0,3})([-+])(?=[ \t]|$)/,
  /^( {0,3})([-=])(?=[-=]*[ \t]*$)/,
  /^( {0,3}\d{1,9})([.)])(?=[ \t]|$)/,
];

/** Inline Markdown whose lines cannot start a heading, quote, list or break. */
export function escapeLineStarts(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => BLOCK_STARTS.reduce((escaped, start) => escaped.replace(start, '$1\\$2'), line))
    .join('\n');
}

/**
 * Plain text as Markdown that renders as that very text (a note quoted in a chat answer): no link, image,
 * emphasis, heading or list is read into it.
 */
export function literalMarkdown(text: string): string {
  return escapeLineStarts(escapeText(text));
}

/** A heading's text whose trailing ` #` is kept rather than read as the heading's closing sequence. */
export function escapeHeadingEnd(markdown: string): string {
  return markdown.replace(/(^|[ \t])(#+[ \t]*)$/, '$1\\$2');
}

const longestBacktickRun = (text: string) =>
  Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));

/** Text as a code span: the fence is longer than any run of backticks inside, so none can close it. */
export function codeSpan(text: string): string {
  const flat = text.replace(/\r?\n/g, ' ');
  if (flat === '') return '';
  const fence = '`'.repeat(longestBacktickRun(flat) + 1);
  // CommonMark strips one space from each end when both ends have one, and a backtick at an end would
  // join the fence: one space of padding keeps the text as it is.
  const padded = /^`|`$/.test(flat) || (flat.startsWith(' ') && flat.endsWith(' ') && flat.trim() !== '');
  return padded ? `${fence} ${flat} ${fence}` : `${fence}${flat}${fence}`;
}

/** A fenced code block no line of the code can close; the language keeps only name characters. */
export function fencedCode(code: string, language: unknown): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(code) + 1));
  const info = typeof language === 'string' ? language.replace(/[^\w#+.-]/g, '') : '';
  return `${fence}${info}\n${code}\n${fence}`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must be encoded
const UNSAFE_IN_DESTINATION = /[\u0000-\u0020\u007f]/g;

/**
 * A (safe) URL as a link destination: brackets and backslashes escaped, spaces and control characters
 * percent-encoded, so the destination ends where the URL does.
 */
export function linkDestination(url: string): string {
  return url.replace(/[\\()<>]/g, '\\$&').replace(UNSAFE_IN_DESTINATION, (char) => encodeURIComponent(char));
}
