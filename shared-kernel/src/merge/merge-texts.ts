// Three-way merge of a text: the version an edit was made from (`base`), the edit (`mine`) and the
// version the server has now (`theirs`, saved meanwhile by a collaborator or another tab). A writing's
// title and document (`mergeTexts`), or an idea's plain text (`mergeWords`). Changes to different
// paragraphs, or to different words of one paragraph, both go in; text both sides added at one place is
// all kept, theirs first (once, when one holds the other). Where both changed the same text there is no
// merge (null): the sync then keeps the two versions whole. Loaded when first needed (merge-later.ts).
import { diffIndices } from 'node-diff3';
import type { Json } from '../supabase/database.types.ts';

/** What an edit changes of a writing. */
export type WritingText = { readonly title: string; readonly content: Json | null };

/** A node of a Tiptap (ProseMirror) document as JSON. */
type DocNode = {
  readonly type: string;
  readonly text?: string;
  readonly content?: readonly DocNode[];
  readonly [key: string]: unknown;
};

/**
 * One unit of a sequence: a word, space or sign of a text node (with its marks), a whole node, or where
 * a paragraph (or heading) begins, when paragraphs are merged as one text ({@link mergeAsText}).
 */
type Token =
  | { readonly word: string; readonly marks: unknown }
  | { readonly node: DocNode }
  | { readonly opens: DocNode };

/** The nodes that hold text alone: merged as one text with their neighbours when they were split or joined. */
const TEXTBLOCKS = new Set(['paragraph', 'heading', 'codeBlock']);
/** The nodes that sit inside a text. */
const INLINE = new Set(['hardBreak']);

/**
 * A text's words, runs of space, and single other characters. A merge goes word by word: two writers
 * changing one word differently is a clash, not a word made of letters of both.
 */
const words = (text: string): string[] => text.match(/[\p{L}\p{N}\p{M}_]+|\s+|./gsu) ?? [];

/** A change of one side: `base[start, end)` replaced with `items`. */
type Hunk<T> = { readonly start: number; readonly end: number; readonly items: readonly T[] };

/** JSON with its keys sorted: equal values give equal strings (jsonb reorders keys). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const entries = Object.entries(value)
    .filter(([, item]) => item !== undefined)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
}

/** Each token's key, made once (a node's is as long as its JSON). */
const keys = new WeakMap<Token, string>();

function keyOf(token: Token): string {
  const known = keys.get(token);
  if (known !== undefined) return known;
  const key = tokenKey(token);
  keys.set(token, key);
  return key;
}

const tokenKey = (token: Token) =>
  'node' in token
    ? `n${canonical(token.node)}`
    : 'opens' in token
      ? `o${canonical(token.opens)}`
      : `c${token.word}${canonical(token.marks ?? null)}`;

function hunks<T>(base: readonly string[], other: readonly string[], items: readonly T[]): Hunk<T>[] {
  return diffIndices([...base], [...other]).map(({ buffer1: [start, length], buffer2: [from, count] }) => ({
    start,
    end: start + length,
    items: items.slice(from, from + count),
  }));
}

/** `base[start, end)` with the side's hunks (all inside that range) applied. */
function applied<T>(base: readonly T[], start: number, end: number, changes: readonly Hunk<T>[]): T[] {
  const result: T[] = [];
  let at = start;
  for (const change of changes) {
    result.push(...base.slice(at, change.start), ...change.items);
    at = change.end;
  }
  result.push(...base.slice(at, end));
  return result;
}

const isInsertion = (hunk: Hunk<unknown>) => hunk.start === hunk.end;

/**
 * Both sides changed `base[start, end)`: the same way, or only by adding at one place (all kept, theirs
 * first), or item by item where each item merges, or (paragraphs split, joined or added beside a change)
 * as one text. Null otherwise.
 */
function mergeClash(
  base: readonly Token[],
  mine: readonly Token[],
  theirs: readonly Token[],
): readonly Token[] | null {
  if (mine.map(keyOf).join('\n') === theirs.map(keyOf).join('\n')) return mine;
  if (base.length === 0) return union(theirs, mine);
  return (
    (mine.length === base.length && theirs.length === base.length && mergeEach(base, mine, theirs)) ||
    mergeAsText(base, mine, theirs)
  );
}

