// The chat history: sessions in the database and the dialog that lists them.
export { HistoryDialog } from './history-dialog.tsx';
export { type ChatSession, loadMessages } from './sessions-data.ts';
