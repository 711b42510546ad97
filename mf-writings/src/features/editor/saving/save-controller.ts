import { CONTENT_SAVE_DEBOUNCE_MS, type Json, saveErrorMessage, serverIdOf } from 'shared-kernel';
import type { Writing, WritingDraft } from '../../writings-store/index.ts';

/** After the last change: when the list row and local draft are brought up to date. */
export const DRAFT_DELAY_MS = 150;

/** One save sent to the server. */
export interface SaveRequest {
  id: string;
  title: string;
  content: Json;
}

/** What the editor shows about saving the open writing. */
export interface SaveStatus {
  unsaved: boolean;
  saving: boolean;
  /** The spec's text for the last failure (offline, session expired, no permission, other), until a save succeeds. */
  error: string | null;
}

/** The store actions the controller drives (the writings store's, injected so the pipeline stays testable). */
export interface SaveStore {
  applyLocalEdit(id: string, draft: WritingDraft): void;
  markSaved(id: string, row: Writing, sent?: Json): void;
  markUnsaved(id: string): void;
  isUnsaved(id: string): boolean;
}

export interface SaveControllerOptions {
  save(request: SaveRequest): Promise<Writing>;
  store: SaveStore;
  isOnline?: () => boolean;
  draftDelayMs?: number;
  saveDelayMs?: number;
  /**
   * Whether to save by itself after each pause in typing (the Editor settings' auto-save); when it says
   * no, the draft is still kept on the device after every change and a save waits for Cmd/Ctrl+S, the
   * Save button or leaving the writing. Read at each change.
   */
  autoSave?: () => boolean;
}

/** The open writing: its id and how to read its current draft (this serialises the document). */
export interface OpenWriting {
  id: string;
  read(): WritingDraft;
}

/** The pipeline's state: the open writing, its change counters and timers, and the saves per writing. */
interface Pipeline {
  readonly save: (request: SaveRequest) => Promise<Writing>;
  readonly store: SaveStore;
  readonly isOnline: () => boolean;
  readonly autoSave: () => boolean;
  readonly inFlight: Map<string, Promise<void>>;
  readonly queued: Map<string, SaveRequest>;
  readonly listeners: Set<() => void>;
  open: OpenWriting | null;
  /** Changes since the writing opened, and the change the last draft was read at. */
  version: number;
  draftedVersion: number;
  draft: WritingDraft | null;
  draftTimer: ReturnType<typeof setTimeout> | undefined;
  saveTimer: ReturnType<typeof setTimeout> | undefined;
  status: SaveStatus;
}

/**
 * Whether `id` is the open writing's. A writing made offline keeps its `local_` id in a save under way
 * while the pane follows its server id (it synced meanwhile): the same writing.
 */
function isOpen(pipeline: Pipeline, id: string): boolean {
  return pipeline.open !== null && serverIdOf(pipeline.open.id) === serverIdOf(id);
}

/** Whether a save of writing `id` (under either of its ids) is under way. */
function isSaving(pipeline: Pipeline, id: string): boolean {
  return [...pipeline.inFlight.keys()].some((key) => serverIdOf(key) === serverIdOf(id));
}

function setStatus(pipeline: Pipeline, update: Partial<SaveStatus>): void {
  const { status } = pipeline;
  const next = { ...status, ...update };
  if (next.unsaved === status.unsaved && next.saving === status.saving && next.error === status.error) return;
  pipeline.status = next;
  for (const listener of pipeline.listeners) listener();
}

function clearTimers(pipeline: Pipeline): void {
  clearTimeout(pipeline.draftTimer);
  clearTimeout(pipeline.saveTimer);
}

/** Reads the open writing once per change: the list row and the local draft follow. */
function flushDraft(pipeline: Pipeline): WritingDraft | null {
  const { open } = pipeline;
  if (!open) return null;
  if (pipeline.draft && pipeline.draftedVersion === pipeline.version) return pipeline.draft;
  pipeline.draft = open.read();
  pipeline.draftedVersion = pipeline.version;
  pipeline.store.applyLocalEdit(open.id, pipeline.draft);
  return pipeline.draft;
}

/** Saves `first`, then whatever was queued behind it for the same writing, one at a time. */
async function runSaves(pipeline: Pipeline, first: SaveRequest): Promise<void> {
  const { store, queued } = pipeline;
  let request: SaveRequest | undefined = first;
  while (request) {
    const current: SaveRequest = request;
    const open = () => isOpen(pipeline, current.id);
    if (open()) setStatus(pipeline, { saving: true });
    try {
      const row = await pipeline.save(current);
      // A newer change (queued, or still in the editor) keeps the mark; it is saved next.
      const newer =
        queued.has(current.id) ||
        (open() &&
          (pipeline.draftedVersion !== pipeline.version || pipeline.draft?.content !== current.content));
      if (!newer) {
        store.markSaved(current.id, row, current.content);
        if (open()) setStatus(pipeline, { unsaved: false, error: null });
      } else if (open()) setStatus(pipeline, { error: null });
    } catch (error) {
      store.markUnsaved(current.id);
      if (open())
        setStatus(pipeline, {
          unsaved: true,
          error: saveErrorMessage(error, { online: pipeline.isOnline() }),
        });
    }
    request = queued.get(current.id);
    queued.delete(current.id);
  }
  pipeline.inFlight.delete(first.id);
  if (isOpen(pipeline, first.id)) setStatus(pipeline, { saving: false });
}

