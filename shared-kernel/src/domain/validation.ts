import { CONTEXT_ITEM_MAX_LENGTH, IDEA_PREVIEW_LENGTH, IDEA_TITLE_LENGTH } from './constants.ts';
import { messages } from './messages.ts';
import { cutText, oneLine, previewText } from './text.ts';

/** The outcome of a validation: the cleaned value, or the message to show. */
export type ValidationResult<Value> =
  | { readonly ok: true; readonly value: Value }
  | { readonly ok: false; readonly error: string };

/**
 * The trimmed text, or `null` when nothing is left. Used wherever blank input is ignored or disables
 * an action: renames (chat, category, folder, writing), idea and chat composers, the share e-mail.
 */
export function nonBlank(input: string | null | undefined): string | null {
  const trimmed = (input ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** A category or folder name on create or rename: required, trimmed. */
export function validateCategoryName(input: string | null | undefined): ValidationResult<string> {
  const name = nonBlank(input);
  return name === null ? { ok: false, error: messages.categories.nameRequired } : { ok: true, value: name };
}

/** Shortest password accepted by the Account tab. */
export const PASSWORD_MIN_LENGTH = 6;

/** A new password and its confirmation: they must match and be at least six characters long. */
export function validateNewPassword({
  password,
  confirmation,
}: {
  password: string;
  confirmation: string;
}): ValidationResult<string> {
  if (password !== confirmation) return { ok: false, error: messages.password.mismatch };
  if (password.length < PASSWORD_MIN_LENGTH) return { ok: false, error: messages.password.tooShort };
  return { ok: true, value: password };
}

/** An idea's title: its first 60 characters on one line, or 'Untitled' when it has no text. */
export function ideaTitle(content: string): string {
  const line = oneLine(content);
  return line === '' ? messages.ideas.untitled : cutText(line, IDEA_TITLE_LENGTH).trimEnd();
}

/** Whether a code point is whitespace as `\s` counts it. */
function isSpace(code: number): boolean {
  if (code > 0x20 && code < 0xa0) return false; // most characters: printable ASCII
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Whether an idea's title says it whole (60 characters or fewer on one line), so a preview under it would
 * only repeat it. It reads no further than the title's length, so every row of a long list can ask.
 */
export function ideaTitleIsWhole(content: string): boolean {
  let length = 0; // of the content on one line so far: whitespace runs as one space, none leading
  let spaced = false;
  for (let index = 0; index < content.length; index += 1) {
    const code = content.charCodeAt(index);
    if (isSpace(code)) {
      spaced = length > 0;
      continue;
    }
    if (code >= 0xd800 && code <= 0xdbff) index += 1; // a surrogate pair is one character
    length += spaced ? 2 : 1;
    spaced = false;
    if (length > IDEA_TITLE_LENGTH) return false;
  }
  return length > 0;
}

/** An idea's preview in the ideas list: at most 140 characters on one line. */
export function ideaPreview(content: string): string {
  return previewText(content, IDEA_PREVIEW_LENGTH);
}

/** An idea or writing handed to the chat as context, as plain text. */
export type ContextItem = {
  readonly type: 'Idea' | 'Writing';
  readonly title: string;
  readonly content: string;
  /** The idea or writing it came from, so a citation can open it. */
  readonly id?: string;
};

/** A context item's content cut to the 4000 characters the chat accepts per item. */
export function cutContextContent(content: string): string {
  return cutText(content, CONTEXT_ITEM_MAX_LENGTH);
}

/**
 * Adds a dropped item to the chat context, its content cut to 4000 characters. An item whose text is
 * already there is not added twice (the same list is returned).
 */
export function addContextItem(items: readonly ContextItem[], item: ContextItem): readonly ContextItem[] {
  const content = cutContextContent(item.content);
  if (items.some((existing) => existing.content === content)) return items;
  return [...items, { ...item, content }];
}

/** Whether a writing left behind is an untouched draft to delete: titled 'untitled' (any case), no text. */
export function isAbandonedDraft({ title, text }: { title: string; text: string }): boolean {
  return title.trim().toLowerCase() === 'untitled' && text.trim() === '';
}

/** The folder a writing moves to by name: an existing folder matched case-insensitively, if any. */
export function findFolderByName<Folder extends { readonly name: string }>(
  folders: readonly Folder[],
  name: string,
): Folder | undefined {
  const wanted = name.trim().toLowerCase();
  return folders.find((folder) => folder.name.trim().toLowerCase() === wanted);
}

/**
 * The order folders and ideas categories are listed in: by name as a person reads it, case aside and
 * numbers by their value ('Chapter 2' before 'Chapter 10'; the database's order put 'Zebra' before
 * 'apple' and 10 before 2).
 */
export function byFolderName(left: { readonly name: string }, right: { readonly name: string }): number {
  return left.name.localeCompare(right.name, undefined, { numeric: true, sensitivity: 'base' });
}

/** Access to a shared folder. */
export type FolderPermission = 'read' | 'write';

/**
 * Whether the user may create, edit and move into a folder: owners always (an unset `isOwner` counts as
 * owner), recipients only with write permission. No folder means the user's own space.
 */
export function canWriteToFolder(
  folder: { readonly isOwner?: boolean; readonly permission?: FolderPermission } | null | undefined,
): boolean {
  if (folder?.isOwner !== false) return true;
  return folder.permission === 'write';
}
