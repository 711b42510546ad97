import type { Editor as TiptapEditor } from '@tiptap/core';
import { type ReactNode, useState } from 'react';
import { useOnDemand } from 'shared-kernel';
import type { MenuActions, MenuRequest } from './context-menu-at-point.tsx';
import styles from './editor.module.css';

// Fetched on the first right-click rather than with the editor: Radix's menu, positioning and focus
// machinery is about 20 KB gzip of the page's first load (docs/architecture.md, Budgets).
const loadContextMenu = () =>
  import('./context-menu-at-point.tsx').then((module) => module.ContextMenuAtPoint);

/**
 * The area of the editor that opens its context menu on a right-click (not in a read-only writing,
 * which keeps the browser's own menu). The children stay mounted whether or not the menu has loaded; the
 * first right-click opens it once it has arrived.
 */
export function EditorContextMenu({
  editor,
  readOnly,
  children,
  ...actions
}: MenuActions & { editor: TiptapEditor; readOnly: boolean; children: ReactNode }) {
  const [request, setRequest] = useState<MenuRequest | null>(null);
  const [ContextMenuAtPoint, requestContextMenu] = useOnDemand(loadContextMenu);

  const onContextMenu = (event: React.MouseEvent) => {
    if (readOnly) return;
    event.preventDefault();
    const element = event.target instanceof Element ? event.target : null;
    const image = element?.closest('img');
    setRequest({
      x: event.clientX,
      y: event.clientY,
      target:
        image && editor.view.dom.contains(image)
          ? { kind: 'image', position: editor.view.posAtDOM(image, 0) }
          : { kind: 'text' },
    });
    requestContextMenu();
  };

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a right-click (or the keyboard's menu key) on the text it holds */}
      <div className={styles.menuArea} onContextMenu={onContextMenu}>
        {children}
      </div>
      {request && ContextMenuAtPoint && <ContextMenuAtPoint editor={editor} request={request} {...actions} />}
    </>
  );
}
