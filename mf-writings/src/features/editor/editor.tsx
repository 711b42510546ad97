import type { Editor as TiptapEditor } from '@tiptap/core';
import { EditorState, Selection } from '@tiptap/pm/state';
import { EditorContent, useEditor } from '@tiptap/react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  type AreaProps,
  EmptyState,
  type EventBus,
  getSupabaseClient,
  isAbandonedDraft,
  type Json,
  messages,
  online$,
  useBusEvent,
  type WorkspaceClient,
} from 'shared-kernel';
import { serverIdOf } from '../offline-store/index.ts';
import {
  applyLocalEdit,
  currentFolderPermission,
  getWritingsState,
  isUnsaved,
  markSaved,
  markUnsaved,
  onRetitleRequest,
  onWritingsSynced,
  removeWriting,
  saveWritingEdit,
  selectWriting,
  useWritingsConnection,
  useWritingsStore,
  type WritingDraft,
} from '../writings-store/index.ts';
import { normalizeDocument, plainTextDocument, summaryText } from './document/index.ts';
import styles from './editor.module.css';
import { EditorContextMenu } from './editor-context-menu.tsx';
import { EditorFooter } from './editor-footer.tsx';
import { editorExtensions, toEditorContent, toStoredContent } from './extensions/index.ts';
import { deleteImage, insertImageFiles, replaceImage } from './images/index.ts';
import {
  createSaveController,
  createSeenVersions,
  PREFETCH_DELAY_MS,
  prefetchNeighbours,
  type SaveController,
  takeWriting,
  useNewerServerCopy,
} from './saving/index.ts';

const saveStore = { applyLocalEdit, markSaved, markUnsaved, isUnsaved };

/**
 * Replaces the editor's document with a stored one, with a fresh undo history (undo never crosses into
 * another writing, nor back into a copy someone else has since replaced). Content the schema refuses
 * falls back to its plain text. `keepCursor` (a newer copy of the same writing) leaves the cursor where
 * it was, as near as the new document allows.
 */
function showDocument(editor: TiptapEditor, content: unknown, { keepCursor = false } = {}): void {
  let doc: ReturnType<typeof editor.schema.nodeFromJSON>;
  try {
    doc = editor.schema.nodeFromJSON(toEditorContent(normalizeDocument(content)));
    doc.check();
  } catch {
    doc = editor.schema.nodeFromJSON(toEditorContent(plainTextDocument(content)));
  }
  const selection = keepCursor
    ? Selection.near(doc.resolve(Math.min(editor.state.selection.head, doc.content.size)))
    : undefined;
  editor.view.updateState(EditorState.create({ doc, selection, plugins: editor.state.plugins }));
}

/** Replaces the text of the document's title heading (one is added first when there is none). */
function retitle(editor: TiptapEditor, title: string): void {
  const { state } = editor;
  const first = state.doc.firstChild;
  const text = state.schema.text(title);
  const tr =
    first?.type.name === 'heading'
      ? state.tr.replaceWith(1, 1 + first.content.size, text)
      : state.tr.insert(0, state.schema.node('heading', { level: 1 }, text));
  editor.view.dispatch(tr);
}

/** The open writing's draft: the one place the whole document is serialised (after typing pauses). */
function readDraft(editor: TiptapEditor, id: string): WritingDraft {
  const { title, preview } = summaryText(editor.state.doc);
  const current =
    getWritingsState().items.find((item) => item.id === id)?.title ?? messages.writings.untitled;
  return { title: title ?? current, preview, content: toStoredContent(editor.state.doc) as Json };
}

/** Leaving a writing: an empty 'Untitled' one is deleted, any other is saved if it has changes. */
function leaveWriting(editor: TiptapEditor, controller: SaveController, id: string): void {
  const title = getWritingsState().items.find((item) => item.id === id)?.title ?? '';
  if (isAbandonedDraft({ title, text: editor.state.doc.textContent })) {
    controller.discard();
    void removeWriting(id).catch(() => {});
  } else {
    void controller.close();
  }
}

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

