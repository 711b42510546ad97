export { ChatPanel } from './chat-panel.tsx';
