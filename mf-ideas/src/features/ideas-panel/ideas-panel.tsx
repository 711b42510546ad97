import { type AreaProps, EmptyState, messages, Panel } from 'shared-kernel';

/** The ideas inbox: header, the ideas grouped by date, and the capture composer. */
export function IdeasPanel({ bus }: AreaProps) {
  return (
    <Panel title={messages.ideas.title} arrangement={{ bus, panel: 'ideas' }}>
      <EmptyState title={messages.ideas.empty} />
    </Panel>
  );
}
