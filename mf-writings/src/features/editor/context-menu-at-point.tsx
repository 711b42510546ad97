import * as ContextMenu from '@radix-ui/react-context-menu';
import type { Editor as TiptapEditor } from '@tiptap/core';
import { useEffect, useRef, useState } from 'react';
import { messages } from 'shared-kernel';
import menu from '../../lib/menu.module.css';

/** What the menu acts on: the image right-clicked (its position), or the text. */
export type MenuTarget = { kind: 'image'; position: number } | { kind: 'text' };

/** One right-click: where it happened and on what. A new object for every right-click. */
export interface MenuRequest {
  x: number;
  y: number;
  target: MenuTarget;
}

/** What the menu's items do besides formatting. */
export interface MenuActions {
  onPickImage: () => void;
  onReplaceImage: (position: number) => void;
  onDeleteImage: (position: number) => void;
  /** Downloads the writing (a LITE+ feature, checked by the server). */
  onExport: (format: 'markdown' | 'html') => void;
}

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
 * The editor's context menu (Radix), opened at the point of each right-click it is given: on an image,
 * Replace image, Delete image and Editor menu (which shows the formatting menu instead); anywhere else,
 * the formatting menu with Insert image.
 *
 * Its trigger is an empty element beside the editor rather than the editor itself, so that this module
 * (Radix's menu, positioning and focus machinery) can arrive after the editor without remounting it:
 * each right-click is replayed on the trigger, where Radix reads the point to open at.
 */
export function ContextMenuAtPoint({
  editor,
  request,
  onPickImage,
  onReplaceImage,
  onDeleteImage,
  onExport,
}: MenuActions & { editor: TiptapEditor; request: MenuRequest }) {
  const trigger = useRef<HTMLSpanElement>(null);
  const [target, setTarget] = useState<MenuTarget>(request.target);

  useEffect(() => {
    setTarget(request.target);
    trigger.current?.dispatchEvent(
      new MouseEvent('contextmenu', {
        bubbles: true,
        cancelable: true,
        clientX: request.x,
        clientY: request.y,
      }),
    );
  }, [request]);

  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild ref={trigger}>
        <span hidden />
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className={menu.menu}>
          {target.kind === 'image' ? (
            <>
              <ContextMenu.Item className={menu.item} onSelect={() => onReplaceImage(target.position)}>
                {messages.editor.replaceImage}
              </ContextMenu.Item>
              <ContextMenu.Item className={menu.item} onSelect={() => onDeleteImage(target.position)}>
                {messages.editor.deleteImage}
              </ContextMenu.Item>
              <ContextMenu.Separator className={menu.separator} />
              <ContextMenu.Item
                className={menu.item}
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
                  className={menu.item}
                  onSelect={() => format.run(editor)}
                >
                  {format.label}
                </ContextMenu.Item>
              ))}
              <ContextMenu.Separator className={menu.separator} />
              <ContextMenu.Item className={menu.item} onSelect={onPickImage}>
                Insert image…
              </ContextMenu.Item>
              <ContextMenu.Separator className={menu.separator} />
              <ContextMenu.Item className={menu.item} onSelect={() => onExport('markdown')}>
                {messages.exportWriting.markdown}
              </ContextMenu.Item>
              <ContextMenu.Item className={menu.item} onSelect={() => onExport('html')}>
                {messages.exportWriting.html}
              </ContextMenu.Item>
            </>
          )}
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}
