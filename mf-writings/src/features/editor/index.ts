export { Editor } from './editor.tsx';
