export { Editor } from './editor.tsx';
export { holdKeysForNewWriting, typedSinceNew } from './typed-keys.ts';
