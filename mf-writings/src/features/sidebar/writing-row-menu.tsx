import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import menu from '../../lib/menu.module.css';
import { asError } from '../offline-store/index.ts';
import {
  moveWritingsToFolderNamed,
  removeWriting,
  renameWritingTo,
  type WritingSummary,
} from '../writings-store/index.ts';
import { labels } from './labels.ts';
import styles from './sidebar.module.css';

/**
 * A writing's actions behind one small button at the end of its title line: the title keeps the rest
 * of the line (cut with an ellipsis before the button, never drawn under it).
 */
export function WritingRowMenu({ writing }: { writing: WritingSummary }) {
  const rename = () => {
    const title = window.prompt(labels.rename, writing.title);
    if (title === null) return;
    renameWritingTo(writing.id, title).catch((error: unknown) =>
      console.warn('The writing was not renamed', asError(error)),
    );
  };
  const move = () => {
    const name = window.prompt(labels.moveToFolder, writing.category ?? '');
    if (name === null) return;
    moveWritingsToFolderNamed([writing.id], name).catch((error: unknown) =>
      console.warn('The writing was not moved', asError(error)),
    );
  };
  const remove = () => {
    removeWriting(writing.id).catch((error: unknown) =>
      console.warn('The writing was not deleted', asError(error)),
    );
  };
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={styles.moreActions} aria-label={labels.moreActions}>
        <span aria-hidden="true">⋯</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        {/* Rendered elsewhere, its clicks still bubble through React to the row: they must not select it. */}
        <DropdownMenu.Content
          className={menu.menu}
          align="end"
          sideOffset={4}
          onClick={(event) => event.stopPropagation()}
        >
          <DropdownMenu.Item className={menu.item} onSelect={rename}>
            {labels.rename}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menu.item} onSelect={move}>
            {labels.moveToFolder}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menu.item} onSelect={remove}>
            {labels.delete}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
