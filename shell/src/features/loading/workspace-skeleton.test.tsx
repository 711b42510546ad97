import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WorkspaceSkeleton } from './workspace-skeleton.tsx';

describe('WorkspaceSkeleton', () => {
  it('outlines a left list, the centre content and a right list while loading', () => {
    render(<WorkspaceSkeleton />);
    const skeleton = screen.getByRole('status', { name: 'Loading workspace' });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    const panes = [...skeleton.querySelectorAll('[data-pane]')].map((pane) => pane.getAttribute('data-pane'));
    expect(panes).toEqual(['left', 'centre', 'right']);
  });
});