/**
 * What both added at one place: both, theirs first; or the one addition alone when it holds the other
 * whole (typed on from it), so nothing is doubled.
 */
function union(first: readonly Token[], second: readonly Token[]): readonly Token[] {
  const changes = hunks(first.map(keyOf), second.map(keyOf), second);
  if (changes.every(isInsertion)) return second;
  if (changes.every((hunk) => hunk.items.length === 0)) return first;
  return [...first, ...second];
}

/** Merges the sequences item by item (each changed in place); null when an item does not merge. */
function mergeEach(base: readonly Token[], mine: readonly Token[], theirs: readonly Token[]): Token[] | null {
  const merged: Token[] = [];
  for (const [index, original] of base.entries()) {
    const token = mergeToken(original, mine[index] as Token, theirs[index] as Token);
    if (!token) return null;
    merged.push(token);
  }
  return merged;
}

/**
 * Merges runs of paragraphs as one text, each paragraph's beginning a token of its own: a paragraph one
 * side split (Enter) or joined, or added beside a paragraph the other changed, then merges word by word.
 * Null when the runs hold no paragraph, or the merged text does not begin with one.
 */
function mergeAsText(
  base: readonly Token[],
  mine: readonly Token[],
  theirs: readonly Token[],
): Token[] | null {
  const [flatBase, flatMine, flatTheirs] = [base, mine, theirs].map(flattened);
  if (!flatBase || !flatMine || !flatTheirs) return null;
  const merged = mergeSequence(flatBase, flatMine, flatTheirs);
  return merged && unflattened(merged);
}

/** Paragraphs as their beginning and their text's tokens (other nodes whole); null for no paragraph. */
function flattened(tokens: readonly Token[]): Token[] | null {
  const flat: Token[] = [];
  for (const token of tokens) {
    if (!('node' in token)) return null;
    const { content, ...shell } = token.node;
    if (TEXTBLOCKS.has(token.node.type)) flat.push({ opens: shell as DocNode }, ...tokensOf(content));
    else flat.push(token);
  }
  return flat.some((token) => 'opens' in token) ? flat : null;
}

/** The nodes of a merged run of {@link flattened} paragraphs; null when text comes before any paragraph. */
function unflattened(tokens: readonly Token[]): Token[] | null {
  const blocks: Token[] = [];
  let open: { shell: DocNode; content: Token[] } | null = null;
  const close = () => {
    if (open)
      blocks.push({
        node: { ...open.shell, ...(open.content.length ? { content: nodesOf(open.content) } : {}) },
      });
    open = null;
  };
  for (const token of tokens) {
    if ('opens' in token) {
      close();
      open = { shell: token.opens, content: [] };
    } else if ('node' in token && !INLINE.has(token.node.type)) {
      close();
      blocks.push(token);
    } else if (open) open.content.push(token);
    else return null;
  }
  close();
  return blocks;
}

function mergeToken(base: Token, mine: Token, theirs: Token): Token | null {
  const [baseKey, mineKey, theirKey] = [base, mine, theirs].map(keyOf);
  if (mineKey === theirKey || theirKey === baseKey) return mine;
  if (mineKey === baseKey) return theirs;
  if (!('node' in base && 'node' in mine && 'node' in theirs)) return null;
  const node = mergeNode(base.node, mine.node, theirs.node);
  return node && { node };
}

/** Merges the sides' changes of a sequence; null when two of them touch the same items. */
function mergeSequence(
  base: readonly Token[],
  mine: readonly Token[],
  theirs: readonly Token[],
): Token[] | null {
  const baseKeys = base.map(keyOf);
  const changes = [
    ...hunks(baseKeys, mine.map(keyOf), mine).map((hunk) => ({ ...hunk, mine: true })),
    ...hunks(baseKeys, theirs.map(keyOf), theirs).map((hunk) => ({ ...hunk, mine: false })),
  ].sort((left, right) => left.start - right.start || left.end - right.end);
  const result: Token[] = [];
  let at = 0;
  for (let index = 0; index < changes.length; ) {
    const first = changes[index] as (typeof changes)[number];
    const group = [first];
    let end = first.end;
    // Changes of the two sides that overlap, or add at one same place, are merged together.
    for (index += 1; index < changes.length; index += 1) {
      const next = changes[index] as (typeof changes)[number];
      const sharesPlace =
        isInsertion(next) && group.some((hunk) => isInsertion(hunk) && hunk.start === next.start);
      if (next.start >= end && !sharesPlace) break;
      group.push(next);
      end = Math.max(end, next.end);
    }
    result.push(...base.slice(at, first.start));
    const side = (own: boolean) => group.filter((hunk) => hunk.mine === own);
    const merged =
      group.length === 1
        ? first.items
        : mergeClash(
            base.slice(first.start, end),
            applied(base, first.start, end, side(true)),
            applied(base, first.start, end, side(false)),
          );
    if (!merged) return null;
    result.push(...merged);
    at = end;
  }
  result.push(...base.slice(at));
  return result;
}