/** Sends `request`, or queues it behind the save in flight for the same writing (replacing an older queued one). */
function submit(pipeline: Pipeline, request: SaveRequest): Promise<void> {
  const running = pipeline.inFlight.get(request.id);
  if (running) {
    pipeline.queued.set(request.id, request);
    return running;
  }
  const chain = runSaves(pipeline, request);
  pipeline.inFlight.set(request.id, chain);
  return chain;
}

/** Saves the open writing at once when it has unsaved changes; resolves when the save settles. */
function saveNow(pipeline: Pipeline): Promise<void> {
  clearTimers(pipeline);
  const { open } = pipeline;
  if (!open || !pipeline.status.unsaved) return pipeline.inFlight.get(open?.id ?? '') ?? Promise.resolve();
  const current = flushDraft(pipeline);
  if (!current) return Promise.resolve();
  return submit(pipeline, { id: open.id, title: current.title, content: current.content });
}

/** Forgets the open writing and its pending timers. */
function forgetOpen(pipeline: Pipeline): void {
  clearTimers(pipeline);
  pipeline.open = null;
  pipeline.draft = null;
}

/**
 * The save pipeline of the editor. The keystroke path ({@link SaveController.changed}) only counts the
 * change, marks the writing unsaved once and restarts two timers: after 150 ms the document is read
 * once to update the list row and the local draft, after 750 ms it is saved. A save can also be asked
 * for at once (Cmd/Ctrl+S, the Save button, leaving the writing). One save is in flight per writing; a
 * newer change waits behind it and goes next, so there is never a double submit and never an older copy
 * saved over a newer one. A failure keeps the unsaved mark and the draft, and says why.
 */
export function createSaveController({
  save,
  store,
  isOnline = () => globalThis.navigator?.onLine ?? true,
  draftDelayMs = DRAFT_DELAY_MS,
  saveDelayMs = CONTENT_SAVE_DEBOUNCE_MS,
  autoSave = () => true,
}: SaveControllerOptions) {
  const pipeline: Pipeline = {
    save,
    store,
    isOnline,
    autoSave,
    inFlight: new Map(),
    queued: new Map(),
    listeners: new Set(),
    open: null,
    version: 0,
    draftedVersion: 0,
    draft: null,
    draftTimer: undefined,
    saveTimer: undefined,
    status: { unsaved: false, saving: false, error: null },
  };
  return {
    /** Starts tracking a writing opened in the editor. */
    open(writing: OpenWriting): void {
      clearTimers(pipeline);
      Object.assign(pipeline, { open: writing, version: 0, draftedVersion: 0, draft: null });
      pipeline.status = {
        unsaved: store.isUnsaved(writing.id),
        saving: isSaving(pipeline, writing.id),
        error: null,
      };
      for (const listener of pipeline.listeners) listener();
    },

    /**
     * The keystroke path: no serialisation here. Marks the writing unsaved (once) and restarts the
     * draft and save timers.
     */
    changed(): void {
      if (!pipeline.open) return;
      pipeline.version += 1;
      if (!pipeline.status.unsaved) {
        store.markUnsaved(pipeline.open.id);
        setStatus(pipeline, { unsaved: true });
      }
      clearTimers(pipeline);
      pipeline.draftTimer = setTimeout(() => flushDraft(pipeline), draftDelayMs);
      if (pipeline.autoSave()) pipeline.saveTimer = setTimeout(() => void saveNow(pipeline), saveDelayMs);
    },

    /** Saves the open writing at once when it has unsaved changes; resolves when the save settles. */
    saveNow: (): Promise<void> => saveNow(pipeline),

    /** The open writing's draft, read now, when it has unsaved changes; else null (what a closing page keeps). */
    unsavedDraft(): SaveRequest | null {
      const { open } = pipeline;
      if (!open || !pipeline.status.unsaved) return null;
      const draft = flushDraft(pipeline);
      return draft && { id: open.id, title: draft.title, content: draft.content };
    },

    /**
     * Stops tracking the open writing; unsaved changes are saved first (in the background: the draft
     * in the store keeps them if that fails).
     */
    close(): Promise<void> {
      const saving = saveNow(pipeline);
      forgetOpen(pipeline);
      return saving;
    },

    /** The open writing got its server id (it was made offline and has synced): later saves use it. */
    rename(from: string, to: string): void {
      if (pipeline.open?.id === from) pipeline.open = { ...pipeline.open, id: to };
    },

    /**
     * A queued save of the open writing went through in the background (the outbox synced it). The
     * mark and the failure go, unless the editor has changed since or the store still holds a newer draft.
     */
    synced(id: string): void {
      const { version, draftedVersion } = pipeline;
      if (!isOpen(pipeline, id) || isSaving(pipeline, id) || version !== draftedVersion) return;
      if (store.isUnsaved(id)) return;
      setStatus(pipeline, { unsaved: false, error: null });
    },

    /** The open writing as the editor shows it now (read afresh; the store is not told), or null. */
    shown: (): WritingDraft | null => pipeline.open?.read() ?? null,

    /** Drops the open writing's pending work without saving (it was deleted). */
    discard: (): void => forgetOpen(pipeline),

    getStatus: (): SaveStatus => pipeline.status,

    subscribe(listener: () => void): () => void {
      pipeline.listeners.add(listener);
      return () => pipeline.listeners.delete(listener);
    },
  };
}

/** The save pipeline of one editor pane. */
export type SaveController = ReturnType<typeof createSaveController>;
