import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { linkCitations, Markdown, safeUrl } from './markdown.tsx';

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
    const { container } = render(<Markdown text="This is **bold" onCite={() => {}} />);
    expect(container.querySelector('strong')?.textContent).toBe('bold');
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