function tokensOf(nodes: readonly DocNode[] | undefined): Token[] {
  return (nodes ?? []).flatMap((node): Token[] =>
    node.type === 'text' && typeof node.text === 'string'
      ? words(node.text).map((word) => ({ word, marks: node.marks }))
      : [{ node }],
  );
}

/** The nodes of merged tokens: runs of words with the same marks become one text node. */
function nodesOf(tokens: readonly Token[]): DocNode[] {
  const nodes: DocNode[] = [];
  let run: { text: string; marks: unknown } | null = null;
  const endRun = () => {
    if (run)
      nodes.push({ type: 'text', text: run.text, ...(run.marks === undefined ? {} : { marks: run.marks }) });
    run = null;
  };
  for (const token of tokens) {
    if ('opens' in token) continue; // only in flattened runs, never inside a text
    if ('node' in token) {
      endRun();
      nodes.push(token.node);
    } else if (run && canonical(run.marks ?? null) === canonical(token.marks ?? null)) {
      run.text += token.word;
    } else {
      endRun();
      run = { text: token.word, marks: token.marks };
    }
  }
  endRun();
  return nodes;
}

/** A node both sides changed: its own fields merged as a whole, its content item by item. */
function mergeNode(base: DocNode, mine: DocNode, theirs: DocNode): DocNode | null {
  const { content: baseContent, ...baseShell } = base;
  const { content: mineContent, ...mineShell } = mine;
  const { content: theirContent, ...theirShell } = theirs;
  const [baseKey, mineKey, theirKey] = [baseShell, mineShell, theirShell].map(canonical);
  if (mineKey !== baseKey && theirKey !== baseKey && mineKey !== theirKey) return null;
  const shell = mineKey === baseKey ? theirShell : mineShell;
  if (!baseContent && !mineContent && !theirContent) return shell as DocNode;
  const content = mergeSequence(tokensOf(baseContent), tokensOf(mineContent), tokensOf(theirContent));
  return content && ({ ...shell, content: nodesOf(content) } as DocNode);
}

const isDocument = (content: Json | null): content is Json & DocNode =>
  typeof content === 'object' &&
  content !== null &&
  !Array.isArray(content) &&
  typeof content.type === 'string';

/**
 * The writing with the changes of both `mine` and `theirs` since `base`, or null when both changed the
 * same text (or a content is not a document).
 */
export function mergeTexts(base: WritingText, mine: WritingText, theirs: WritingText): WritingText | null {
  const title = mergeWords(base.title, mine.title, theirs.title);
  const content = mergeContent(base.content, mine.content, theirs.content);
  if (title === null || content === undefined) return null;
  return { title, content };
}

/** A plain text with the changes of both `mine` and `theirs` since `base`, word by word; null where they clash. */
export function mergeWords(base: string, mine: string, theirs: string): string | null {
  const merged = mergeSequence(wordsOf(base), wordsOf(mine), wordsOf(theirs));
  return merged?.map((token) => ('word' in token ? token.word : '')).join('') ?? null;
}

const wordsOf = (text: string): Token[] => words(text).map((word) => ({ word, marks: null }));

/** The merged document; undefined when there is no merge. */
function mergeContent(base: Json | null, mine: Json | null, theirs: Json | null): Json | null | undefined {
  if (canonical(mine) === canonical(base)) return theirs;
  if (canonical(theirs) === canonical(base)) return mine;
  if (!isDocument(base) || !isDocument(mine) || !isDocument(theirs)) return undefined;
  return (mergeNode(base, mine, theirs) as Json | null) ?? undefined;
}
