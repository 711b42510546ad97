// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createEventBus, isEventBus } from './event-bus.ts';

describe('event bus', () => {
  it('delivers an event only to subscribers of its type', () => {
    const bus = createEventBus();
    const opened: string[] = [];
    const toggled: string[] = [];
    bus.on('writings.open').subscribe((event) => opened.push(event.writingId));
    bus.on('panels.toggle').subscribe((event) => toggled.push(event.panel));

    bus.emit({ type: 'writings.open', writingId: 'w1' });
    bus.emit({ type: 'panels.toggle', panel: 'chat' });

    expect(opened).toEqual(['w1']);
    expect(toggled).toEqual(['chat']);
  });

  it('rejects an event outside the catalogue without delivering it', () => {
    const bus = createEventBus();
    const seen: unknown[] = [];
    bus.events$.subscribe((event) => seen.push(event));

    expect(() => bus.emit({ type: 'writings.open', writingId: '' })).toThrow();
    expect(() => bus.emit({ type: 'nope' } as never)).toThrow();
    expect(seen).toEqual([]);
  });

  it('recognises a bus but not a look-alike missing its stream', () => {
    expect(isEventBus(createEventBus())).toBe(true);
    expect(isEventBus({ emit() {}, on() {} })).toBe(false);
    expect(isEventBus(null)).toBe(false);
  });
});
