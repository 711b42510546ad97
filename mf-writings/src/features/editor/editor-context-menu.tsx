import * as ContextMenu from '@radix-ui/react-context-menu';
import type { Editor as TiptapEditor } from '@tiptap/core';
import { type ReactNode, useState } from 'react';
import { messages } from 'shared-kernel';
import styles from './editor.module.css';

/** What the menu acts on: the image right-clicked (its position), or the text. */
type Target = { kind: 'image'; position: number } | { kind: 'text' };

const FORMATS: { label: string; run: (editor: TiptapEditor) => void }[] = [
  { label: 'Bold', run: (editor) => editor.chain().focus().toggleBold().run() },
  { label: 'Italic', run: (editor) => editor.chain().focus().toggleItalic().run() },
  { label: 'Strikethrough', run: (editor) => editor.chain().focus().toggleStrike().run() },
  { label: 'Inline code', run: (editor) => editor.chain().focus().toggleCode().run() },
  { label: 'Heading 2', run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: 'Heading 3', run: (editor) => editor.chain().focus().toggleHeading({ level: 3 }).run() },
  { label: 'Bullet list', run: (editor) => editor.chain().focus().toggleBulletList().run() },
  { label: 'Numbered list', run: (editor) => editor.chain().focus().toggleOrderedList().run() },
  { label: 'Quote', run: (editor) => editor.chain().focus().toggleBlockquote().run() },
  { label: 'Code block', run: (editor) => editor.chain().focus().toggleCodeBlock().run() },
];

/**
 * The editor's context menu (Radix): on an image, Replace image, Delete image and Editor menu (which
 * shows the formatting menu instead); anywhere else, the formatting menu with Insert image.
 */
export function EditorContextMenu({
  editor,
  readOnly,
  onPickImage,
  onReplaceImage,
  onDeleteImage,
  children,
}: {
  editor: TiptapEditor;
  readOnly: boolean;
  onPickImage: () => void;
  onReplaceImage: (position: number) => void;
  onDeleteImage: (position: number) => void;
  children: ReactNode;
}) {
  const [target, setTarget] = useState<Target>({ kind: 'text' });

  const onContextMenu = (event: React.MouseEvent) => {
    const element = event.target instanceof HTMLElement ? event.target : null;
    const image = element?.closest('img');
    if (image && editor.view.dom.contains(image)) {
      setTarget({ kind: 'image', position: editor.view.posAtDOM(image, 0) });
    } else {
      setTarget({ kind: 'text' });
    }
  };

  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild disabled={readOnly} onContextMenu={onContextMenu}>
        <div className={styles.menuArea}>{children}</div>
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className={styles.menu}>
          {target.kind === 'image' ? (
            <>
              <ContextMenu.Item className={styles.menuItem} onSelect={() => onReplaceImage(target.position)}>
                {messages.editor.replaceImage}
              </ContextMenu.Item>
              <ContextMenu.Item className={styles.menuItem} onSelect={() => onDeleteImage(target.position)}>
                {messages.editor.deleteImage}
              </ContextMenu.Item>
              <ContextMenu.Separator className={styles.menuSeparator} />
              <ContextMenu.Item
                className={styles.menuItem}
                onSelect={(event) => {
                  // Keep the menu open and show the formatting menu in its place.
                  event.preventDefault();
                  setTarget({ kind: 'text' });
                }}
              >
                {messages.editor.editorMenu}
              </ContextMenu.Item>
            </>
          ) : (
            <>
              {FORMATS.map((format) => (
                <ContextMenu.Item
                  key={format.label}
                  className={styles.menuItem}
                  onSelect={() => format.run(editor)}
                >
                  {format.label}
                </ContextMenu.Item>
              ))}
              <ContextMenu.Separator className={styles.menuSeparator} />
              <ContextMenu.Item className={styles.menuItem} onSelect={onPickImage}>
                Insert image…
              </ContextMenu.Item>
            </>
          )}
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}
