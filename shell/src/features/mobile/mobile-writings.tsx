import { ChevronLeft } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { type EventBus, messages } from 'shared-kernel';
import styles from './mobile-workspace.module.css';

type View = 'list' | 'writing';

/** The history entry's state key for a writing opened from the list, so the phone's Back returns to it. */
const VIEW_KEY = 'writingsView';

const viewOfHistory = (): View =>
  (window.history.state as Record<string, unknown> | null)?.[VIEW_KEY] === 'writing' ? 'writing' : 'list';

/**
 * The phone's Writings tab: the list, or the open writing, each on the whole screen, as a phone's notes
 * app does; half the screen each left the editor a strip once the keyboard was up. It starts on the
 * writing that opens (the first screen). A writing opened from the list, search or a citation, or a new
 * one, shows it; the Writings button over it, or the phone's Back, goes to the list. Both stay mounted.
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
  const [view, setView] = useState<View>('writing');
  const shown = useRef(view);
  shown.current = view;
  useEffect(() => {
    // Watched, not listened to: the writings area's own listener answers these events (bus/event-bus.ts).
    const subscription = bus.events$.subscribe((event) => {
      if (event.type !== 'writings.open' && event.type !== 'writings.new') return;
      // From the list, the writing gets a history entry of its own: Back leaves it for the list, not the app.
      if (shown.current === 'list') window.history.pushState({ [VIEW_KEY]: 'writing' }, '');
      setView('writing');
    });
    const onPopState = () => setView(viewOfHistory());
    window.addEventListener('popstate', onPopState);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('popstate', onPopState);
    };
  }, [bus]);
  const showList = () => {
    if (viewOfHistory() === 'writing') window.history.back();
    else setView('list');
  };
  return (
    <div className={styles.writings}>
      <div className={styles.writingsView} hidden={view !== 'list'}>
        {list}
      </div>
      <div className={styles.writingsView} hidden={view !== 'writing'}>
        <button type="button" className={styles.backToList} onClick={showList}>
          <ChevronLeft size={18} aria-hidden />
          {messages.writings.title}
        </button>
        {writing}
      </div>
    </div>
  );
}
