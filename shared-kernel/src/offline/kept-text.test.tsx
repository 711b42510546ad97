// @vitest-environment happy-dom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useKeptList, useKeptText } from './kept-text.ts';

function Field({ userId }: { userId: string | null }) {
  const [text, setText] = useKeptText('ideas-capture', userId);
  return (
    <>
      <textarea aria-label="Capture" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="button" onClick={() => setText('')}>
        Capture
      </button>
    </>
  );
}

function Waiting({ userId }: { userId: string | null }) {
  const [list, setList] = useKeptList('ideas-captures-waiting', userId);
  return (
    <>
      <ul>
        {list.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => setList((previous) => [...previous, `Thought ${previous.length + 1}`])}
      >
        Enter
      </button>
      <button type="button" onClick={() => setList([])}>
        Captured
      </button>
    </>
  );
}

const field = () => screen.getByLabelText<HTMLTextAreaElement>('Capture');

describe('unsent text kept on the device', () => {
  afterEach(() => localStorage.clear());

  it('is found again after a reload, per writer, until the field is emptied', () => {
    const first = render(<Field userId="writer-a" />);
    fireEvent.change(field(), { target: { value: 'A lighthouse that' } });
    first.unmount(); // the reload

    const again = render(<Field userId="writer-a" />);
    expect(field().value).toBe('A lighthouse that');
    again.rerender(<Field userId="writer-b" />);
    expect(field().value).toBe('');
    again.rerender(<Field userId="writer-a" />);
    expect(field().value).toBe('A lighthouse that');

    act(() => screen.getByRole('button', { name: 'Capture' }).click());
    expect(field().value).toBe('');
    expect(localStorage.length).toBe(0);
    again.unmount();
    render(<Field userId="writer-a" />);
    expect(field().value).toBe('');
  });

  it('is not kept without a signed-in writer', () => {
    render(<Field userId={null} />);
    fireEvent.change(field(), { target: { value: 'signed out' } });
    expect(field().value).toBe('signed out');
    expect(localStorage.length).toBe(0);
  });

  it('keeps a list in order over a reload, and forgets it once emptied', () => {
    const first = render(<Waiting userId="writer-a" />);
    act(() => screen.getByRole('button', { name: 'Enter' }).click());
    act(() => screen.getByRole('button', { name: 'Enter' }).click());
    first.unmount(); // the reload
    const again = render(<Waiting userId="writer-a" />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Thought 1',
      'Thought 2',
    ]);
    act(() => screen.getByRole('button', { name: 'Captured' }).click());
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(localStorage.length).toBe(0);
    again.unmount();
    localStorage.setItem('ideas-captures-waiting-unsent:writer-a', 'not a list');
    render(<Waiting userId="writer-a" />);
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });
});
