// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addContextItem,
  byFolderName,
  type ContextItem,
  canWriteToFolder,
  cutContextContent,
  findFolderByName,
  ideaPreview,
  ideaTitle,
  ideaTitleIsWhole,
  isAbandonedDraft,
  nonBlank,
  validateCategoryName,
  validateNewPassword,
} from './validation.ts';

describe('blank input', () => {
  it('trims input and treats whitespace-only input as nothing', () => {
    expect(nonBlank('  ada@example.com \n')).toBe('ada@example.com');
    expect(nonBlank('   ')).toBeNull();
    expect(nonBlank('')).toBeNull();
    expect(nonBlank(null)).toBeNull();
  });

  it('requires a category name and keeps it trimmed', () => {
    expect(validateCategoryName('  Poems ')).toEqual({ ok: true, value: 'Poems' });
    expect(validateCategoryName(' \t ')).toEqual({ ok: false, error: 'Category name is required' });
  });
});

describe('new password', () => {
  it('accepts matching passwords of six characters or more', () => {
    expect(validateNewPassword({ password: 'secret', confirmation: 'secret' })).toEqual({
      ok: true,
      value: 'secret',
    });
  });

  it('rejects a confirmation that differs', () => {
    expect(validateNewPassword({ password: 'secret1', confirmation: 'secret2' })).toEqual({
      ok: false,
      error: 'Passwords do not match',
    });
  });

  it('rejects a password shorter than six characters, empty included', () => {
    expect(validateNewPassword({ password: 'abcde', confirmation: 'abcde' })).toEqual({
      ok: false,
      error: 'Password must be at least 6 characters',
    });
    expect(validateNewPassword({ password: '', confirmation: '' })).toEqual({
      ok: false,
      error: 'Password must be at least 6 characters',
    });
  });
});

describe('ideas', () => {
  it('titles an idea with its first 60 characters on one line', () => {
    const content = `${'a'.repeat(50)}\n\n${'b'.repeat(30)}`;
    expect(ideaTitle(content)).toBe(`${'a'.repeat(50)} ${'b'.repeat(9)}`);
    expect(ideaTitle('Short thought')).toBe('Short thought');
  });

  it('knows an idea its title says whole: exactly when the preview would repeat the title', () => {
    const contents = [
      'Short thought',
      'a'.repeat(60),
      'a'.repeat(61),
      `${'a'.repeat(40)}\n\n   ${'b'.repeat(19)}`,
      `${' \n'.repeat(200)}Padded with blank lines${'\t'.repeat(300)}`,
      '🌊'.repeat(60),
      '🌊'.repeat(61),
      'x'.repeat(500),
      '',
    ];
    for (const content of contents)
      expect(ideaTitleIsWhole(content), JSON.stringify(content.slice(0, 20))).toBe(
        content.trim() !== '' && ideaPreview(content) === ideaTitle(content),
      );
    expect(ideaTitleIsWhole('🌊'.repeat(60))).toBe(true);
    expect(ideaTitleIsWhole('a'.repeat(61))).toBe(false);
  });

  it('titles an idea without text Untitled', () => {
    expect(ideaTitle('')).toBe('Untitled');
    expect(ideaTitle(' \n ')).toBe('Untitled');
  });

  it('previews an idea in at most 140 characters', () => {
    expect(ideaPreview('x'.repeat(140))).toBe('x'.repeat(140));
    const cut = ideaPreview('y'.repeat(141));
    expect(cut).toHaveLength(140);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('never cuts an emoji in half', () => {
    const cut = ideaPreview(`${'a'.repeat(138)}😀😀😀`);
    expect(Array.from(cut)).toHaveLength(140);
    expect(cut.endsWith('a😀…')).toBe(true);
  });
});

describe('chat context items', () => {
  const idea = (content: string): ContextItem => ({ type: 'Idea', title: 'An idea', content });

  it('cuts content to 4000 characters', () => {
    expect(cutContextContent('z'.repeat(5000))).toHaveLength(4000);
    expect(cutContextContent('short')).toBe('short');
  });

  it('adds a dropped item with its content cut', () => {
    const items = addContextItem([], idea('q'.repeat(4500)));
    expect(items).toHaveLength(1);
    expect(items[0]?.content).toHaveLength(4000);
  });

  it('does not add an item with the same text twice', () => {
    const once = addContextItem([], idea('same text'));
    const twice = addContextItem(once, { type: 'Writing', title: 'Other title', content: 'same text' });
    expect(twice).toBe(once);
    expect(addContextItem(once, idea('other text'))).toHaveLength(2);
  });
});

describe('writings and folders', () => {
  it('discards a writing left untitled and empty, in any letter case', () => {
    expect(isAbandonedDraft({ title: 'Untitled', text: '' })).toBe(true);
    expect(isAbandonedDraft({ title: 'UNTITLED', text: '  \n' })).toBe(true);
    expect(isAbandonedDraft({ title: 'Untitled', text: 'a start' })).toBe(false);
    expect(isAbandonedDraft({ title: 'Notes', text: '' })).toBe(false);
  });

  it('matches a folder name case-insensitively', () => {
    const folders = [
      { id: '1', name: 'Poems' },
      { id: '2', name: 'Essays' },
    ];
    expect(findFolderByName(folders, ' essays ')?.id).toBe('2');
    expect(findFolderByName(folders, 'Letters')).toBeUndefined();
  });

  it('orders folders by name as a person reads it: case aside, numbers by their value', () => {
    const names = ['Topic 10', 'zebra', 'Topic 2', 'Apple', 'topic 1'].map((name) => ({ name }));
    expect([...names].sort(byFolderName).map((folder) => folder.name)).toEqual([
      'Apple',
      'topic 1',
      'Topic 2',
      'Topic 10',
      'zebra',
    ]);
  });

  it('lets owners and write recipients write, and keeps read recipients out', () => {
    expect(canWriteToFolder(null)).toBe(true);
    expect(canWriteToFolder({})).toBe(true);
    expect(canWriteToFolder({ isOwner: true, permission: 'read' })).toBe(true);
    expect(canWriteToFolder({ isOwner: false, permission: 'write' })).toBe(true);
    expect(canWriteToFolder({ isOwner: false, permission: 'read' })).toBe(false);
    expect(canWriteToFolder({ isOwner: false })).toBe(false);
  });
});