function LoadingPlaceholder() {
  return (
    <div className={styles.placeholder} role="status" aria-busy="true" aria-label="Loading writing">
      <div className={styles.placeholderTitle} />
      <div className={styles.placeholderLine} />
      <div className={styles.placeholderLine} />
      <div className={styles.placeholderShort} />
    </div>
  );
}

function SaveBar({
  controller,
  readOnly,
  onPickImage,
}: {
  controller: SaveController;
  readOnly: boolean;
  onPickImage: () => void;
}) {
  const status = useSyncExternalStore(controller.subscribe, controller.getStatus);
  const label = status.saving ? 'Saving…' : status.unsaved ? 'Unsaved changes' : 'Saved';
  return (
    <div className={styles.toolbar}>
      {readOnly && <span className={styles.badge}>View only</span>}
      <span role="status" className={styles.saveState} data-unsaved={status.unsaved}>
        {label}
      </span>
      {status.error && (
        <p role="alert" className={styles.error}>
          {status.error}
        </p>
      )}
      <span className={styles.spacer} />
      <button type="button" className={styles.button} onClick={onPickImage} disabled={readOnly}>
        Insert image
      </button>
      <button
        type="button"
        className={styles.button}
        onClick={() => void controller.saveNow()}
        disabled={readOnly || !status.unsaved}
      >
        Save
      </button>
    </div>
  );
}

