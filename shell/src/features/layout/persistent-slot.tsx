import { useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * A home for a mounted area that survives moving and hiding: the area renders once into a detached
 * element, and wherever the layout places a `SlotHost` for it, that element is moved in. Hiding a panel,
 * docking it elsewhere or entering Zen mode never unmounts the area, so nothing half-typed is lost.
 */
export function usePersistentSlot(): {
  element: HTMLElement;
  portal: (children: React.ReactNode) => React.ReactPortal;
} {
  const [element] = useState(() => {
    const div = document.createElement('div');
    div.style.display = 'contents';
    return div;
  });
  return { element, portal: (children) => createPortal(children, element) };
}

/** Where a persistent slot shows in the layout. */
export function SlotHost({ element, className }: { element: HTMLElement; className?: string }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const container = host.current;
    if (!container) return;
    container.appendChild(element);
    return () => {
      if (element.parentNode === container) container.removeChild(element);
    };
  }, [element]);
  return <div ref={host} className={className} />;
}
