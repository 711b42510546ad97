import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { NodeView, ViewMutationRecord } from '@tiptap/pm/view';
import { CODE_BLOCK_COLLAPSE_LINES, CODE_BLOCK_LINE_NUMBERS_AFTER, getPreferences } from 'shared-kernel';

/**
 * A code block drawn with plain DOM (no React per block): a line-number gutter past 8 lines and,
 * past 30, a collapsed height with a control to show all. The gutter and the control are outside the
 * editable content, so ProseMirror ignores them.
 */
class CodeBlockView implements NodeView {
  dom: HTMLElement;
  contentDOM: HTMLElement;
  private gutter: HTMLElement;
  private toggle: HTMLButtonElement;
  private lines = 0;
  private expanded = false;

  constructor(private node: ProseMirrorNode) {
    this.dom = document.createElement('div');
    this.dom.className = 'code-block';
    this.gutter = document.createElement('div');
    this.gutter.className = 'code-block-gutter';
    this.gutter.setAttribute('aria-hidden', 'true');
    this.gutter.contentEditable = 'false';
    const pre = document.createElement('pre');
    this.contentDOM = document.createElement('code');
    pre.append(this.contentDOM);
    this.toggle = document.createElement('button');
    this.toggle.type = 'button';
    this.toggle.className = 'code-block-toggle';
    this.toggle.contentEditable = 'false';
    this.toggle.addEventListener('click', () => {
      this.expanded = !this.expanded;
      this.render();
    });
    this.dom.append(this.gutter, pre, this.toggle);
    this.render();
  }

  private render(): void {
    const language = this.node.attrs.language as string | null;
    this.contentDOM.className = language ? `language-${language}` : '';
    const lines = this.node.textContent.split('\n').length;
    if (lines !== this.lines) {
      this.lines = lines;
      this.gutter.textContent =
        lines > CODE_BLOCK_LINE_NUMBERS_AFTER
          ? Array.from({ length: lines }, (_, index) => index + 1).join('\n')
          : '';
    }
    const collapsible = lines > CODE_BLOCK_COLLAPSE_LINES;
    this.dom.dataset.lineNumbers = String(lines > CODE_BLOCK_LINE_NUMBERS_AFTER);
    this.dom.dataset.collapsed = String(collapsible && !this.expanded);
    this.toggle.hidden = !collapsible;
    this.toggle.textContent = this.expanded ? 'Collapse' : `Show all ${lines} lines`;
    this.toggle.setAttribute('aria-expanded', String(this.expanded));
  }

  update(node: ProseMirrorNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.render();
    return true;
  }

  ignoreMutation(mutation: ViewMutationRecord): boolean {
    if (mutation.type === 'selection') return false;
    return !this.contentDOM.contains(mutation.target);
  }

  stopEvent(event: Event): boolean {
    return event.target instanceof globalThis.Node && this.toggle.contains(event.target);
  }
}

/**
 * Draws every code block with {@link CodeBlockView}. Inside a code block Tab indents by the tab size
 * of the Editor settings (2, 4 or 8 spaces) instead of leaving the editor.
 */
export const CodeBlockDisplay = Extension.create({
  name: 'codeBlockDisplay',
  addKeyboardShortcuts() {
    return {
      Tab: ({ editor }) => {
        if (!editor.isActive('codeBlock') || !editor.isEditable) return false;
        return editor.commands.insertContent(' '.repeat(getPreferences().tabSize));
      },
    };
  },
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('codeBlockDisplay'),
        props: { nodeViews: { codeBlock: (node) => new CodeBlockView(node) } },
      }),
    ];
  },
});
