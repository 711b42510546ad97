// Which files of a paste or a drop the editor takes. Without Tiptap or ProseMirror: the static copy of the
// first screen keeps them too (typed-keys.ts).

/** The image files of a paste or drop; any other file is ignored. */
export function imageFilesOf(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
}
