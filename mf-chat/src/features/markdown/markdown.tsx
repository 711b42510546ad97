// A reply as Markdown: safe while it is still streaming (the unclosed syntax of the block being written
// healed by remend, only then: a finished reply is shown as written), raw HTML
// never rendered (react-markdown without rehype-raw shows it as text), links limited to http(s) and
// mailto, images not loaded, citations [n] turned into buttons, code blocks with a Copy button.
import { type ReactNode, useState } from 'react';
import ReactMarkdown, { type Components, defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remend from 'remend';
import { messages } from 'shared-kernel';
import styles from './markdown.module.css';

const CITE_PROTOCOL = 'cite:';
const SAFE_LINK = /^(https?:|mailto:)/i;

/** `[n]` (not already a link) becomes a link to `cite:n`, for the numbers a reply may cite. */
export function linkCitations(text: string, citable: ReadonlySet<number>): string {
  return text.replace(/\[(\d{1,3})\](?![(:[])/g, (whole, digits: string) =>
    citable.has(Number(digits)) ? `[\\[${digits}\\]](${CITE_PROTOCOL}${digits})` : whole,
  );
}

/** Only citations and http(s)/mailto links survive; `javascript:` and every other scheme become nothing. */
export function safeUrl(url: string): string {
  if (url.startsWith(CITE_PROTOCOL)) return url;
  const cleaned = defaultUrlTransform(url);
  return SAFE_LINK.test(cleaned) ? cleaned : '';
}

/** Whether a line opens or closes a fenced code block. */
const FENCE = /^ {0,3}(```|~~~)/;

/**
 * Where the block being written starts: past the last blank line outside a code fence. Inline syntax
 * never crosses a blank line, so only this block can hold syntax the stream has not finished yet.
 */
function lastBlockStart(text: string): number {
  let start = 0;
  let offset = 0;
  let fenced = false;
  for (const line of text.split('\n')) {
    offset += line.length + 1;
    if (FENCE.test(line)) fenced = !fenced;
    else if (!fenced && line.trim() === '') start = offset;
  }
  return Math.min(start, text.length);
}

/**
 * A reply still streaming, its last block healed by remend (`**bold` closed, a link cut mid-address
 * finished, a half-written image dropped). The blocks before are whole: an unclosed `[` there is text the
 * reply wrote, and remend would close it with its `streamdown:incomplete-link` placeholder after the
 * block that follows. A finished reply is never given to this: it is rendered as written.
 */
export function healStreaming(text: string): string {
  const start = lastBlockStart(text);
  return text.slice(0, start) + remend(text.slice(start));
}

function CodeBlock({ children }: { children?: ReactNode }) {
  const [copied, setCopied] = useState(false);
  const [pre, setPre] = useState<HTMLPreElement | null>(null);
  return (
    <div className={styles.codeBlock}>
      <button
        type="button"
        className={styles.copy}
        onClick={() => {
          void navigator.clipboard
            ?.writeText(pre?.textContent ?? '')
            .then(() => setCopied(true), console.warn);
        }}
      >
        {copied ? messages.chat.copied : messages.chat.copy}
      </button>
      <pre ref={setPre}>{children}</pre>
    </div>
  );
}

export function Markdown({
  text,
  onCite,
  streaming = false,
}: {
  text: string;
  onCite: (n: number) => void;
  /** The reply is still arriving: its unfinished syntax is healed. */
  streaming?: boolean;
}) {
  const citable = new Set<number>();
  for (const match of text.matchAll(/\[(\d{1,3})\]/g)) citable.add(Number(match[1]));
  const components: Components = {
    a: ({ href, children }) => {
      if (href?.startsWith(CITE_PROTOCOL)) {
        const n = Number(href.slice(CITE_PROTOCOL.length));
        return (
          <button
            type="button"
            className={styles.citation}
            onClick={() => onCite(n)}
            aria-label={`Source ${n}`}
          >
            {n}
          </button>
        );
      }
      if (!href) return <span>{children}</span>;
      return (
        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </a>
      );
    },
    // A model's image could track the reader or point anywhere: shown as its text, never loaded.
    img: ({ alt }) => <span>{alt}</span>,
    pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
  };
  return (
    <div className={styles.markdown}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={safeUrl} components={components}>
        {linkCitations(streaming ? healStreaming(text) : text, citable)}
      </ReactMarkdown>
    </div>
  );
}
