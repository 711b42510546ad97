import { Editor } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { updatePreferences } from 'shared-kernel';
import { afterEach, describe, expect, it } from 'vitest';
import { followEditorPreferences, preferenceAttributes } from './editor-preferences.ts';
import { FocusMode } from './focus-mode.ts';

function editorWith(content: string) {
  return new Editor({
    extensions: [StarterKit, FocusMode],
    content,
    editorProps: { attributes: () => preferenceAttributes() },
  });
}

describe('the Editor settings in the editor', () => {
  afterEach(() => {
    localStorage.clear();
    updatePreferences({ spellCheck: true, focusMode: false, lineNumbers: true, tabSize: 4 });
  });

  it('turns spell check off and on on the editable area, without a reload', () => {
    const editor = editorWith('<p>Hello</p>');
    const stop = followEditorPreferences(editor);
    expect(editor.view.dom.getAttribute('spellcheck')).toBe('true');
    updatePreferences({ spellCheck: false });
    expect(editor.view.dom.getAttribute('spellcheck')).toBe('false');
    stop();
    editor.destroy();
  });

  it('passes the tab size and line numbers of code blocks to the stylesheet', () => {
    const editor = editorWith('<pre><code>a</code></pre>');
    const stop = followEditorPreferences(editor);
    updatePreferences({ tabSize: 8, lineNumbers: false });
    expect(editor.view.dom.getAttribute('style')).toContain('--code-tab-size: 8');
    expect(editor.view.dom.dataset.codeLineNumbers).toBe('off');
    stop();
    editor.destroy();
  });

  it('marks only the paragraph holding the cursor while focus mode is on', () => {
    const editor = editorWith('<p>One</p><p>Two</p><p>Three</p>');
    const stop = followEditorPreferences(editor);
    editor.commands.setTextSelection(6);
    expect(editor.view.dom.querySelectorAll('.focus-current')).toHaveLength(0);
    updatePreferences({ focusMode: true });
    const current = editor.view.dom.querySelectorAll('.focus-current');
    expect(current).toHaveLength(1);
    expect(current[0]?.textContent).toBe('Two');
    expect(editor.view.dom.dataset.focusMode).toBe('on');
    stop();
    editor.destroy();
  });
});
