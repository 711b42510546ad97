import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createEventBus } from 'shared-kernel';
import { describe, expect, it } from 'vitest';
import { MobileWritings } from './mobile-writings.tsx';

const shown = () =>
  [...document.querySelectorAll('p')]
    .filter((element) => !element.closest('[hidden]'))
    .map((p) => p.textContent);

describe("the phone's Writings tab", () => {
  it('shows the open writing whole, the list whole after Writings, and the writing again once one is opened', async () => {
    const bus = createEventBus();
    render(<MobileWritings bus={bus} list={<p>the list</p>} writing={<p>the writing</p>} />);
    expect(shown()).toEqual(['the writing']);

    await userEvent.click(screen.getByRole('button', { name: 'Writings' }));
    expect(shown()).toEqual(['the list']);
    act(() => bus.emit({ type: 'writings.open', writingId: 'writing-1' }));
    expect(shown()).toEqual(['the writing']);

    await userEvent.click(screen.getByRole('button', { name: 'Writings' }));
    act(() => bus.emit({ type: 'writings.new' }));
    expect(shown()).toEqual(['the writing']);
  });

  it('leaves the event to the writings area, which may start listening later', () => {
    const bus = createEventBus();
    render(<MobileWritings bus={bus} list={<p>the list</p>} writing={<p>the writing</p>} />);
    bus.emit({ type: 'writings.open', writingId: 'writing-1' });
    const heard: string[] = [];
    bus.on('writings.open').subscribe((event) => heard.push(event.writingId));
    expect(heard).toEqual(['writing-1']);
  });
});
