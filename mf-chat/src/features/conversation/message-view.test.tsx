import { render } from '@testing-library/react';
import type { UIMessage } from 'ai';
import { CHAT_SOURCES_PART, type ChatSource } from 'shared-kernel';
import { describe, expect, it } from 'vitest';
import { MessageView } from './message-view.tsx';

const idea =
  'Zephyr plot: [zephyr link](javascript:window.__zz=1) and ![zephyr img](https://x/y.png) **zephyr bold**';
const sources: ChatSource[] = [
  { n: 1, kind: 'idea', id: 'i1', title: idea.slice(0, 60), excerpt: idea },
  { n: 2, kind: 'writing', id: 'w1', title: 'My Harbor Novel', excerpt: 'Link test: [click' },
];
// A finished answer that quoted a passage cut inside a link, as answers stored before the fix are.
const answer: UIMessage = {
  id: 'a1',
  role: 'assistant',
  parts: [
    { type: CHAT_SOURCES_PART, data: sources },
    {
      type: 'text',
      text: '**My Harbor Novel** [2]\n\n> Link test: [click\n\nConnect an AI model for answers built from these notes.',
    },
  ] as UIMessage['parts'],
};

describe('MessageView', () => {
  it('shows a finished answer without the streaming placeholder, and its sources as the text they are', () => {
    const { container } = render(<MessageView message={answer} onOpenSource={() => {}} />);
    expect(container.textContent).not.toContain('streamdown:');
    expect(container.textContent).toContain('Link test: [click');
    const excerpts = [...container.querySelectorAll('li p')].map((p) => p.textContent);
    expect(excerpts).toEqual([idea, 'Link test: [click']);
    expect(container.querySelector('details img, details a, details strong')).toBeNull();
  });

  it('heals the answer still streaming', () => {
    const streaming: UIMessage = {
      id: 'a2',
      role: 'assistant',
      parts: [{ type: 'text', text: 'The **tide' }],
    };
    const { container } = render(<MessageView message={streaming} onOpenSource={() => {}} streaming />);
    expect(container.querySelector('strong')?.textContent).toBe('tide');
  });
});
