import Image from '@tiptap/extension-image';
import { isSafeImageSrc } from '../links/index.ts';

/**
 * An image of a writing: `src` and `alt`, plus the `attachmentId` and `filePath` of its uploaded file
 * (null while the temporary local image uploads, and after a failed upload). `uploadId` finds the node
 * again when its upload answers. A source that is not http(s), blob: or a raster data: URL is dropped
 * when parsed and never rendered.
 */
export const ImageNode = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      src: {
        default: null,
        parseHTML: (element) => {
          const src = element.getAttribute('src');
          return src && isSafeImageSrc(src) ? src : null;
        },
        renderHTML: (attributes) =>
          typeof attributes.src === 'string' && isSafeImageSrc(attributes.src) ? { src: attributes.src } : {},
      },
      attachmentId: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-attachment-id'),
        renderHTML: (attributes) =>
          attributes.attachmentId ? { 'data-attachment-id': attributes.attachmentId } : {},
      },
      filePath: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-file-path'),
        renderHTML: (attributes) => (attributes.filePath ? { 'data-file-path': attributes.filePath } : {}),
      },
      uploadId: { default: null, rendered: false, keepOnSplit: false },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (element) => {
          const src = element.getAttribute('src');
          return src && isSafeImageSrc(src) ? null : false;
        },
      },
    ];
  },
}).configure({ allowBase64: true });
