import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { healStreaming, linkCitations, Markdown, safeUrl } from './markdown.tsx';

describe('safeUrl', () => {
  it('keeps http(s), mailto and citations, and drops every other scheme', () => {
    expect(safeUrl('https://example.org/a')).toBe('https://example.org/a');
    expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeUrl('cite:2')).toBe('cite:2');
    expect(safeUrl('javascript:alert(1)')).toBe('');
    expect(safeUrl('JaVaScRiPt:alert(1)')).toBe('');
    expect(safeUrl('data:text/html,<script>')).toBe('');
    expect(safeUrl('vbscript:x')).toBe('');
  });
});

describe('linkCitations', () => {
  it('links only the numbers that can be cited, and leaves links alone', () => {
    expect(linkCitations('A [1] and [9]', new Set([1]))).toBe('A [\\[1\\]](cite:1) and [9]');
    expect(linkCitations('[1](https://x.y)', new Set([1]))).toBe('[1](https://x.y)');
  });
});

describe('Markdown', () => {
  it('renders raw HTML as text, never as elements', () => {
    const { container } = render(
      <Markdown text={'Hi <img src="x" onerror="alert(1)"> <script>alert(1)</script>'} onCite={() => {}} />,
    );
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toContain('Hi');
  });

  it('shows a model image as its alt text and never loads it', () => {
    const { container } = render(
      <Markdown text="![tracking pixel](https://evil.example/p.png)" onCite={() => {}} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('tracking pixel');
  });

  it('heals unfinished syntax while streaming', () => {
    const { container } = render(<Markdown text="This is **bold" onCite={() => {}} streaming />);
    expect(container.querySelector('strong')?.textContent).toBe('bold');
  });

  // The notes-only answer as it was sent before its quotes were escaped: a passage cut at "[click".
  const cutQuote = [
    '**My Harbor Novel** [1]',
    '> Link test: [click',
    'Connect an AI model (see the README) for written answers built from these notes.',
  ].join('\n\n');

  it('shows a finished reply as written: no streaming repair, no streamdown placeholder', () => {
    const { container } = render(<Markdown text={cutQuote} onCite={() => {}} />);
    expect(container.textContent).not.toContain('streamdown:');
    expect(container.textContent).not.toContain('](');
    expect(container.querySelector('blockquote')?.textContent?.trim()).toBe('Link test: [click');
    expect(container.textContent).toContain('built from these notes.');
    expect(container.textContent?.trim().endsWith('built from these notes.')).toBe(true);
  });

  it('leaves a finished reply’s unclosed emphasis as the text it is', () => {
    const { container } = render(<Markdown text="Two * three **and" onCite={() => {}} />);
    expect(container.querySelector('strong, em')).toBeNull();
    expect(container.textContent).toBe('Two * three **and');
  });

  it('while streaming, closes no earlier block’s bracket with a placeholder', () => {
    const { container } = render(<Markdown text={cutQuote} onCite={() => {}} streaming />);
    expect(container.textContent).not.toContain('streamdown:');
    expect(container.textContent).not.toContain('](');
  });

  it('shows note text the answer quotes escaped as the literal text the writer typed', () => {
    const typed =
      'Zephyr plot: [zephyr link](javascript:window.__zz=1) and ![zephyr img](https://x/y.png) **zephyr bold**';
    // As functions/src/chat/notes-only.ts quotes it: every ASCII punctuation mark escaped.
    const escaped = typed.replace(/[!-/:-@[-`{-~]/g, '\\$&');
    for (const streaming of [true, false]) {
      const { container, unmount } = render(
        <Markdown text={`**An idea** [1]\n\n> ${escaped}`} onCite={() => {}} streaming={streaming} />,
      );
      const quote = container.querySelector('blockquote');
      expect(quote?.textContent?.trim()).toBe(typed);
      expect(quote?.querySelector('a, img, strong, em')).toBeNull();
      unmount();
    }
  });

  it('turns citations into buttons that report their number', async () => {
    const onCite = vi.fn();
    render(<Markdown text="The keeper counts ships [2]." onCite={onCite} />);
    await userEvent.click(screen.getByRole('button', { name: 'Source 2' }));
    expect(onCite).toHaveBeenCalledWith(2);
  });

  it('opens links in a new tab without giving the page a handle on the opener', () => {
    render(<Markdown text="[site](https://example.org)" onCite={() => {}} />);
    const link = screen.getByRole('link', { name: 'site' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

describe('healStreaming', () => {
  it('heals only the block being written', () => {
    expect(healStreaming('A [note\n\nThis is **bold')).toBe('A [note\n\nThis is **bold**');
    expect(healStreaming('See [the site](https://exa')).toBe('See [the site](streamdown:incomplete-link)');
  });

  it('keeps a code fence with blank lines in it as one block, its text left alone', () => {
    expect(healStreaming('Code:\n\n```\nx = a\n\nb **c')).toBe('Code:\n\n```\nx = a\n\nb **c');
  });
});
