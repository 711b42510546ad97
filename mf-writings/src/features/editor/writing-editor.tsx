// The open writing in Tiptap: loaded after the first paint, which shows the writing as static HTML
// (first-paint/). Everything Tiptap and ProseMirror need is reached from here, not from editor.tsx.
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef } from 'react';
import { EmptyState, type EventBus, messages, type WorkspaceClient } from 'shared-kernel';
import { currentFolderPermission, useWritingsStore } from '../writings-store/index.ts';
import { useChatContext } from './chat-context.ts';
import { SHOWS_SAVED_COPY } from './document-view.ts';
import styles from './editor.module.css';
import { EditorContextMenu } from './editor-context-menu.tsx';
import { EditorFooter } from './editor-footer.tsx';
import { exportWriting } from './export/index.ts';
import { editorExtensions, followEditorPreferences, preferenceAttributes } from './extensions/index.ts';
import { type FirstPaint, StaticWriting } from './first-paint/index.ts';
import { deleteImage } from './images/index.ts';
import { LoadingPlaceholder, SaveBar } from './save-bar.tsx';
import { editorPane } from './typed-keys.ts';
import {
  useAutomaticSaves,
  useFollowedId,
  useHandOver,
  useImageUploads,
  useNewerCopies,
  useOpenWriting,
  useSavePipeline,
  useTitleEditing,
} from './writing-editor-hooks.ts';

/** The hidden file picker behind Insert image and Replace image. */
function ImageFileInput({ images }: { images: ReturnType<typeof useImageUploads>['picker'] }) {
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
        images.onFilesPicked(files);
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
      // A newer copy shown (saved elsewhere) is no change of the writer's.
      onUpdate: ({ transaction }) => {
        if (!transaction.getMeta(SHOWS_SAVED_COPY)) controller.changed();
      },
    },
    [controller],
  );

  const { shown, missing } = useOpenWriting({
    writingId,
    editor,
    controller,
    seen,
    writingKey,
    currentId,
    firstCopy: firstPaint.takeCopy,
  });
  const showing = shown === writingKey;
  const { uploads, picker: images } = useImageUploads({
    editor,
    client,
    writingId,
    currentId,
    shown: showing,
    readOnly,
    imageFiles,
  });
  const scroll = useRef<HTMLDivElement>(null);
  useHandOver({ bus, editor, firstPaint, scroll, shown: showing, writingId, editable: !readOnly });
  const revision = useNewerCopies({ editor, controller, seen, writingId, shown: showing });
  useEffect(() => {
    editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);
  useEffect(() => followEditorPreferences(editor), [editor]);
  useTitleEditing({ editor, currentId, shown, writingKey, readOnly });
  useAutomaticSaves(bus, controller);
  const askAi = useChatContext({ bus, editor, writingId, shown: showing });

  if (missing) return <EmptyState title={messages.editor.empty} />;
  return (
    <section className={styles.editor} aria-label="Editor" {...editorPane}>
      <SaveBar
        controller={controller}
        readOnly={readOnly}
        onPickImage={() => images.pickImage(null)}
        onAskAi={askAi}
      />
      <ImageFileInput images={images} />
      {shown !== writingKey &&
        (firstPaint.handedOver ? (
          <LoadingPlaceholder />
        ) : (
          <StaticWriting key={writingKey} writingId={writingId} firstPaint={firstPaint} />
        ))}
      <div ref={scroll} className={styles.scroll} hidden={shown !== writingKey}>
        <EditorContextMenu
          editor={editor}
          readOnly={readOnly}
          onPickImage={() => images.pickImage(null)}
          onReplaceImage={(position) => images.pickImage(position)}
          onDeleteImage={(position) => void deleteImage(uploads, position)}
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
      <EditorFooter editor={editor} bus={bus} writing={shown} revision={revision} />
    </section>
  );
}
