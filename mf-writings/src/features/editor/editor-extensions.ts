import { type Extensions, Node } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { CodeBlockDisplay } from './code-block-view.ts';
import { EmbedNode } from './embed-node.ts';
import { ImageNode } from './image-node.ts';
import { isSafeLinkHref } from './link-safety.ts';
import { PasteAndDrop, type PasteAndDropOptions } from './paste-and-drop.ts';
import { WritingPlaceholder } from './placeholder.ts';

/** A writing: a heading first (a level-1 heading is its title), then one or more blocks. */
export const WritingDocument = Node.create({
  name: 'doc',
  topNode: true,
  content: 'heading block+',
});

/** Every extension of the writings editor; the callbacks reach the React side (image uploads). */
export function editorExtensions({ onImageFiles }: PasteAndDropOptions): Extensions {
  return [
    WritingDocument,
    StarterKit.configure({
      document: false,
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      // The schema's first default block is a heading; the trailing block must be a paragraph.
      trailingNode: { node: 'paragraph', notAfter: ['paragraph'] },
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
  ];
}
