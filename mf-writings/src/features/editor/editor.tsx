import { type AreaProps, EmptyState, messages } from 'shared-kernel';

/** The editor of the open writing; with none open, the invitation to pick or create one. */
export function Editor(_props: AreaProps) {
  return <EmptyState title={messages.editor.empty} />;
}
