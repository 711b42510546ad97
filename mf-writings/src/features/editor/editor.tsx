import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  type AreaProps,
  AreaUnavailable,
  Button,
  EmptyState,
  getSupabaseClient,
  markFirstScreen,
  markLoadStep,
  messages,
  serverIdOf,
  useOnDemand,
} from 'shared-kernel';
import {
  getWritingsState,
  onWritingRemoved,
  selectWriting,
  useWritingsConnection,
  useWritingsStore,
} from '../writings-store/index.ts';
import styles from './editor.module.css';
import { createFirstPaint, StaticWriting } from './first-paint/index.ts';
import { LoadingPlaceholder, LoadingSaveBar } from './save-bar.tsx';
import { askBeforeLeavingWhile, dropKeysForNewWriting, editorPane } from './typed-keys.ts';

// Tiptap and ProseMirror arrive after the writing is on screen (docs/architecture.md, The first screen):
// on a first visit they do not share the connection with what the first paint needs. A returning writer's
// load preloads them with the rest of what its last load asked for (shared-kernel/src/network/early-requests.ts).
const EDITOR_LABEL = 'Editor';
const loadWritingEditor = () =>
  import('./writing-editor.tsx').then((module) => {
    markLoadStep('editor-code');
    return module.WritingEditor;
  });

/** The first writing of the list opens once it has loaded, when none is open yet. */
function useSelectFirstOnLoad(): void {
  const status = useWritingsStore((state) => state.status);
  const first = useWritingsStore((state) => state.items[0]?.id ?? null);
  const done = useRef(false);
  useEffect(() => {
    if (done.current || status !== 'ready') return;
    done.current = true;
    if (first !== null && getWritingsState().selectedWritingId === null) selectWriting(first);
  }, [status, first]);
}

/**
 * The editor parcel's content: the open writing, loading placeholders while it loads, or 'Select or
 * create a writing' when none is open. Shares the writings store with the sidebar.
 */
export function Editor(props: AreaProps) {
  useWritingsConnection(props);
  useSelectFirstOnLoad();
  const selectedId = useWritingsStore((state) => state.selectedWritingId);
  const status = useWritingsStore((state) => state.status);
  const firstPaint = useMemo(() => createFirstPaint(), []);
  // Keys typed on the static copy live only in the page until the editor has them (kept while the writer
  // is signed out: signed in again, they go in); those of a writing deleted, or of another writer who
  // signed in, never will.
  useEffect(() => askBeforeLeavingWhile(firstPaint.holdsKeys), [firstPaint]);
  useEffect(
    () =>
      onWritingRemoved((id) => {
        firstPaint.forget(id);
        dropKeysForNewWriting(id);
      }),
    [firstPaint],
  );
  const userId = props.user?.id;
  const lastUserId = useRef(userId);
  useEffect(() => {
    if (!userId) return;
    if (lastUserId.current && lastUserId.current !== userId) {
      firstPaint.forget();
      dropKeysForNewWriting();
    }
    lastUserId.current = userId;
  }, [userId, firstPaint]);
  const [WritingEditor, requestEditor, editorFailed] = useOnDemand(loadWritingEditor);
  const { bus } = props;
  const copyPainted = useCallback(() => {
    markLoadStep('writing-copy');
    requestEditor();
  }, [requestEditor]);
  // Nothing opens (no writing yet, or signed out): the first screen is ready, and the editor's code loads
  // at once, so a writer who goes offline now can still start a writing.
  const listed = status !== 'idle' && status !== 'loading';
  const nothingOpens = !props.user || (listed && !selectedId);
  useEffect(() => {
    // Read from the store: the first writing may have been selected by an effect of this same commit.
    if (!nothingOpens || getWritingsState().selectedWritingId) return;
    markFirstScreen(bus);
    requestEditor();
  }, [nothingOpens, bus, requestEditor]);
  if (props.user && selectedId) {
    return WritingEditor ? (
      <WritingEditor
        writingId={selectedId}
        bus={bus}
        client={getSupabaseClient(props.backend)}
        firstPaint={firstPaint}
      />
    ) : (
      <section className={styles.editor} aria-label="Editor" {...editorPane}>
        <LoadingSaveBar />
        {/* The editor's code could not be fetched (offline before it was kept): the copy stays readable. */}
        {editorFailed && <AreaUnavailable label={EDITOR_LABEL} onRetry={requestEditor} />}
        {/* One per writing: another writing's copy never shows with this one's caret and keys. */}
        <StaticWriting
          key={serverIdOf(selectedId)}
          writingId={selectedId}
          firstPaint={firstPaint}
          onPainted={copyPainted}
        />
      </section>
    );
  }
  if (props.user && !listed) return <LoadingPlaceholder />;
  return (
    <EmptyState title={messages.editor.empty}>
      {/* On a phone the list is a tap away; a first writing should not be. */}
      {props.user && (
        <Button variant="primary" onClick={() => bus.emit({ type: 'writings.new' })}>
          {messages.editor.newWriting}
        </Button>
      )}
    </EmptyState>
  );
}
