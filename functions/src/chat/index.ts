// The public API of the chat function.
export { chat } from './chat.ts';
