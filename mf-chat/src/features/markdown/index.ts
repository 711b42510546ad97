// Replies rendered as safe Markdown with clickable citations.
export { linkCitations, Markdown, safeUrl } from './markdown.tsx';
