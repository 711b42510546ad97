import { type AreaProps, EmptyState, messages, Panel } from 'shared-kernel';

/** The AI chat: header, the conversation and the composer. */
export function ChatPanel({ bus }: AreaProps) {
  return (
    <Panel title={messages.chat.title} arrangement={{ bus, panel: 'chat' }}>
      <EmptyState title={messages.chat.readyTitle}>{messages.chat.readyBody}</EmptyState>
    </Panel>
  );
}
