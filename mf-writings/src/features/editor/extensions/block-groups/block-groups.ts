import { Extension, type JSONContent, Node } from '@tiptap/core';
import { joinBackward, joinForward, splitBlock } from '@tiptap/pm/commands';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import {
  AllSelection,
  type Command,
  type EditorState,
  Plugin,
  PluginKey,
  Selection,
  TextSelection,
  type Transaction,
} from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import { BLOCK_GROUP_SIZE, estimatedBlockHeight } from 'shared-kernel';

/**
 * Budget (keystroke-to-paint p95 <= 16 ms on 100,000 words): in the editor, the blocks after the title
 * sit in groups of at most this many. Chromium lays out and syncs the selection of a container in time
 * proportional to its children, so 5,000 paragraphs side by side cost ~20 ms per keystroke before any
 * script runs; in groups, each group off screen is skipped whole (`content-visibility: auto`).
 * Stored writings never contain groups: they exist only between loading and saving.
 */
export { BLOCK_GROUP_SIZE };
export const BLOCK_GROUP = 'blockGroup';

/** A rough height for a group not yet laid out, so the scrollbar is about right before it is. */
function estimatedHeight(group: ProseMirrorNode): number {
  let height = 0;
  group.forEach((block) => {
    height += estimatedBlockHeight(block.textContent.length);
  });
  return height;
}

/** The invisible container of up to {@link BLOCK_GROUP_SIZE} consecutive blocks. */
export const BlockGroup = Node.create({
  name: BLOCK_GROUP,
  content: 'block+',
  selectable: false,
  draggable: false,
  parseHTML: () => [],
  renderHTML: ({ node }) => [
    'div',
    { class: 'block-group', style: `contain-intrinsic-block-size: auto ${estimatedHeight(node)}px` },
    0,
  ],
});

/** A stored document (a heading, then blocks) as the editor holds it: the blocks in groups. */
export function toEditorContent(stored: JSONContent): JSONContent {
  const [title, ...blocks] = stored.content ?? [];
  const groups: JSONContent[] = [];
  for (let start = 0; start < blocks.length; start += BLOCK_GROUP_SIZE) {
    groups.push({ type: BLOCK_GROUP, content: blocks.slice(start, start + BLOCK_GROUP_SIZE) });
  }
  return { ...stored, content: title ? [title, ...groups] : groups };
}

/** Calls `visit` for each block of the editor's document in order (the title first) until it returns false. */
export function forEachBlock(
  doc: ProseMirrorNode,
  visit: (block: ProseMirrorNode) => boolean | undefined,
): void {
  for (let index = 0; index < doc.childCount; index++) {
    const child = doc.child(index);
    if (child.type.name !== BLOCK_GROUP) {
      if (visit(child) === false) return;
      continue;
    }
    for (let inner = 0; inner < child.childCount; inner++) {
      if (visit(child.child(inner)) === false) return;
    }
  }
}

/** The editor's document as it is stored: the heading, then every block, without groups. */
export function toStoredContent(doc: ProseMirrorNode): JSONContent {
  const content: JSONContent[] = [];
  forEachBlock(doc, (block) => {
    content.push(block.toJSON() as JSONContent);
    return true;
  });
  return { type: 'doc', content };
}

/**
 * The position right after the block (a direct child of a group, or the title) holding `position`:
 * where a block dropped into the middle of a paragraph goes.
 */
export function afterBlockAt(doc: ProseMirrorNode, position: number): number {
  const $position = doc.resolve(position);
  if ($position.depth >= 2 && $position.node(1).type.name === BLOCK_GROUP) return $position.after(2);
  if ($position.depth >= 1 && $position.node(1).type.name !== BLOCK_GROUP) return $position.after(1) + 1;
  // Between groups: at the start of the next one, or the end of the last.
  return $position.nodeAfter?.type.name === BLOCK_GROUP ? position + 1 : position - 1;
}

/** True for a position inside a top-level block, one that is a direct child of a group. */
export function isInTopLevelBlock(state: EditorState): boolean {
  const { $from } = state.selection;
  return $from.depth === 2 && $from.node(1).type.name === BLOCK_GROUP;
}

/**
 * Where Backspace (-1) or Delete (+1) at the cursor would join across the edge of its group: the
 * position between the group and its neighbour, or null when the cursor is not at that edge.
 */
