import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createEventBus, useBusEvent } from 'shared-kernel';
import { describe, expect, it, vi } from 'vitest';
import { type MobileArea, MobileWorkspace } from './mobile-workspace.tsx';

const renderArea = (area: MobileArea) => <p>{`${area} area`}</p>;
const tab = (name: string) => screen.getByRole('tab', { name });

describe('MobileWorkspace', () => {
  it('shows the writings first, with tabs for Writings, Ideas and Chat', () => {
    render(<MobileWorkspace bus={createEventBus()} renderArea={renderArea} />);
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual([
      'Writings',
      'Ideas',
      'Chat',
    ]);
    expect(tab('Writings').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('writings area');
  });

  it('shows one area at a time and keeps the others mounted once shown', async () => {
    const spy = vi.fn(renderArea);
    render(<MobileWorkspace bus={createEventBus()} renderArea={spy} />);
    expect(spy.mock.calls.map(([area]) => area)).not.toContain('chat');

    await userEvent.click(tab('Chat'));
    expect(screen.getByRole('tabpanel').textContent).toBe('chat area');
    expect(tab('Chat').getAttribute('aria-selected')).toBe('true');

    await userEvent.click(tab('Writings'));
    expect(screen.getByRole('tabpanel').textContent).toBe('writings area');
    const chat = screen.getByText('chat area').closest('[role="tabpanel"]');
    expect(chat?.hasAttribute('hidden')).toBe(true);
  });

  it('moves between tabs with the arrow keys, Home and End', () => {
    render(<MobileWorkspace bus={createEventBus()} renderArea={renderArea} />);
    tab('Writings').focus();

    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Ideas'));
    expect(screen.getByRole('tabpanel').textContent).toBe('ideas area');

    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(document.activeElement).toBe(tab('Chat'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Writings'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Chat'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(screen.getByRole('tabpanel').textContent).toBe('writings area');
  });

  it('shows the tab of the area an event is for, whose area then gets the event it was not mounted for', () => {
    const bus = createEventBus();
    const added: string[] = [];
    function ChatArea() {
      useBusEvent(bus, 'chat.context-add', ({ item }) => added.push(item.title));
      return <p>chat area</p>;
    }
    render(
      <MobileWorkspace
        bus={bus}
        renderArea={(area) => (area === 'chat' ? <ChatArea /> : renderArea(area))}
      />,
    );

    act(() =>
      bus.emit({
        type: 'chat.context-add',
        item: { type: 'Writing', title: 'Tide tables', content: 'High water' },
      }),
    );
    expect(tab('Chat').getAttribute('aria-selected')).toBe('true');
    expect(added).toEqual(['Tide tables']);

    act(() => bus.emit({ type: 'ideas.open', ideaId: 'idea-1' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('ideas area');
    act(() => bus.emit({ type: 'writings.open', writingId: 'writing-1' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('writings area');
  });
});
