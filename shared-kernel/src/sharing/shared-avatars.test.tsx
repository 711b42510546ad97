import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SharedAvatars } from './shared-avatars.tsx';

const user = (name: string) => ({
  userId: name,
  email: `${name.toLowerCase()}@example.com`,
  name,
  avatarUrl: null,
});

describe('SharedAvatars', () => {
  it('shows up to three avatars by initial, then +N for the others', () => {
    render(<SharedAvatars users={['Ada', 'Bo', 'Cy', 'Di', 'Ed'].map(user)} />);
    expect(screen.getAllByRole('img').map((avatar) => avatar.textContent)).toEqual(['A', 'B', 'C']);
    expect(screen.getByText('+2')).toBeTruthy();
  });

  it('shows no count with three or fewer', () => {
    render(<SharedAvatars users={['Ada', 'Bo', 'Cy'].map(user)} />);
    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(screen.queryByText(/^\+/)).toBeNull();
  });
});