function groupEdge(state: EditorState, direction: -1 | 1): number | null {
  const { selection } = state;
  if (!(selection instanceof TextSelection) || !selection.$cursor) return null;
  const $cursor = selection.$cursor;
  if ($cursor.depth < 2 || $cursor.node(1).type.name !== BLOCK_GROUP) return null;
  const atEdge =
    direction < 0 ? $cursor.parentOffset === 0 : $cursor.parentOffset === $cursor.parent.content.size;
  if (!atEdge) return null;
  for (let depth = 1; depth < $cursor.depth; depth++) {
    const last = $cursor.node(depth).childCount - 1;
    if ($cursor.index(depth) !== (direction < 0 ? 0 : last)) return null;
    if (depth > 1 && $cursor.node(depth).type.spec.isolating) return null;
  }
  return direction < 0 ? $cursor.before(1) : $cursor.after(1);
}

/** Appends `inner`'s steps and selection (made on `tr`'s resulting document) to `tr`. */
function follow(tr: Transaction, inner: Transaction): Transaction {
  for (const step of inner.steps) tr.step(step);
  if (inner.selectionSet) tr.setSelection(Selection.fromJSON(tr.doc, inner.selection.toJSON()));
  return tr;
}

/** Backspace at the start of the title's first following block, or Delete at the title's end. */
function joinIntoTitle(state: EditorState, dispatch: ((tr: Transaction) => void) | undefined): boolean {
  const title = state.doc.firstChild;
  const group = state.doc.maybeChild(1);
  const block = group?.firstChild;
  if (!title || !group || group.type.name !== BLOCK_GROUP || !block?.isTextblock) return false;
  // The document keeps one block after its title, as a writing always has.
  if (group.childCount === 1 && state.doc.childCount === 2) return false;
  if (!dispatch) return true;
  const titleEnd = title.nodeSize - 1;
  const groupStart = title.nodeSize;
  const tr =
    group.childCount === 1
      ? state.tr.delete(groupStart, groupStart + group.nodeSize)
      : state.tr.delete(groupStart + 1, groupStart + 1 + block.nodeSize);
  tr.insert(titleEnd, block.content);
  tr.setSelection(TextSelection.create(tr.doc, titleEnd));
  dispatch(tr.scrollIntoView());
  return true;
}

/**
 * Enter in the title: what follows the cursor starts the body (a paragraph when nothing follows, else a
 * heading like the title, as a split heading is elsewhere), and the cursor goes there. With nothing to
 * take along, an empty first paragraph (a new writing's) is used rather than another one added.
 */
const splitTitle: Command = (state, dispatch) => {
  const { $from, $to } = state.selection;
  if ($from.depth !== 1 || $from.index(0) !== 0 || $to.depth !== 1 || $to.index(0) !== 0) return false;
  const { heading, paragraph } = state.schema.nodes;
  if (!heading || !paragraph) return false;
  if (!dispatch) return true;
  const tr = state.tr.deleteSelection();
  const cursor = tr.selection.from;
  const title = tr.doc.child(0);
  const rest = title.content.cut(cursor - 1);
  tr.delete(cursor, title.nodeSize - 1);
  const bodyStart = tr.doc.child(0).nodeSize + 1;
  const first = tr.doc.maybeChild(1)?.firstChild;
  // A new writing's empty first paragraph is where its body starts: no second, blank one above it.
  const bodyIsEmpty = first?.type === paragraph && first.content.size === 0;
  if (rest.size > 0 || !bodyIsEmpty) {
    tr.insert(bodyStart, rest.size > 0 ? heading.create(title.attrs, rest) : paragraph.create());
  }
  tr.setSelection(TextSelection.create(tr.doc, bodyStart + 1));
  dispatch(tr.scrollIntoView());
  return true;
};

/**
 * Enter in an empty block of the body makes a new paragraph below it. (ProseMirror's own Enter would
 * split the group there instead, as it lifts an empty block out of a list: nothing would seem to happen.)
 */
const newParagraphAfterEmptyBlock: Command = (state, dispatch) => {
  const { selection } = state;
  const $cursor = selection instanceof TextSelection ? selection.$cursor : null;
  if (!$cursor || !isInTopLevelBlock(state) || $cursor.parent.content.size > 0) return false;
  if ($cursor.parent.type.spec.code) return false;
  return splitBlock(state, dispatch);
};

