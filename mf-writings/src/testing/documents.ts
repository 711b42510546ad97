/** A writing's document as the editor makes it: a level-1 heading (the title), then one paragraph. */
export const documentOf = (title: string, body: string) => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: title }] },
    { type: 'paragraph', content: [{ type: 'text', text: body }] },
  ],
});
