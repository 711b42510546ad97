import { FileText, Lightbulb, type LucideIcon, MessageSquare } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { type EventBus, messages, useAreaToShow } from 'shared-kernel';
import styles from './mobile-workspace.module.css';

// In this module's chunk, which loads only on a phone (index.ts).
export { MobileWritings } from './mobile-writings.tsx';

/** The areas the mobile view switches between. */
export type MobileArea = 'writings' | 'ideas' | 'chat';

const TABS: readonly { area: MobileArea; label: string; Icon: LucideIcon }[] = [
  { area: 'writings', label: messages.writings.title, Icon: FileText },
  { area: 'ideas', label: messages.ideas.title, Icon: Lightbulb },
  { area: 'chat', label: messages.chat.title, Icon: MessageSquare },
];

const KEY_STEPS: Readonly<Record<string, (index: number) => number>> = {
  ArrowRight: (index) => (index + 1) % TABS.length,
  ArrowLeft: (index) => (index - 1 + TABS.length) % TABS.length,
  Home: () => 0,
  End: () => TABS.length - 1,
};

/**
 * The mobile view (docs/product.md, Workspace layout): one area at a time, full width, with a tab bar for Writings,
 * Ideas and Chat. `renderArea` supplies each area's content (the same parcels as on the desktop). An
 * area mounts when first shown and stays mounted while hidden, so switching tabs keeps its state.
 * The tab bar follows the ARIA tabs pattern: arrow keys, Home and End move between the tabs. An event
 * addressed to an area shows its tab ("Ask AI" the chat, a citation the writing or the idea it cites).
 */
export function MobileWorkspace({
  bus,
  renderArea,
  accessory,
}: {
  bus: EventBus;
  renderArea: (area: MobileArea) => ReactNode;
  /** Shown at the end of the tab bar (the shell puts the Profile button there). */
  accessory?: ReactNode;
}) {
  const id = useId();
  const [active, setActive] = useState<MobileArea>('writings');
  const [shown, setShown] = useState<ReadonlySet<MobileArea>>(() => new Set([active]));
  const tabs = useRef(new Map<MobileArea, HTMLButtonElement>());

  const show = (area: MobileArea) => {
    setActive(area);
    setShown((current) => (current.has(area) ? current : new Set([...current, area])));
  };
  useAreaToShow(bus, show);

  const onKeyDown = (event: KeyboardEvent) => {
    const step = KEY_STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    const next = TABS[step(TABS.findIndex((tab) => tab.area === active))];
    if (!next) return;
    show(next.area);
    tabs.current.get(next.area)?.focus();
  };

  return (
    // data-layout: the areas' panels leave out what a phone has no use for (the kernel's Panel).
    <div className={styles.mobile} data-layout="phone">
      <div className={styles.content}>
        {TABS.filter(({ area }) => shown.has(area)).map(({ area }) => (
          <section
            key={area}
            id={`${id}-${area}-panel`}
            role="tabpanel"
            aria-labelledby={`${id}-${area}-tab`}
            hidden={area !== active}
            className={styles.panel}
          >
            {renderArea(area)}
          </section>
        ))}
      </div>
      <nav className={styles.tabBar}>
        <div role="tablist" aria-label="Workspace areas" className={styles.tabList} onKeyDown={onKeyDown}>
          {TABS.map(({ area, label, Icon }) => (
            <button
              key={area}
              ref={(element) => {
                if (element) tabs.current.set(area, element);
                else tabs.current.delete(area);
              }}
              type="button"
              role="tab"
              id={`${id}-${area}-tab`}
              aria-selected={area === active}
              aria-controls={`${id}-${area}-panel`}
              tabIndex={area === active ? 0 : -1}
              className={styles.tab}
              onClick={() => show(area)}
            >
              <Icon size={20} aria-hidden />
              <span>{label}</span>
            </button>
          ))}
        </div>
        {accessory && <div className={styles.accessory}>{accessory}</div>}
      </nav>
    </div>
  );
}
