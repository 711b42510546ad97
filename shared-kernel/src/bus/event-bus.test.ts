// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createEventBus, isEventBus, UNHEARD_EVENT_TTL_MS } from './event-bus.ts';

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

  it('holds an event nobody listens to yet for the first listener, once', () => {
    const bus = createEventBus();
    bus.emit({ type: 'settings.open', tab: 'Account' });
    bus.emit({ type: 'zen.toggle' });

    const first: unknown[] = [];
    const second: unknown[] = [];
    bus.on('settings.open').subscribe((event) => first.push(event.tab));
    bus.on('settings.open').subscribe((event) => second.push(event.tab));
    bus.emit({ type: 'settings.open', tab: 'Billing' });

    expect(first).toEqual(['Account', 'Billing']);
    expect(second).toEqual(['Billing']);
  });

  it('tells which events it holds, so the area that answers them can be loaded', () => {
    const bus = createEventBus();
    const held: string[] = [];
    bus.emit({ type: 'settings.open' });
    bus.held$.subscribe((event) => held.push(event.type));
    bus.on('search.open').subscribe(() => {});

    bus.emit({ type: 'search.open' });
    bus.emit({ type: 'pricing.open', reason: 'upgrade' });

    expect(held).toEqual(['settings.open', 'pricing.open']);
  });

  it('does not hold events while a listener is there, nor past their time', () => {
    let time = 0;
    const bus = createEventBus({ now: () => time });
    const subscription = bus.on('search.open').subscribe(() => {});
    bus.emit({ type: 'search.open' });
    subscription.unsubscribe();
    bus.emit({ type: 'writings.new' });
    time += UNHEARD_EVENT_TTL_MS + 1;

    const seen: unknown[] = [];
    bus.on('search.open').subscribe((event) => seen.push(event));
    bus.on('writings.new').subscribe((event) => seen.push(event));
    expect(seen).toEqual([]);
  });

  it('recognises a bus but not a look-alike missing its stream', () => {
    expect(isEventBus(createEventBus())).toBe(true);
    expect(isEventBus({ emit() {}, on() {} })).toBe(false);
    expect(isEventBus(null)).toBe(false);
  });
});