/** The open writing in Tiptap, with its save bar, context menu and footer. */
function WritingEditor({
  writingId,
  bus,
  client,
}: {
  writingId: string;
  bus: EventBus;
  client: WorkspaceClient;
}) {
  const seen = useMemo(() => createSeenVersions(), []);
  const controller = useMemo(
    () =>
      createSaveController({
        save: async (request) => {
          const row = await saveWritingEdit(request);
          seen.saw(row.id, row.updated_at);
          return row;
        },
        store: saveStore,
      }),
    [seen],
  );
  // A writing made offline changes its id from `local_<uuid>` to `<uuid>` when it syncs: the same writing,
  // so the editor stays as it is (cursor, undo history) and only follows the new id.
  const writingKey = serverIdOf(writingId);
  const currentId = useRef(writingId);
  if (currentId.current !== writingId && serverIdOf(currentId.current) === writingKey) {
    controller.rename(currentId.current, writingId);
    currentId.current = writingId;
  }
  const readOnly = useWritingsStore(() => currentFolderPermission() === 'read');
  const [shown, setShown] = useState<string | null>(null);
  // Bumped when a newer copy of the open writing replaces the document (the footer recounts).
  const [revision, setRevision] = useState(0);
  const [missing, setMissing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const pickTarget = useRef<number | null>(null);
  const imageFiles = useRef<(files: File[], position: number | null) => void>(() => {});

  // Budget: no React render per transaction; the keystroke path is `controller.changed()` alone.
  const editor = useEditor(
    {
      extensions: editorExtensions({
        onImageFiles: (files, position) => imageFiles.current(files, position),
      }),
      shouldRerenderOnTransaction: false,
      editorProps: { attributes: { class: styles.prose ?? '', 'aria-label': 'Writing' } },
      onUpdate: () => controller.changed(),
    },
    [controller],
  );

  imageFiles.current = (files, position) =>
    void insertImageFiles({ editor, client, writingId, files, position });

  // Layout effect: its cleanup (saving or deleting the writing left) runs before the editor is destroyed.
  // Keyed by the writing, not its id: a new id for the same writing (it synced) is a rename, handled above.
  useLayoutEffect(() => {
    // Another writing opens (the cleanup below still saw the one left).
    currentId.current = writingId;
    let cancelled = false;
    let opened = false;
    setShown(null);
    setMissing(false);
    takeWriting(currentId.current)
      .then((writing) => {
        if (cancelled || editor.isDestroyed) return;
        if (!writing) {
          setMissing(true);
          return;
        }
        showDocument(editor, writing.content);
        seen.saw(currentId.current, writing.updated_at);
        controller.open({ id: currentId.current, read: () => readDraft(editor, currentId.current) });
        opened = true;
        setShown(writingKey);
      })
      .catch(() => {
        if (!cancelled) setMissing(true);
      });
    const prefetch = setTimeout(() => prefetchNeighbours(currentId.current), PREFETCH_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(prefetch);
      if (opened) leaveWriting(editor, controller, currentId.current);
    };
  }, [writingKey, editor, controller, seen]);

  // A queued save that syncs later (back online, or from another tab) clears the unsaved mark.
  useEffect(
    () =>
      onWritingsSynced((event) => {
        if (event.type === 'saved' || event.type === 'created' || event.type === 'conflict') {
          seen.saw(event.writing.id, event.writing.updated_at);
          controller.synced(event.writing.id);
        }
      }),
    [controller, seen],
  );

  const hasLocalChanges = useCallback(
    () => controller.getStatus().unsaved || isUnsaved(writingId),
    [controller, writingId],
  );
  const showNewerCopy = useCallback(
    (content: Json | null) => {
      if (editor.isDestroyed) return;
      showDocument(editor, content, { keepCursor: true });
      setRevision((current) => current + 1);
    },
    [editor],
  );
  useNewerServerCopy({ writingId, shown: shown === writingKey, seen, hasLocalChanges, show: showNewerCopy });

  useEffect(() => {
    editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  // A rename from the list is an edit of the title heading: saved like typing, the caret mapped past it.
  useEffect(
    () =>
      onRetitleRequest((id, title) => {
        if (id !== currentId.current || shown !== writingKey || editor.isDestroyed) return false;
        retitle(editor, title);
        return true;
      }),
    [editor, shown, writingKey],
  );

  // A writing without a title (a new one) gets the cursor in its title once it is visible.
  useEffect(() => {
    if (shown !== null && !readOnly && editor.state.doc.firstChild?.textContent === '') {
      editor.commands.focus('start');
    }
  }, [editor, shown, readOnly]);

  useBusEvent(bus, 'writings.save', () => void controller.saveNow());

  // A tab hidden or closed keeps what was typed since the last save (on the device first, then synced).
  useEffect(() => {
    const saveWhenHidden = () => {
      if (document.visibilityState === 'hidden') void controller.saveNow();
    };
    document.addEventListener('visibilitychange', saveWhenHidden);
    return () => document.removeEventListener('visibilitychange', saveWhenHidden);
  }, [controller]);

  // Back online: a save that failed is tried again.
  useEffect(() => {
    const subscription = online$.subscribe((online) => {
      if (online && controller.getStatus().error) void controller.saveNow();
    });
    return () => subscription.unsubscribe();
  }, [controller]);

  const pickImage = (position: number | null) => {
    pickTarget.current = position;
    fileInput.current?.click();
  };

  const onFilesPicked = (files: File[]) => {
    const replacing = pickTarget.current;
    const [first] = files;
    if (replacing !== null && first)
      void replaceImage({ editor, client, writingId, position: replacing, file: first });
    else void insertImageFiles({ editor, client, writingId, files, position: null });
  };

  if (missing) return <EmptyState title={messages.editor.empty} />;
  return (
    <section className={styles.editor} aria-label="Editor">
      <SaveBar controller={controller} readOnly={readOnly} onPickImage={() => pickImage(null)} />
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="image-file-input"
        onChange={(event) => {
          onFilesPicked(
            Array.from(event.target.files ?? []).filter((file) => file.type.startsWith('image/')),
          );
          event.target.value = '';
        }}
      />
      {shown !== writingKey && <LoadingPlaceholder />}
      <div className={styles.scroll} hidden={shown !== writingKey}>
        <EditorContextMenu
          editor={editor}
          readOnly={readOnly}
          onPickImage={() => pickImage(null)}
          onReplaceImage={(position) => pickImage(position)}
          onDeleteImage={(position) => void deleteImage({ editor, client, position })}
        >
          <EditorContent editor={editor} className={styles.content} />
        </EditorContextMenu>
      </div>
      <EditorFooter editor={editor} bus={bus} documentKey={shown && `${shown}:${revision}`} />
    </section>
  );
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
  if (props.user && selectedId) {
    return <WritingEditor writingId={selectedId} bus={props.bus} client={getSupabaseClient(props.backend)} />;
  }
  if (props.user && status === 'loading') return <LoadingPlaceholder />;
  return <EmptyState title={messages.editor.empty} />;
}
