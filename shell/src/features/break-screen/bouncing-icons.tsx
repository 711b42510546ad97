import {
  Bird,
  BookOpen,
  Cloud,
  Coffee,
  Feather,
  Flower2,
  Heart,
  Leaf,
  Lightbulb,
  type LucideIcon,
  Moon,
  Music,
  NotebookPen,
  Palette,
  PenTool,
  Quote,
  Rocket,
  Smile,
  Sparkles,
  Star,
  Sun,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import styles from './break-screen.module.css';

const ICONS: readonly LucideIcon[] = [
  Bird,
  BookOpen,
  Cloud,
  Coffee,
  Feather,
  Flower2,
  Heart,
  Leaf,
  Lightbulb,
  Moon,
  Music,
  NotebookPen,
  Palette,
  PenTool,
  Quote,
  Rocket,
  Smile,
  Sparkles,
  Star,
  Sun,
];

const ICON_SIZE_PX = 32;
const MIN_SPEED_PX_PER_S = 30;
const MAX_SPEED_PX_PER_S = 90;
// A frame after a long pause (a hidden tab) would otherwise throw the icons through the walls.
const MAX_FRAME_SECONDS = 0.1;

/** One icon drifting across the break screen: its glyph, position and velocity (pixels per second). */
export interface BouncingIcon {
  id: number;
  Icon: LucideIcon;
  x: number;
  y: number;
  velocityX: number;
  velocityY: number;
}

const pick = <T,>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** A new icon somewhere on the screen, heading in a random direction at a gentle speed. */
export function createBouncingIcon(id: number): BouncingIcon {
  const angle = Math.random() * 2 * Math.PI;
  const speed = MIN_SPEED_PX_PER_S + Math.random() * (MAX_SPEED_PX_PER_S - MIN_SPEED_PX_PER_S);
  return {
    id,
    Icon: pick(ICONS),
    x: Math.random() * Math.max(0, window.innerWidth - ICON_SIZE_PX),
    y: Math.random() * Math.max(0, window.innerHeight - ICON_SIZE_PX),
    velocityX: Math.cos(angle) * speed,
    velocityY: Math.sin(angle) * speed,
  };
}

/** Moves one coordinate and reflects it (and its velocity) off the walls at 0 and `limit`. */
function bounce(position: number, velocity: number, seconds: number, limit: number) {
  const next = position + velocity * seconds;
  if (next < 0) return { position: -next, velocity: Math.abs(velocity) };
  if (next > limit) return { position: Math.max(0, 2 * limit - next), velocity: -Math.abs(velocity) };
  return { position: next, velocity };
}

const transformOf = (icon: { x: number; y: number }) => `translate(${icon.x}px, ${icon.y}px)`;

/**
 * The break screen's icons. With `animate` they bounce off the screen's edges, moved once per animation
 * frame by writing their transforms directly (no React render per frame); without it they stay put.
 */
export function BouncingIcons({ icons, animate }: { icons: readonly BouncingIcon[]; animate: boolean }) {
  const elements = useRef(new Map<number, HTMLElement>());
  const motion = useRef(new Map<number, BouncingIcon>());
  const current = useRef(icons);
  current.current = icons;

  useEffect(() => {
    if (!animate) return;
    let frame = 0;
    let previous: number | undefined;
    const step = (time: number) => {
      const seconds = previous === undefined ? 0 : Math.min((time - previous) / 1000, MAX_FRAME_SECONDS);
      previous = time;
      const width = window.innerWidth - ICON_SIZE_PX;
      const height = window.innerHeight - ICON_SIZE_PX;
      for (const icon of current.current) {
        const state = motion.current.get(icon.id) ?? { ...icon };
        const horizontal = bounce(state.x, state.velocityX, seconds, width);
        const vertical = bounce(state.y, state.velocityY, seconds, height);
        const moved = {
          ...state,
          x: horizontal.position,
          velocityX: horizontal.velocity,
          y: vertical.position,
          velocityY: vertical.velocity,
        };
        motion.current.set(icon.id, moved);
        const element = elements.current.get(icon.id);
        if (element) element.style.transform = transformOf(moved);
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [animate]);

  return (
    <div className={styles.icons} aria-hidden>
      {icons.map(({ id, Icon, x, y }) => (
        <span
          key={id}
          className={styles.icon}
          data-bouncing-icon=""
          style={{ transform: transformOf(motion.current.get(id) ?? { x, y }) }}
          ref={(element) => {
            if (element) elements.current.set(id, element);
            else elements.current.delete(id);
          }}
        >
          <Icon size={ICON_SIZE_PX} strokeWidth={1.5} />
        </span>
      ))}
    </div>
  );
}
