import { type Extensions, Node } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { BLOCK_GROUP, BlockGroup, BlockGroupEditing } from './block-groups/block-groups.ts';
import { CodeBlockDisplay } from './code-block/code-block-view.ts';
import { FocusMode } from './editor-preferences/focus-mode.ts';
import { EmbedNode } from './embeds/embed-node.ts';
import { ImageNode } from './image/image-node.ts';
import { isSafeLinkHref } from './links/index.ts';
import { PasteAndDrop, type PasteAndDropOptions } from './paste-and-drop/paste-and-drop.ts';
import { WritingPlaceholder } from './placeholder/placeholder.ts';

/**
 * A writing: a heading first (a level-1 heading is its title), then one or more blocks, which the
 * editor holds in groups (see block-groups.ts; stored writings are `heading block+`).
 */
export const WritingDocument = Node.create({
  name: 'doc',
  topNode: true,
  content: `heading ${BLOCK_GROUP}+`,
});

/** Every extension of the writings editor; the callbacks reach the React side (image uploads). */
export function editorExtensions({ onImageFiles }: PasteAndDropOptions): Extensions {
  return [
    WritingDocument,
    BlockGroup,
    BlockGroupEditing,
    StarterKit.configure({
      document: false,
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      // Tiptap's trailing node looks at the document's last child, a group here: BlockGroupEditing
      // keeps a paragraph at the end instead.
      trailingNode: false,
      link: {
        openOnClick: false,
        autolink: true,
        protocols: ['http', 'https', 'mailto'],
        defaultProtocol: 'https',
        isAllowedUri: (url) => isSafeLinkHref(url),
        shouldAutoLink: (url) => isSafeLinkHref(url) || isSafeLinkHref(`https://${url}`),
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
      },
    }),
    CodeBlockDisplay,
    ImageNode,
    EmbedNode,
    PasteAndDrop.configure({ onImageFiles }),
    WritingPlaceholder,
    FocusMode,
  ];
}
