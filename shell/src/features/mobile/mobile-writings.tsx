import { ChevronLeft } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { type EventBus, messages } from 'shared-kernel';
import styles from './mobile-workspace.module.css';

/**
 * The phone's Writings tab: the list, or the open writing, each on the whole screen, as a phone's notes
 * app does; half the screen each left the editor a strip once the keyboard was up. It starts on the
 * writing that opens (the first screen), a writing opened from the list, search or a citation, or a new
 * one, shows it, and the Writings button over it goes back to the list. Both stay mounted.
 */
export function MobileWritings({
  bus,
  list,
  writing,
}: {
  bus: EventBus;
  list: ReactNode;
  writing: ReactNode;
}) {
  const [view, setView] = useState<'list' | 'writing'>('writing');
  useEffect(() => {
    // Watched, not listened to: the writings area's own listener answers these events (bus/event-bus.ts).
    const subscription = bus.events$.subscribe((event) => {
      if (event.type === 'writings.open' || event.type === 'writings.new') setView('writing');
    });
    return () => subscription.unsubscribe();
  }, [bus]);
  return (
    <div className={styles.writings}>
      <div className={styles.writingsView} hidden={view !== 'list'}>
        {list}
      </div>
      <div className={styles.writingsView} hidden={view !== 'writing'}>
        <button type="button" className={styles.backToList} onClick={() => setView('list')}>
          <ChevronLeft size={18} aria-hidden />
          {messages.writings.title}
        </button>
        {writing}
      </div>
    </div>
  );
}
