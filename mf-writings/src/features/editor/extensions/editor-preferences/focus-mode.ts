import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { getPreferences } from 'shared-kernel';

/** The class of the block the writer is in while focus mode is on (editor.module.css dims the others). */
export const FOCUS_CURRENT_CLASS = 'focus-current';

/**
 * Focus mode (Editor settings): marks the text block that holds the cursor, so every other one can be
 * dimmed. Costs nothing while focus mode is off; `refreshEditorPreferences` redraws it when toggled.
 */
export const FocusMode = Extension.create({
  name: 'focusMode',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('focusMode'),
        props: {
          decorations(state) {
            if (!getPreferences().focusMode) return DecorationSet.empty;
            const { $from } = state.selection;
            if ($from.depth === 0) return DecorationSet.empty;
            const start = $from.before($from.depth);
            return DecorationSet.create(state.doc, [
              Decoration.node(start, start + $from.parent.nodeSize, { class: FOCUS_CURRENT_CLASS }),
            ]);
          },
        },
      }),
    ];
  },
});
