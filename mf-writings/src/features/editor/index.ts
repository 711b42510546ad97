export { Editor } from './editor.tsx';
export { holdKeysForNewWriting } from './typed-keys.ts';