/** Backspace (-1) or Delete (+1) across the edge of a group behaves as if there were no groups. */
function joinAcrossGroups(direction: -1 | 1): Command {
  return (state, dispatch, view) => {
    const { selection } = state;
    const atTitleEnd =
      direction > 0 &&
      selection instanceof TextSelection &&
      selection.$cursor?.depth === 1 &&
      selection.$cursor.index(0) === 0 &&
      selection.$cursor.parentOffset === selection.$cursor.parent.content.size;
    if (atTitleEnd) return joinIntoTitle(state, dispatch);

    const edge = groupEdge(state, direction);
    if (edge === null) return false;
    const $edge = state.doc.resolve(edge);
    const neighbour = direction < 0 ? $edge.nodeBefore : $edge.nodeAfter;
    if (!neighbour) return false;
    if (neighbour.type.name !== BLOCK_GROUP) {
      return direction < 0 && $edge.index(0) === 1 && state.selection.$from.depth === 2
        ? joinIntoTitle(state, dispatch)
        : false;
    }
    // The two groups become one, then the usual join runs on the blocks now side by side.
    const joined = state.tr.join(edge);
    const join = direction < 0 ? joinBackward : joinForward;
    let inner: Transaction | undefined;
    if (!join(state.apply(joined), (tr) => (inner = tr), view) || !inner) return false;
    dispatch?.(follow(joined, inner).scrollIntoView());
    return true;
  };
}

/**
 * A character typed over the whole document (select-all) becomes the title and the caret stays after it.
 * ProseMirror's own insertion maps the select-all onto the new document and puts the caret at its end:
 * after the paragraph the schema adds below the title, so the rest of the title went into the body.
 */
function typeOverEverything(view: EditorView, from: number, to: number, text: string): boolean {
  if (!(view.state.selection instanceof AllSelection)) return false;
  const tr = view.state.tr.insertText(text, from, to);
  const title = tr.doc.firstChild;
  if (!title?.isTextblock || title.textContent !== text) return false;
  view.dispatch(tr.setSelection(TextSelection.create(tr.doc, 1 + text.length)).scrollIntoView());
  return true;
}

/**
 * Groups grown past twice their size (a long text pasted, a long session of writing) are split back
 * into groups of {@link BLOCK_GROUP_SIZE}, so typing stays as fast as in a freshly opened writing.
 */
function splitOversizedGroups(tr: Transaction): void {
  const splits: number[] = [];
  tr.doc.forEach((group, offset) => {
    if (group.type.name !== BLOCK_GROUP || group.childCount <= 2 * BLOCK_GROUP_SIZE) return;
    let position = offset + 1;
    group.forEach((block, _blockOffset, index) => {
      if (index > 0 && index % BLOCK_GROUP_SIZE === 0) splits.push(position);
      position += block.nodeSize;
    });
  });
  // From the end, so each split leaves the positions before it as they were.
  for (const position of splits.reverse()) tr.split(position);
}

/**
 * Keeps editing unaware of the groups: Enter in the title starts the body, Enter in an empty block adds
 * a paragraph, Backspace and Delete join across a group's edge as they would anywhere else, groups grown
 * too large are split, and the last group ends with a paragraph when its last block is not one (so there is
 * always somewhere to type below an image, an embed or a code block). Typing over a select-all starts a
 * new title.
 */
export const BlockGroupEditing = Extension.create({
  name: 'blockGroupEditing',
  priority: 1000,
  addKeyboardShortcuts() {
    const run = (command: Command) => () =>
      command(this.editor.state, this.editor.view.dispatch, this.editor.view);
    const backward = run(joinAcrossGroups(-1));
    const forward = run(joinAcrossGroups(1));
    return {
      Enter: run(
        (state, dispatch) => splitTitle(state, dispatch) || newParagraphAfterEmptyBlock(state, dispatch),
      ),
      Backspace: backward,
      'Mod-Backspace': backward,
      'Shift-Backspace': backward,
      Delete: forward,
      'Mod-Delete': forward,
    };
  },
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('typeOverEverything'),
        props: { handleTextInput: typeOverEverything },
      }),
      new Plugin({
        key: new PluginKey('blockGroupTrailingParagraph'),
        appendTransaction: (transactions, _old, state) => {
          if (!transactions.some((tr) => tr.docChanged)) return null;
          const tr = state.tr;
          const last = state.doc.lastChild;
          const paragraph = state.schema.nodes.paragraph;
          if (paragraph && last?.type.name === BLOCK_GROUP && last.lastChild?.type !== paragraph) {
            tr.insert(state.doc.content.size - 1, paragraph.create());
          }
          splitOversizedGroups(tr);
          return tr.docChanged ? tr : null;
        },
      }),
    ];
  },
});
