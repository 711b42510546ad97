import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { messages } from 'shared-kernel';

/** What an empty paragraph under the cursor invites. */
export const BODY_PLACEHOLDER = 'Start writing…';

/**
 * Placeholders for the empty title and the empty paragraph under the cursor. Budget: built from those
 * two nodes only; Tiptap's Placeholder walks every node of the document on every transaction.
 */
export const WritingPlaceholder = Extension.create({
  name: 'writingPlaceholder',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('writingPlaceholder'),
        props: {
          decorations: ({ doc, selection }) => {
            const decorations: Decoration[] = [];
            const title = doc.firstChild;
            if (title && title.content.size === 0) {
              decorations.push(
                Decoration.node(0, title.nodeSize, {
                  class: 'is-empty',
                  'data-placeholder': messages.writings.untitled,
                }),
              );
            }
            const { $from, empty } = selection;
            const block = $from.parent;
            if (
              empty &&
              $from.depth > 0 &&
              $from.before() > 0 &&
              block.type.name === 'paragraph' &&
              block.content.size === 0
            ) {
              decorations.push(
                Decoration.node($from.before(), $from.after(), {
                  class: 'is-empty',
                  'data-placeholder': BODY_PLACEHOLDER,
                }),
              );
            }
            return decorations.length > 0 ? DecorationSet.create(doc, decorations) : null;
          },
        },
      }),
    ];
  },
});
