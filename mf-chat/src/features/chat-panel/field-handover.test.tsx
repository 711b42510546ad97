import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFieldHandover } from './field-handover.ts';

/** A waiting field replaced by another (a new element) when `arrived` is set, as the chat's composer is. */
function Fields({ arrived }: { arrived: boolean }) {
  const handover = useFieldHandover();
  const [text, setText] = useState('');
  const field = (label: string, ref: typeof handover.from) => (
    <textarea
      key={label}
      aria-label={label}
      ref={ref}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
  return arrived ? field('Real', handover.to) : field('Waiting', handover.from);
}

describe('the composer handed over when the conversation arrives', () => {
  it('keeps the focus and the caret, so typing goes on into the new field', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Fields arrived={false} />);
    await user.type(screen.getByRole('textbox', { name: 'Waiting' }), 'Where the ferry went');
    act(() => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Waiting' }).setSelectionRange(5, 5));
    rerender(<Fields arrived />);
    const real = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Real' });
    expect(document.activeElement).toBe(real);
    await user.keyboard('X');
    expect(real.value).toBe('WhereX the ferry went');
  });

  it('does not take the focus when the waiting field did not have it', () => {
    const { rerender } = render(<Fields arrived={false} />);
    rerender(<Fields arrived />);
    expect(document.activeElement).toBe(document.body);
  });
});
