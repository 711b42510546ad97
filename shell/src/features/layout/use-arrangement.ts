import { useState } from 'react';
import { type EventBus, updatePreferences, useAreaToShow, useBusEvent, usePreferences } from 'shared-kernel';

export type SidePanel = 'ideas' | 'chat';

/** What is shown where: derived from the saved preferences and the Zen switch. */
export type Arrangement = {
  zen: boolean;
  /** The panels of the left area below the writings sidebar, in order. */
  left: SidePanel[];
  /** The panels of the right area, in order. */
  right: SidePanel[];
  /** Whether the main sidebar (with anything docked under it) is shown. */
  leftOpen: boolean;
  rightOpen: boolean;
};

/**
 * The arrangement of the workspace, and the bus events that change it. The order of the side panels,
 * the ideas dock side and which panels are open are saved locally (preferences); Zen mode hides every
 * side panel and is not saved.
 */
export function useArrangement(bus: EventBus): Arrangement {
  const preferences = usePreferences();
  const [zen, setZen] = useState(false);

  useBusEvent(bus, 'zen.toggle', () => setZen((on) => !on));
  useBusEvent(bus, 'panels.toggle', ({ panel }) =>
    updatePreferences((current) =>
      panel === 'ideas' ? { ideasOpen: !current.ideasOpen } : { chatOpen: !current.chatOpen },
    ),
  );
  useAreaToShow(bus, (area) => {
    if (area === 'writings') return;
    setZen(false);
    updatePreferences(area === 'ideas' ? { ideasOpen: true } : { chatOpen: true });
  });
  useBusEvent(bus, 'panels.swap-order', () =>
    updatePreferences((current) => ({
      panelOrder: current.panelOrder === 'ideas-first' ? 'chat-first' : 'ideas-first',
    })),
  );
  useBusEvent(bus, 'panels.flip-dock', () =>
    updatePreferences((current) => ({ ideasDock: current.ideasDock === 'right' ? 'left' : 'right' })),
  );

  const order: SidePanel[] = preferences.panelOrder === 'ideas-first' ? ['ideas', 'chat'] : ['chat', 'ideas'];
  const open = (panel: SidePanel) =>
    !zen && (panel === 'ideas' ? preferences.ideasOpen : preferences.chatOpen);
  const dockOf = (panel: SidePanel) => (panel === 'ideas' ? preferences.ideasDock : 'right');
  const left = order.filter((panel) => open(panel) && dockOf(panel) === 'left');
  const right = order.filter((panel) => open(panel) && dockOf(panel) === 'right');
  return { zen, left, right, leftOpen: !zen, rightOpen: right.length > 0 };
}

/**
 * What dropping a dragged panel header on an area does: dropped on the other area, ideas moves there
 * (chat always stays right); dropped on a panel of its own area, the two swap places.
 */
export function dropPanel({
  dragged,
  area,
  onto,
  arrangement,
}: {
  dragged: SidePanel;
  area: 'left' | 'right';
  onto?: SidePanel;
  arrangement: Arrangement;
}): void {
  const currentArea = arrangement.left.includes(dragged) ? 'left' : 'right';
  if (currentArea !== area) {
    if (dragged === 'ideas') updatePreferences({ ideasDock: area });
    return;
  }
  if (onto && onto !== dragged) {
    updatePreferences((current) => ({
      panelOrder: current.panelOrder === 'ideas-first' ? 'chat-first' : 'ideas-first',
    }));
  }
}
