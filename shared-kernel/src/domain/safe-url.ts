/**
 * The one rule for where an exported writing may point: only http(s) and mailto addresses become links
 * or images (in the HTML and the Markdown export alike); a stored `javascript:`, `data:` or any other
 * URL gives `undefined`, and the caller keeps the text only.
 */
export const safeUrl = (value: unknown): string | undefined =>
  typeof value === 'string' && /^(https?:|mailto:)/i.test(value.trim()) ? value.trim() : undefined;
