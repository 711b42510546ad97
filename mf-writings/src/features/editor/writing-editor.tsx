// The open writing in Tiptap: loaded after the first paint, which shows the writing as static HTML
// (first-paint/). Everything Tiptap and ProseMirror need is reached from here, not from editor.tsx.
import { EditorContent, useEditor } from '@tiptap/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { EmptyState, type EventBus, type Json, messages, type WorkspaceClient } from 'shared-kernel';
import { currentFolderPermission, isUnsaved, useWritingsStore } from '../writings-store/index.ts';
import { useChatContext } from './chat-context.ts';
import { showDocument } from './document-view.ts';
import styles from './editor.module.css';
import { EditorContextMenu } from './editor-context-menu.tsx';
import { EditorFooter } from './editor-footer.tsx';
import { exportWriting } from './export/index.ts';
import { editorExtensions, followEditorPreferences, preferenceAttributes } from './extensions/index.ts';
import { type FirstPaint, StaticWriting } from './first-paint/index.ts';
import { deleteImage, insertImageFiles } from './images/index.ts';
import { LoadingPlaceholder, SaveBar } from './save-bar.tsx';
import { useNewerServerCopy } from './saving/index.ts';
import {
  useAutomaticSaves,
  useFollowedId,
  useHandOver,
  useImagePicker,
  useOpenWriting,
  useSavePipeline,
  useTitleEditing,
} from './writing-editor-hooks.ts';

/** The hidden file picker behind Insert image and Replace image. */
function ImageFileInput({
  images,
  editor,
}: {
  images: ReturnType<typeof useImagePicker>;
  editor: ReturnType<typeof useEditor>;
}) {
  return (
    <input
      ref={images.fileInput}
      type="file"
      accept="image/*"
      multiple
      hidden
      data-testid="image-file-input"
      onChange={(event) => {
        const files = Array.from(event.target.files ?? []).filter((file) => file.type.startsWith('image/'));
        images.onFilesPicked(editor, files);
        event.target.value = '';
      }}
    />
  );
}

/** The open writing in Tiptap, with its save bar, context menu and footer. */
export function WritingEditor({
  writingId,
  bus,
  client,
  firstPaint,
}: {
  writingId: string;
  bus: EventBus;
  client: WorkspaceClient;
  firstPaint: FirstPaint;
}) {
  const { controller, seen } = useSavePipeline();
  const { writingKey, currentId } = useFollowedId(writingId, controller);
  const readOnly = useWritingsStore(() => currentFolderPermission() === 'read');
  // Bumped when a newer copy of the open writing replaces the document (the footer recounts).
  const [revision, setRevision] = useState(0);
  const images = useImagePicker({ client, writingId });
  const imageFiles = useRef<(files: File[], position: number | null) => void>(() => {});

  // Budget: no React render per transaction; the keystroke path is `controller.changed()` alone.
  const editor = useEditor(
    {
      extensions: editorExtensions({
        onImageFiles: (files, position) => imageFiles.current(files, position),
      }),
      shouldRerenderOnTransaction: false,
      // A function: ProseMirror reads it on every update, so the Editor settings apply without a reload.
      editorProps: {
        attributes: () => ({ class: styles.prose ?? '', 'aria-label': 'Writing', ...preferenceAttributes() }),
      },
      onUpdate: () => controller.changed(),
    },
    [controller],
  );
  imageFiles.current = (files, position) =>
    void insertImageFiles({ editor, client, writingId, files, position });

  const { shown, missing } = useOpenWriting({
    writingId,
    editor,
    controller,
    seen,
    writingKey,
    currentId,
    firstCopy: firstPaint.takeCopy,
  });
  const scroll = useRef<HTMLDivElement>(null);
  useHandOver({ bus, editor, firstPaint, scroll, shown: shown === writingKey, editable: !readOnly });
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
  useEffect(() => followEditorPreferences(editor), [editor]);
  useTitleEditing({ editor, currentId, shown, writingKey, readOnly });
  useAutomaticSaves(bus, controller);
  const askAi = useChatContext({ bus, editor, writingId, shown: shown === writingKey });

  if (missing) return <EmptyState title={messages.editor.empty} />;
  return (
    <section className={styles.editor} aria-label="Editor">
      <SaveBar
        controller={controller}
        readOnly={readOnly}
        onPickImage={() => images.pickImage(null)}
        onAskAi={askAi}
      />
      <ImageFileInput images={images} editor={editor} />
      {shown !== writingKey &&
        (firstPaint.handedOver ? (
          <LoadingPlaceholder />
        ) : (
          <StaticWriting writingId={writingId} firstPaint={firstPaint} />
        ))}
      <div ref={scroll} className={styles.scroll} hidden={shown !== writingKey}>
        <EditorContextMenu
          editor={editor}
          readOnly={readOnly}
          onPickImage={() => images.pickImage(null)}
          onReplaceImage={(position) => images.pickImage(position)}
          onDeleteImage={(position) => void deleteImage({ editor, client, position })}
          onExport={(format) =>
            void controller.saveNow().finally(() =>
              exportWriting({
                client,
                bus,
                writingId: writingKey,
                title: editor.state.doc.firstChild?.textContent ?? '',
                format,
              }),
            )
          }
        >
          <EditorContent editor={editor} className={styles.content} />
        </EditorContextMenu>
      </div>
      <EditorFooter editor={editor} bus={bus} documentKey={shown && `${shown}:${revision}`} />
    </section>
  );
}
