// Replies rendered as safe Markdown with clickable citations.
export { healStreaming, linkCitations, Markdown, safeUrl } from './markdown.tsx';
