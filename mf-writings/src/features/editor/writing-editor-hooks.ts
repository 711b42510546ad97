// The steps of the writing editor, one hook each: its save pipeline, following a writing's new id,
// opening a writing, the moments it saves by itself, renames from the list, images and newer copies.
import type { Editor as TiptapEditor } from '@tiptap/core';
import {
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import {
  type EventBus,
  getPreferences,
  type Json,
  markFirstScreen,
  online$,
  onPageHiding,
  PREFETCH_DELAY_MS,
  useBusEvent,
  usePreferences,
  type WorkspaceClient,
} from 'shared-kernel';
import { sameJson, serverIdOf } from '../offline-store/index.ts';
import {
  applyLocalEdit,
  getWritingsState,
  isMergedRow,
  isUnsaved,
  markSaved,
  markUnsaved,
  onRetitleRequest,
  onWritingsSynced,
  saveWritingEdit,
  syncedFromHere,
  useWritingsStore,
  type Writing,
} from '../writings-store/index.ts';
import { leaveWriting, readDraft, retitle, showDocument } from './document-view.ts';
import type { FirstPaint } from './first-paint/index.ts';
import { focusEditor } from './focus-editor.ts';
import {
  insertImageFiles,
  replaceImage,
  resumeWaitingUploads,
  type UploadTarget,
  waitingImagesOf,
} from './images/index.ts';
import { saveKeysOnOtherCopies } from './keys-on-other-copies.ts';
import {
  createSaveController,
  createSeenVersions,
  exitDraftOnOpen,
  keepExitDraft,
  prefetchNeighbours,
  type SaveController,
  type SeenVersions,
  takeWriting,
  useNewerServerCopy,
  writingExitDrafts,
} from './saving/index.ts';
import { replayKeys, takeKeysForNewWriting, typingElsewhere, whenNewRefused } from './typed-keys.ts';

const saveStore = { applyLocalEdit, markSaved, markUnsaved, isUnsaved };

/** The pane's save pipeline and the server versions it has seen (its own saves are not "newer copies"). */
export function useSavePipeline(): { controller: SaveController; seen: SeenVersions } {
  const seen = useMemo(() => createSeenVersions(), []);
  const controller = useMemo(
    () =>
      createSaveController({
        save: async (request) => {
          const row = await saveWritingEdit(request);
          // Merged with another's save, the version holds more than the pane shows: it is a newer copy.
          if (!isMergedRow(row)) seen.saw(row.id, row.updated_at);
          const { userId } = getWritingsState();
          if (userId) writingExitDrafts(userId).forget(request.id, request.content);
          return row;
        },
        store: saveStore,
        autoSave: () => getPreferences().autoSave,
      }),
    [seen],
  );
  // A queued save of this tab that syncs later (back online, or synced by another tab) clears the unsaved
  // mark. Another tab's save of the same writing is a newer copy for this pane (useNewerServerCopy).
  useEffect(
    () =>
      onWritingsSynced((event) => {
        // Kept as a copy (the writing is no longer theirs to write): nothing of it is left to save here.
        if (event.type === 'copied') controller.synced(event.id);
        else if (event.type === 'created' || syncedFromHere(event)) {
          // This tab sent that text, but the pane holds that version only if it shows that text: the tab's
          // store may have sent a draft the pane never showed (another tab's, kept on the device). Else
          // the version is newer than the pane's, and shown once nothing is unsaved (useNewerServerCopy).
          const shown = controller.shown();
          if (event.type === 'created' || !shown || sameJson(shown.content, event.writing.content))
            seen.saw(event.writing.id, event.writing.updated_at);
          controller.synced(event.writing.id);
        }
      }),
    [controller, seen],
  );
  return { controller, seen };
}

/**
 * A writing made offline changes its id from `local_<uuid>` to `<uuid>` when it syncs: the same writing,
 * so the editor stays as it is (cursor, undo history) and only follows the new id. Answers the key that
 * stays the same (`writingKey`) and a ref to the current id.
 */
export function useFollowedId(writingId: string, controller: SaveController) {
  const writingKey = serverIdOf(writingId);
  const currentId = useRef(writingId);
  if (currentId.current !== writingId && serverIdOf(currentId.current) === writingKey) {
    controller.rename(currentId.current, writingId);
    currentId.current = writingId;
  }
  return { writingKey, currentId };
}

/**
 * Opens the writing in the editor (from the prefetched copy when there is one), prefetches its
 * neighbours, and on leaving saves it or deletes it when it is an empty 'Untitled'. Answers the key of
 * the writing shown (`null` while loading) and whether it is missing.
 */
export function useOpenWriting({
  writingId,
  editor,
  controller,
  seen,
  writingKey,
  currentId,
  firstCopy,
}: {
  writingId: string;
  editor: TiptapEditor;
  controller: SaveController;
  seen: SeenVersions;
  writingKey: string;
  currentId: RefObject<string>;
  /** The copy already shown as static HTML, if this writing was (first-paint/). */
  firstCopy: (id: string) => Promise<Writing | null> | undefined;
}) {
  const [shown, setShown] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  // Layout effect: its cleanup (saving or deleting the writing left) runs before the editor is destroyed.
  // Keyed by the writing, not its id: a new id for the same writing (it synced) is a rename.
  useLayoutEffect(() => {
    // Another writing opens (the cleanup below still saw the one left).
    currentId.current = writingId;
    let cancelled = false;
    let opened = false;
    setShown(null);
    setMissing(false);
    (firstCopy(currentId.current) ?? takeWriting(currentId.current))
      .then((writing) => {
        if (cancelled || editor.isDestroyed) return;
        if (!writing) {
          setMissing(true);
          return;
        }
        // What was typed here just before the page last closed, if its save never got in.
        const exitDraft = exitDraftOnOpen(currentId.current, writing);
        showDocument(editor, exitDraft?.content ?? writing.content);
        seen.saw(currentId.current, writing.updated_at);
        controller.open({ id: currentId.current, read: () => readDraft(editor, currentId.current) });
        if (exitDraft) controller.changed();
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
  }, [writingKey, editor, controller, seen, currentId, firstCopy]);
  return { shown, missing };
}

/**
 * The editor shows the writing: the first time, it takes over from the static copy (the writer's scroll
 * position, click and typing, see first-paint/), and the first screen is ready. A writing shown later gets
 * what was typed on its copy before the writer opened another one.
 */
export function useHandOver({
  bus,
  editor,
  firstPaint,
  scroll,
  shown,
  writingId,
  editable,
}: {
  bus: EventBus;
  editor: TiptapEditor;
  firstPaint: FirstPaint;
  scroll: RefObject<HTMLDivElement | null>;
  shown: boolean;
  writingId: string;
  editable: boolean;
}): void {
  useLayoutEffect(() => {
    if (!shown) return;
    const first = !firstPaint.handedOver;
    if (first && scroll.current) scroll.current.scrollTop = firstPaint.inputOf(writingId).scrollTop;
    if (first) saveKeysOnOtherCopies(firstPaint, writingId);
    firstPaint.replay(editor, writingId, editable);
    if (first) markFirstScreen(bus);
  }, [shown, firstPaint, editor, editable, scroll, bus, writingId]);
}

/** Saves without being asked: on `writings.save`, when the tab is hidden, and a failed save when back online. */
export function useAutomaticSaves(bus: EventBus, controller: SaveController): void {
  useBusEvent(bus, 'writings.save', () => void controller.saveNow());
  // A tab hidden or closed keeps what was typed since the last save: at once in localStorage, since a
  // closing page cuts the save short (shared-kernel/src/offline/exit-drafts.ts); then saved (on the
  // device first, then synced).
  useEffect(
    () =>
      onPageHiding(() => {
        const draft = controller.unsavedDraft();
        const { userId } = getWritingsState();
        if (draft && userId) keepExitDraft(userId, draft);
        void controller.saveNow();
      }),
    [controller],
  );
  useEffect(() => {
    const subscription = online$.subscribe((online) => {
      if (online && controller.getStatus().error) void controller.saveNow();
    });
    return () => subscription.unsubscribe();
  }, [controller]);
  // Auto-save (Editor settings) saves a moment after each pause in typing, and every interval while the
  // writer keeps typing without one. Off, only Cmd/Ctrl+S, the Save button and leaving the writing save.
  const { autoSave, autoSaveIntervalSeconds } = usePreferences();
  useEffect(() => {
    if (!autoSave) return;
    const timer = setInterval(() => void controller.saveNow(), autoSaveIntervalSeconds * 1000);
    return () => clearInterval(timer);
  }, [controller, autoSave, autoSaveIntervalSeconds]);
}

/**
 * A rename from the list is an edit of the title heading: saved like typing, the caret mapped past it.
 * A writing without a title (a new one) gets the cursor in its title once it is visible, and what was
 * typed since New; the writing open gets what was typed in it for a New that could not be made.
 */
export function useTitleEditing({
  editor,
  currentId,
  shown,
  writingKey,
  readOnly,
}: {
  editor: TiptapEditor;
  currentId: RefObject<string>;
  shown: string | null;
  writingKey: string;
  readOnly: boolean;
}): void {
  useEffect(
    () =>
      onRetitleRequest((id, title) => {
        if (id !== currentId.current || shown !== writingKey || editor.isDestroyed) return false;
        retitle(editor, title);
        return true;
      }),
    [editor, shown, writingKey, currentId],
  );
  useEffect(() => {
    if (shown === null || readOnly) return;
    // A New that could not be made: what the writer typed in this writing meanwhile goes into it.
    return whenNewRefused((keys) => {
      if (editor.isFocused) replayKeys(editor, keys);
    });
  }, [editor, shown, readOnly]);
  useEffect(() => {
    if (shown === null) return;
    // A new writing: what the writer typed since New goes into it (typed-keys.ts), at the start of its
    // title: it came before anything typed on the writing's copy (typed as the editor took over).
    const typedAhead = takeKeysForNewWriting(currentId.current);
    if (readOnly) return;
    if (editor.state.doc.firstChild?.textContent === '') {
      // The writer who turned to another field meanwhile (search, the chat's composer) stays there.
      if (typingElsewhere()) editor.commands.setTextSelection(1);
      else focusEditor(editor, 'start');
      replayKeys(editor, typedAhead);
    } else if (typedAhead.length > 0) {
      // Typed on its copy too: the writer's caret stays after what they typed last.
      const { from, to } = editor.state.selection;
      const size = editor.state.doc.content.size;
      editor.commands.setTextSelection(1);
      replayKeys(editor, typedAhead);
      const moved = editor.state.doc.content.size - size;
      editor.commands.setTextSelection({ from: from + moved, to: to + moved });
    }
  }, [editor, shown, readOnly, currentId]);
}

/**
 * Where the open writing's images upload to. The images still waiting for an upload (pasted offline, or
 * left when the page closed) are shown again from the device and uploaded when the writing shows and
 * each time the network comes back.
 */
export function useImageUploads({
  editor,
  client,
  writingId,
  currentId,
  shown,
  readOnly,
  imageFiles,
}: {
  editor: TiptapEditor;
  client: WorkspaceClient;
  writingId: string;
  currentId: RefObject<string>;
  shown: boolean;
  readOnly: boolean;
  /** The editor's way in for pasted and dropped image files. */
  imageFiles: RefObject<(files: File[], position: number | null) => void>;
}): { uploads: UploadTarget; picker: ReturnType<typeof useImagePicker> } {
  const userId = useWritingsStore((state) => state.userId);
  const target = useMemo<UploadTarget>(
    () => ({
      editor,
      client,
      writingId: serverIdOf(writingId),
      showing: () => serverIdOf(currentId.current) === serverIdOf(writingId),
      waiting: waitingImagesOf(userId),
    }),
    [editor, client, writingId, currentId, userId],
  );
  useEffect(() => {
    if (!shown || readOnly) return;
    let first = true;
    const subscription = online$.subscribe((online) => {
      if (online || first) void resumeWaitingUploads(target);
      first = false;
    });
    return () => subscription.unsubscribe();
  }, [target, shown, readOnly]);
  imageFiles.current = (files, position) => void insertImageFiles(target, { files, position });
  return { uploads: target, picker: useImagePicker(target) };
}

/** The hidden file input's target: a position to replace an image at, or `null` to insert new ones. */
function useImagePicker(target: UploadTarget) {
  const fileInput = useRef<HTMLInputElement>(null);
  const pickTarget = useRef<number | null>(null);
  const pickImage = (position: number | null) => {
    pickTarget.current = position;
    fileInput.current?.click();
  };
  const onFilesPicked = (files: File[]) => {
    const replacing = pickTarget.current;
    const [first] = files;
    if (replacing !== null && first) void replaceImage(target, { position: replacing, file: first });
    else void insertImageFiles(target, { files, position: null });
  };
  return { fileInput, pickImage, onFilesPicked };
}

/**
 * Shows a newer copy of the open writing saved elsewhere, unless it has changes of its own here
 * (saving/newer-server-copy.ts). Answers a count bumped at each copy shown (the footer recounts).
 */
export function useNewerCopies({
  editor,
  controller,
  seen,
  writingId,
  shown,
}: {
  editor: TiptapEditor;
  controller: SaveController;
  seen: SeenVersions;
  writingId: string;
  shown: boolean;
}): number {
  const [revision, setRevision] = useState(0);
  const hasLocalChanges = useCallback(
    () => controller.getStatus().unsaved || isUnsaved(writingId),
    [controller, writingId],
  );
  const status = useSyncExternalStore(controller.subscribe, controller.getStatus);
  const localChanges = useWritingsStore((state) => status.unsaved || state.unsaved.has(writingId));
  const show = useCallback(
    (content: Json | null) => {
      if (editor.isDestroyed) return;
      showDocument(editor, content, { keepCursor: true });
      setRevision((current) => current + 1);
    },
    [editor],
  );
  useNewerServerCopy({ writingId, shown, seen, localChanges, hasLocalChanges, show });
  return revision;
}
