import { Command } from 'cmdk';
import { FileText, Lightbulb, LoaderCircle, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { messages } from 'shared-kernel';
import styles from './search-overlay.module.css';
import type { SearchResult, SearchWorkspace } from './search-workspace.ts';
import { useSearchResults } from './use-search-results.ts';

/** Props of {@link SearchOverlay}. */
export interface SearchOverlayProps {
  open: boolean;
  /** Called with `false` on Escape, a click outside, or after a result was chosen. */
  onOpenChange: (open: boolean) => void;
  /** Runs one search; see `searchWorkspace`. */
  search: SearchWorkspace;
  /** A result was chosen (click or Enter); the overlay closes itself first. */
  onChoose: (result: SearchResult) => void;
  /** What was typed before the field showed (`useSearchOpening`): the first query. */
  takeTyped?: () => string;
}

const SOURCE_LABELS = { writing: 'Writing', idea: 'Idea' } as const;
const SOURCE_ICONS = { writing: FileText, idea: Lightbulb } as const;

/** The snippet with the first literal occurrence of the query marked; nothing when it is empty. */
function Snippet({ text, query }: { text: string; query: string }) {
  if (!text) return null;
  const needle = query.trim().toLowerCase();
  const at = needle ? text.toLowerCase().indexOf(needle) : -1;
  if (at < 0) return <span className={styles.snippet}>{text}</span>;
  return (
    <span className={styles.snippet}>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + needle.length)}</mark>
      {text.slice(at + needle.length)}
    </span>
  );
}

function SearchPanel({
  search,
  onChoose,
  takeTyped,
}: Pick<SearchOverlayProps, 'search' | 'onChoose' | 'takeTyped'>) {
  const [query, setQuery] = useState('');
  useEffect(() => {
    // Once the dialog has focused its field (selecting what it holds): the keys typed before it showed,
    // the caret after them. Until then they are kept from the field too. They are in the field before
    // this task ends: from now on keys type into it, and one that came before React rendered them typed
    // into the empty field and its text replaced them ('e4d' for 'petrel6a0e4d').
    const timer = setTimeout(() => {
      const typed = takeTyped?.();
      if (typed) flushSync(() => setQuery(typed));
    });
    return () => clearTimeout(timer);
  }, [takeTyped]);
  const { status, results } = useSearchResults(query, search);

  return (
    <>
      <div className={styles.inputRow}>
        <Search className={styles.inputIcon} size={18} aria-hidden />
        <Command.Input
          className={styles.input}
          value={query}
          onValueChange={setQuery}
          placeholder={messages.search.placeholder}
        />
        {status === 'loading' && (
          <LoaderCircle className={styles.spinner} size={18} aria-label="Searching" role="img" />
        )}
      </div>
      <Command.List className={styles.list} label="Results">
        {status === 'done' && (
          <Command.Empty className={styles.empty}>{messages.search.noResults}</Command.Empty>
        )}
        {results.map((result) => {
          const Icon = SOURCE_ICONS[result.source];
          return (
            <Command.Item
              key={`${result.source}:${result.id}`}
              value={`${result.source}:${result.id}`}
              className={styles.item}
              onSelect={() => onChoose(result)}
            >
              <span className={styles.tag} data-source={result.source}>
                <Icon size={12} aria-hidden />
                {SOURCE_LABELS[result.source]}
              </span>
              <span className={styles.title}>{result.title}</span>
              <Snippet text={result.snippet} query={query} />
            </Command.Item>
          );
        })}
      </Command.List>
    </>
  );
}

/**
 * The search overlay (docs/product.md, Search): a command palette over the page that searches writings and
 * ideas as the user types. Arrow keys move through the results, Enter chooses, Escape closes. Each
 * result shows its source (writing or idea), its title and a snippet; 'No results' when nothing matches.
 * Its state starts fresh each time it opens.
 */
export function SearchOverlay({ open, onOpenChange, search, onChoose, takeTyped }: SearchOverlayProps) {
  return (
    <Command.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label="Search"
      shouldFilter={false}
      loop
      overlayClassName={styles.overlay}
      contentClassName={styles.dialog}
      className={styles.command}
    >
      <SearchPanel
        search={search}
        takeTyped={takeTyped}
        onChoose={(result) => {
          onOpenChange(false);
          onChoose(result);
        }}
      />
    </Command.Dialog>
  );
}
